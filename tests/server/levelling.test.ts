import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PRICING,
  quantities,
  REFERENCE_POOL,
  stageEstimate,
} from '../../contract/estimator'
import { quotes } from '../../server/db/schema'
import { call, callRaw } from '../support/call'
import { signIn } from '../support/http'
import { austinPerTest, entryOf } from './client-kit'
import { keyOf } from './money-kit'

const { t, client } = austinPerTest()

const addQuote = async (body: Record<string, unknown>) =>
  entryOf(await callRaw(t, 'addQuote', { body }, client.headers))

describe('a quote levelled on its step’s scope', () => {
  it('is its amount plus the excluded items’ shares of the estimate, in every answer', async () => {
    const design = { body: { Title: 'Pool Design', choices: REFERENCE_POOL } }
    expect((await callRaw(t, 'editPool', design, client.headers)).statusCode).toBe(200)
    const key = await keyOf(t, 'excavation')
    const [bid] = (await addQuote({ ...key, vendor: 'Dig Co', amount: 800_000 })).quotes
    expect(bid?.levelled).toBeNull()

    const scope = (await t.app.scopeItems.list()).find((s) => s.step === 'excavation')
    const [haulOff, stakes] = scope?.items ?? []
    if (!bid || !haulOff || !stakes) throw new Error('no seeded scope')
    const items = [
      { itemId: haulOff.id, included: false },
      { itemId: stakes.id, included: true },
    ]
    await t.app.db.update(quotes).set({ items }).where(eq(quotes.id, bid.id))
    const estimate =
      stageEstimate(DEFAULT_PRICING.excavation, undefined, quantities(REFERENCE_POOL)) ?? 0
    expect(estimate).toBeGreaterThan(0)
    // Haul-off, left out, stands for 15 % of the estimate.
    const levelled = 800_000 + Math.round((estimate * 15) / 100)

    const answer = await addQuote({ ...key, vendor: 'Other Co', amount: 900_000 })
    expect(answer.quotes.map((q) => q.levelled)).toEqual([levelled, null])

    const { session } = await signIn(t, 'c@example.com')
    const entry = session.poolData?.poolChoices.find((e) => e.StageId === key.StageId)
    expect(entry?.quotes.map((q) => q.levelled)).toEqual([levelled, null])
    // A step page's read of the pool data levels them as the sign-in does.
    expect(await call(t, 'poolData', {}, client.headers)).toEqual(session.poolData)
  })
})
