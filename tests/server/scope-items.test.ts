import { desc } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { AdminFetchData } from '../../contract'
import { StepScope } from '../../contract/bids'
import { auditLog } from '../../server/db/schema'
import { callRaw } from '../support/call'
import { expectProblem, snapshot } from '../support/http'
import { austinPerTest } from './client-kit'

const { t, admin, client } = austinPerTest()

const ownerScope = async () => {
  const res = await callRaw(t, 'scope', {}, client.headers)
  expect(res.statusCode, res.body).toBe(200)
  return z.array(StepScope).parse(res.json().Data)
}
const adminScope = async () =>
  AdminFetchData.parse((await callRaw(t, 'adminFetch', {}, admin)).json().Data).Scope
const edit = (step: string, items: unknown) =>
  callRaw(t, 'editScope', { step, body: { items } }, admin)
const itemsOf = (scope: StepScope[], step: string) =>
  scope.find((s) => s.step === step)?.items ?? []

describe('GET /api/scope and the admin fetch', () => {
  it('lists the ten licensed steps with the seeded items, in order, alike for both', async () => {
    const scope = await ownerScope()
    expect(scope.map((s) => s.step)).toEqual([
      'excavation',
      'steel',
      'plumbing',
      'electrical',
      'shotcrete',
      'tile',
      'decking',
      'extras',
      'interior',
      'pool-startup',
    ])
    expect(itemsOf(scope, 'excavation').map(({ text, share }) => [text, share])).toEqual([
      ['Haul-off of the soil', 15],
      ['Layout and grade stakes', 5],
      ['Over-dig for forms', 5],
      ['Site cleanup', 5],
    ])
    expect(await adminScope()).toEqual(scope)
  })
})

describe('PUT /api/admin/scope/edit/{step}', () => {
  it('keeps ids it is given, deletes the missing, adds the new, in order, and audits', async () => {
    const [haul, stakes] = itemsOf(await ownerScope(), 'excavation')
    const res = await edit('excavation', [
      { text: 'Rock removal', share: 10 },
      { id: stakes?.id, text: 'Grade stakes', share: 5 },
      { id: haul?.id, text: 'Haul-off', share: 20 },
    ])
    expect(res.statusCode, res.body).toBe(200)
    const answered = StepScope.parse(res.json().Data)
    expect(answered.step).toBe('excavation')
    expect(answered.items.map(({ text, share }) => [text, share])).toEqual([
      ['Rock removal', 10],
      ['Grade stakes', 5],
      ['Haul-off', 20],
    ])
    expect(answered.items[1]?.id).toBe(stakes?.id)
    expect(answered.items[2]?.id).toBe(haul?.id)
    expect(itemsOf(await ownerScope(), 'excavation')).toEqual(answered.items)
    expect(itemsOf(await adminScope(), 'excavation')).toEqual(answered.items)
    expect(itemsOf(await ownerScope(), 'steel')).toHaveLength(3)

    const [audit] = await t.app.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)
    expect(audit).toMatchObject({ action: 'edit', entity: 'scope', entityId: 'excavation' })
  })

  it('empties a step', async () => {
    const res = await edit('steel', [])
    expect(res.json()).toEqual({ Data: { step: 'steel', items: [] } })
    expect(itemsOf(await ownerScope(), 'steel')).toEqual([])
  })

  it('refuses shares adding up to more than 100 with a field message, changing nothing', async () => {
    const before = await snapshot(t)
    const problem = expectProblem(
      await edit('tile', [
        { text: 'Grout', share: 60 },
        { text: 'Sealer', share: 41 },
      ]),
      400,
      'VALIDATION_FAILED',
    )
    expect(problem.errors).toEqual({ items: ['The shares add up to more than 100%'] })
    expect(await snapshot(t)).toBe(before)
  })

  it.each([
    ['an empty text', [{ text: ' ', share: 1 }], 'items.0.text'],
    ['a share over 100', [{ text: 'All', share: 101 }], 'items.0.share'],
    ['a negative share', [{ text: 'Less', share: -1 }], 'items.0.share'],
    ['a part percent', [{ text: 'Half', share: 2.5 }], 'items.0.share'],
    ['21 items', Array.from({ length: 21 }, (_, i) => ({ text: `I${i}`, share: 0 })), 'items'],
  ])('refuses %s (400)', async (_, items, field) => {
    const problem = expectProblem(await edit('tile', items), 400, 'VALIDATION_FAILED')
    expect(Object.keys(problem.errors ?? {})).toContain(field)
  })

  it("refuses an id of another step's item, changing nothing", async () => {
    const [rebar] = itemsOf(await ownerScope(), 'steel')
    const before = await snapshot(t)
    const problem = expectProblem(
      await edit('excavation', [{ id: rebar?.id, text: 'Rebar', share: 5 }]),
      400,
      'VALIDATION_FAILED',
    )
    expect(Object.keys(problem.errors ?? {})).toEqual(['items.0.id'])
    expect(await snapshot(t)).toBe(before)
  })

  it('answers 404 for a step without scope items and for an unknown step', async () => {
    expectProblem(await edit('permits', []), 404, 'NOT_FOUND')
    expectProblem(await edit('diving-board', []), 404, 'NOT_FOUND')
  })

  it('answers 401 signed out and 403 to a client', async () => {
    const body = { items: [] }
    expectProblem(await callRaw(t, 'editScope', { step: 'steel', body }, {}), 401)
    expectProblem(await callRaw(t, 'editScope', { step: 'steel', body }, client.headers), 403)
  })
})
