import { beforeEach, describe, expect, it } from 'vitest'
import { Stage, StagesData } from '../../contract'
import { auditLog } from '../../server/db/schema'
import { appPerTest } from '../support/build'
import { adminPerTest, expectProblem, snapshot } from '../support/http'
import { callRaw } from '../support/call'

const t = appPerTest()
const admin = adminPerTest(t)
let stages: Stage[]
beforeEach(async () => {
  stages = await publicStages()
})

/** GET /api, as every visitor and client loads it (through the stage cache). */
async function publicStages(): Promise<Stage[]> {
  const res = await callRaw(t, 'stages')
  expect(res.statusCode).toBe(200)
  return StagesData.parse(res.json().Data)
}

const first = () => {
  const stage = stages[0]
  if (!stage) throw new Error('no seeded stage')
  return stage
}

describe('PUT /api/admin/stages/edit/{id}', () => {
  it("changes a stage's pricing, which GET /api serves at once, and records it", async () => {
    const stage = first()
    const pricing = {
      ...stage.pricing,
      base: stage.pricing.base + 100,
      options: [{ key: 'clay', label: 'Clay soil', multiplier: 1.2 }],
    }
    const res = await callRaw(t, 'editStage', { id: stage.id, body: { pricing } }, admin.headers)
    expect(res.statusCode, res.body).toBe(200)
    expect(Stage.parse(res.json().Data)).toEqual({ ...stage, pricing })
    expect((await publicStages())[0]?.pricing).toEqual(pricing)
    const [entry] = await t.app.db.select().from(auditLog)
    expect(entry).toMatchObject({ action: 'edit', entity: 'stage', entityId: stage.id })
    expect(entry?.before).toEqual(stage.pricing)
    expect(entry?.after).toEqual(pricing)
  })

  it('names what is wrong with a price list, and changes nothing', async () => {
    const stage = first()
    const before = await snapshot(t)
    const bad = {
      pricing: {
        base: -5,
        unit: 'dig_yd3',
        unitPrice: 1,
        options: [
          { key: 'a', label: 'A', multiplier: 1 },
          { key: 'a', label: 'A again', multiplier: 1 },
        ],
      },
    }
    const res = await callRaw(t, 'editStage', { id: stage.id, body: bad }, admin.headers)
    const problem = expectProblem(res, 400, 'VALIDATION_FAILED')
    expect(Object.keys(problem.errors ?? {})).toContain('pricing.base')
    const none = { pricing: { ...stage.pricing, unit: 'flat', options: [] } }
    const empty = expectProblem(
      await callRaw(t, 'editStage', { id: stage.id, body: none }, admin.headers),
      400,
    )
    expect(Object.keys(empty.errors ?? {})).toEqual(['pricing.options'])
    expect(await snapshot(t)).toBe(before)
    expect(await publicStages()).toEqual(stages)
  })
})

describe('PUT /api/admin/tips/edit/{id}', () => {
  it("rewrites a stage's tip, which GET /api serves at once, and records it", async () => {
    const { designTip } = first()
    const text = 'Ask for the soil report first.'
    const res = await callRaw(t, 'editTip', { id: designTip.id, body: { text } }, admin.headers)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().Data).toEqual({ ...designTip, text })
    expect((await publicStages())[0]?.designTip.text).toBe(text)
    const [entry] = await t.app.db.select().from(auditLog)
    expect(entry).toMatchObject({ entity: 'design_tip', entityId: designTip.id })
    expect(entry?.before).toEqual(designTip)
    expect(entry?.after).toEqual({ ...designTip, text })
  })

  it('refuses an empty or oversized tip, and a stage id for a tip id', async () => {
    const stage = first()
    const before = await snapshot(t)
    const { id } = stage.designTip
    for (const text of ['   ', 'x'.repeat(2001)]) {
      const problem = expectProblem(
        await callRaw(t, 'editTip', { id, body: { text } }, admin.headers),
        400,
      )
      expect(Object.keys(problem.errors ?? {})).toEqual(['text'])
    }
    expectProblem(
      await callRaw(t, 'editTip', { id: stage.id, body: { text: 'Hi' } }, admin.headers),
      404,
      'NOT_FOUND',
    )
    expect(await snapshot(t)).toBe(before)
  })
})
