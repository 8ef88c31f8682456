import { describe, expect, it } from 'vitest'
import {
  budgetTotals,
  entryOf,
  NO_COST,
  projectBudget,
  SAVE_DESIGN_FIRST,
  savedDesign,
  savedQuantities,
  type ProjectData,
} from '../../contract/budget'
import type { Stage } from '../../contract/domain'
import { quantities, REFERENCE_POOL } from '../../contract/estimator'
import { STEPS } from '../../contract/steps'
import { emptyPoolData, engineer, nonStageEntry, stage, stageEntry } from '../machines/fixtures'
import { withRockOption } from './kit'

/** Excavation at $500 flat; steel $200 plus $1 a foot of perimeter. */
const excavation = stage(1)
const steel: Stage = {
  ...stage(2, 20_000),
  slug: 'steel',
  pricing: { ...stage(2).pricing, base: 20_000, unit: 'perimeter_ft', unitPrice: 100 },
}
const design = { ...nonStageEntry('Pool Design'), choices: { ...REFERENCE_POOL } }

function project(change: Partial<ProjectData['poolData']> = {}): ProjectData {
  return {
    stages: [excavation, steel],
    poolData: emptyPoolData(change),
    Engineers: [engineer(9)],
  }
}

function step(route: string) {
  const found = STEPS.find((s) => s.route === route)
  if (!found) throw new Error(`No step ${route}`)
  return found
}

const budgetOf = (data: ProjectData) =>
  Object.fromEntries(projectBudget(data).map(({ route, ...step }) => [route, step]))

describe("a project's budget", () => {
  it('waits for the saved design before a metered step, and prices a flat one without it', () => {
    const budget = budgetOf(project())
    expect(budget.excavation).toEqual({
      title: 'Excavation',
      estimate: 50_000,
      estimateNote: null,
      done: false,
    })
    expect(budget.steel).toMatchObject({ estimate: null, estimateNote: SAVE_DESIGN_FIRST })
    expect(budget['pool-design']).toMatchObject({ estimate: null, estimateNote: NO_COST })
    expect(budgetTotals(projectBudget(project())).estimate).toBeNull()
  })

  it('prices a metered step from the saved design', () => {
    const perimeter = quantities(REFERENCE_POOL).perimeterFt
    expect(savedDesign(project({ nonStages: [design] }).poolData)).toEqual(REFERENCE_POOL)
    expect(savedQuantities(project({ nonStages: [design] }).poolData)?.perimeterFt).toBe(perimeter)
    expect(budgetOf(project({ nonStages: [design] })).steel).toMatchObject({
      estimate: Math.round(20_000 + 100 * perimeter),
      estimateNote: null,
    })
  })

  it('has no design from another step, nor an invalid one', () => {
    const other = { ...nonStageEntry('Engineering'), choices: { ...REFERENCE_POOL } }
    expect(savedDesign(project({ nonStages: [other] }).poolData)).toBeNull()
    expect(savedQuantities(project().poolData)).toBeNull()
    const broken = { ...design, choices: { shape: 'rectangle' } }
    expect(savedDesign(project({ nonStages: [broken] }).poolData)).toBeNull()
  })

  it("prices engineering by the chosen engineer's fee, and permits by the city's fee", () => {
    expect(budgetOf(project()).engineering).toMatchObject({
      estimate: null,
      estimateNote: 'Choose an engineer to see an estimate',
    })
    const chosen = { ...nonStageEntry('Engineering'), choices: { engineerId: engineer(9).id } }
    expect(budgetOf(project({ nonStages: [chosen] })).engineering).toMatchObject({
      estimate: 150_000,
      estimateNote: null,
    })
    expect(budgetOf(project()).permits).toMatchObject({ estimate: 45_000, estimateNote: null })
    expect(budgetOf(project({ PermitFee: null })).permits).toMatchObject({
      estimate: null,
      estimateNote: 'Your city has no permit fee on file yet',
    })
  })

  it('says when a step has no price list, and takes the chosen option of one that has', () => {
    expect(budgetOf({ ...project(), stages: [] }).excavation).toMatchObject({
      estimate: null,
      estimateNote: 'This step has no price list yet',
    })
    const twice = withRockOption(excavation)
    const rock = { ...stageEntry(1), choices: { option: 'rock' } }
    expect(
      budgetOf({ ...project({ poolChoices: [rock] }), stages: [twice, steel] }).excavation,
    ).toMatchObject({ estimate: 100_000 })
  })

  it("finds each step's entry: a stage by its id, the first steps by title", () => {
    const excavationDone = stageEntry(1, true)
    const data = project({
      poolChoices: [stageEntry(2), excavationDone],
      nonStages: [nonStageEntry('Engineering'), nonStageEntry('Permits', true)],
    })
    expect(entryOf(step('excavation'), data)).toBe(excavationDone)
    expect(entryOf(step('steel'), data)).toBe(data.poolData.poolChoices[0])
    expect(entryOf(step('permits'), data)).toBe(data.poolData.nonStages[1])
    expect(entryOf(step('engineering'), data)).toBe(data.poolData.nonStages[0])
    expect(entryOf(step('pool-design'), data)).toBeUndefined()
    expect(entryOf(step('excavation'), { ...data, stages: [] })).toBeUndefined()
    const budget = budgetOf(data)
    expect([budget.excavation?.done, budget.permits?.done, budget.steel?.done]).toEqual([
      true,
      true,
      false,
    ])
  })

  it('adds the estimates up, with the steps done and the steps in all', () => {
    const data = project({
      nonStages: [design, nonStageEntry('Permits', true)],
      poolChoices: [stageEntry(1, true)],
    })
    const steps = projectBudget(data)
    const expected = steps.reduce((total, step) => total + (step.estimate ?? 0), 0)
    expect(expected).toBeGreaterThan(50_000 + 45_000)
    expect(budgetTotals(steps)).toEqual({ estimate: expected, done: 2, total: STEPS.length })
  })
})
