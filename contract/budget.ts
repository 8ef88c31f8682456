import { PoolDesignChoices, StageChoices } from './choices'
import type { Engineer, NonStageEntry, PoolData, Stage, StageEntry } from './domain'
import { quantities, stageEstimate, type Quantities } from './estimator'
import { STEPS, type Step } from './steps'

/** One step of the build as the budget sees it. */
export type StepBudget = {
  route: string
  title: string
  /** The estimate in cents; null when it cannot be known yet (see `estimateNote`). */
  estimate: number | null
  /** Why there is no estimate, in words for the client. */
  estimateNote: string | null
  done: boolean
}

export type ProjectData = {
  stages: readonly Stage[]
  poolData: PoolData
  Engineers: readonly Engineer[]
}

export const SAVE_DESIGN_FIRST = 'Save your pool design to see an estimate'
/** The note of a step that has no price at all: the pool design is drawn here. */
export const NO_COST = 'Designing your pool here costs nothing'

/** The saved pool design, when there is a valid one. */
export function savedDesign(poolData: PoolData): PoolDesignChoices | null {
  const entry = poolData.nonStages.find((e) => e.Title === 'Pool Design')
  const parsed = PoolDesignChoices.safeParse(entry?.choices)
  return parsed.success ? parsed.data : null
}

/** The quantities every metered estimate is computed from; null until the design is saved. */
export function savedQuantities(poolData: PoolData): Quantities | null {
  const design = savedDesign(poolData)
  return design ? quantities(design) : null
}

/** The entry of a step: stages are keyed by StageId, the first three steps by Title. */
export function entryOf(step: Step, project: ProjectData): StageEntry | NonStageEntry | undefined {
  if (step.kind === 'non-stage') {
    return project.poolData.nonStages.find((e) => e.Title === step.title)
  }
  const stage = project.stages.find((s) => s.slug === step.route)
  return stage && project.poolData.poolChoices.find((e) => e.StageId === stage.id)
}

function nonStageEstimate(step: Step, project: ProjectData) {
  const { poolData, Engineers } = project
  if (step.title === 'Engineering') {
    const engineerId = poolData.nonStages.find((e) => e.Title === 'Engineering')?.choices.engineerId
    const engineer = Engineers.find((e) => e.id === engineerId)
    return engineer
      ? { estimate: engineer.fee, estimateNote: null }
      : { estimate: null, estimateNote: 'Choose an engineer to see an estimate' }
  }
  if (step.title === 'Permits') {
    return poolData.PermitFee === null
      ? { estimate: null, estimateNote: 'Your city has no permit fee on file yet' }
      : { estimate: poolData.PermitFee, estimateNote: null }
  }
  return { estimate: null, estimateNote: NO_COST }
}

function stageStepEstimate(step: Step, project: ProjectData, q: Quantities | null) {
  const stage = project.stages.find((s) => s.slug === step.route)
  if (!stage) return { estimate: null, estimateNote: 'This step has no price list yet' }
  const entry = project.poolData.poolChoices.find((e) => e.StageId === stage.id)
  const choices = StageChoices.safeParse(entry?.choices ?? {})
  const estimate = stageEstimate(stage.pricing, choices.success ? choices.data : undefined, q)
  return { estimate, estimateNote: estimate === null ? SAVE_DESIGN_FIRST : null }
}

/** Every step's estimate and done state, in construction order. */
export function projectBudget(project: ProjectData): StepBudget[] {
  const q = savedQuantities(project.poolData)
  return STEPS.map((step) => {
    const priced =
      step.kind === 'stage' ? stageStepEstimate(step, project, q) : nonStageEstimate(step, project)
    return {
      route: step.route,
      title: step.title,
      ...priced,
      done: entryOf(step, project)?.done ?? false,
    }
  })
}

/**
 * The whole estimate and the progress. Before the pool design is saved there is no whole
 * estimate (null): a sum of the few steps priced without it misleads. What the contracts commit
 * is the Money answer's (money-figures.ts), never a sum of the quotes here.
 */
export function budgetTotals(steps: readonly StepBudget[]) {
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
  return {
    estimate: steps.some((s) => s.estimateNote === SAVE_DESIGN_FIRST)
      ? null
      : sum(steps.map((s) => s.estimate ?? 0)),
    done: steps.filter((s) => s.done).length,
    total: steps.length,
  }
}
