import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultDraws } from '../../contract/money-rules'
import { rowsOf } from '../../server/db/driver/client'
import { defaultDrawsOf } from '../../server/plugins/app/money/contracts'
import { build, type TestApp } from '../support/build'

let t: TestApp
beforeAll(async () => {
  t = await build()
})
afterAll(() => t.app.close())

type DrawRow = { amount: number; position: number; label: string; drawn: number; due: string }

describe('the default plan a statement signs', () => {
  it('is defaultDraws for every amount, its deposit rounded and capped alike', async () => {
    // Deposits of half a cent (5, 15, 25 …), the cap's edges, none at all (1 to 4), and a spread.
    const amounts = [
      1, 4, 5, 14, 15, 25, 35, 12_345, 999_994, 999_995, 1_000_000, 1_000_004, 1_000_005, 1_000_015,
      2_147_483_647,
    ]
    for (let amount = 7; amount < 5_000_000; amount = Math.floor(amount * 1.37) + 3)
      amounts.push(amount)
    const rows = await rowsOf<DrawRow>(
      t.app.db,
      sql`select a.amount, d.position, d.label, d.amount as drawn, d.due
        from unnest(${`{${amounts.join(',')}}`}::integer[]) a (amount),
          lateral (${defaultDrawsOf(sql`a.amount`)}) d
        order by a.amount, d.position`,
    )
    const planned = (amount: number) =>
      rows
        .filter((row) => row.amount === amount)
        .map((row) => ({
          position: row.position,
          label: row.label,
          amount: row.drawn,
          due: row.due,
        }))
    for (const amount of amounts)
      expect(planned(amount), `${amount}`).toEqual(
        defaultDraws(amount).map((draw, position) => ({ position, ...draw })),
      )
  })
})
