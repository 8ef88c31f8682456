import { useMemo } from 'react'
import type { NonStageEntry, Stage, StageEntry } from '../../../../contract/domain'
import { NON_STAGES } from '../../../../contract/non-stages'
import { STEPS, type Step } from '../../../../contract/steps'
import { entryOf, projectBudget, type StepBudget } from '../../../../contract/budget'
import { useProject, type Project } from '../use-project'

/** How the API names a step's entry: stages by StageId, the first three steps by Title. */
export type EntryKey = { StageId: string } | { Title: NonStageEntry['Title'] }

export type StepView = {
  step: Step
  /** The stage's price list and tip; undefined for the three non-stage steps. */
  stage: Stage | undefined
  entry: StageEntry | NonStageEntry | undefined
  budget: StepBudget
  /** The body fields naming this step's entry, and its value (for matching calls). */
  key: EntryKey
  keyValue: string
  /** The step's advice: a stage's design tip, or a non-stage's fixed description. */
  tip: string
  project: Project
}

function viewOf(step: Step, project: Project): StepView | null {
  const budget = projectBudget(project).find((b) => b.route === step.route)
  if (!budget) return null
  const entry = entryOf(step, project)
  if (step.kind === 'non-stage') {
    const tip = NON_STAGES.find((n) => n.title === step.title)?.description ?? ''
    const key = { Title: step.title }
    return { step, stage: undefined, entry, budget, key, keyValue: step.title, tip, project }
  }
  const stage = project.stages.find((s) => s.slug === step.route)
  if (!stage) return null
  const key = { StageId: stage.id }
  const tip = stage.designTip.text
  return { step, stage, entry, budget, key, keyValue: stage.id, tip, project }
}

/** One step with its entry, estimate and key; null for a route that is no step. */
export function useStep(route: string): StepView | null {
  const project = useProject()
  return useMemo(() => {
    const step = STEPS.find((s) => s.route === route)
    return step ? viewOf(step, project) : null
  }, [route, project])
}
