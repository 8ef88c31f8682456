/**
 * The inspection gate on marking a step done (PRODUCT.md §9): the server refuses it with 409
 * INSPECTION_REQUIRED until the gate has passed, and a step page shows the same rule before the
 * client tries.
 */
import { INSPECTIONS, type Inspection, type StepSlug } from './construction'
import { stepTitle } from './scheduling'
import type { InspectionStatus } from './timeline'

/** The inspection that must have passed before `step` is marked done, if one gates it. */
export const gateOf = (step: string): Inspection | undefined =>
  INSPECTIONS.find((i) => i.gates === step)

/**
 * The inspection that keeps `step` from being marked done, where the inspections stand now: its
 * gate until that has passed (the server's write checks the same in its statement).
 */
export function doneHeldBy(
  step: string,
  inspections: readonly { slug: string; status: InspectionStatus }[],
): Inspection | null {
  const gate = gateOf(step)
  if (!gate) return null
  const passed = inspections.some((i) => i.slug === gate.slug && i.status === 'passed')
  return passed ? null : gate
}

/** The refusal's detail, e.g. "Excavation can be marked done once the Layout inspection has passed." */
export const gateRefusal = (step: StepSlug, gate: Pick<Inspection, 'title'>) =>
  `${stepTitle(step)} can be marked done once the ${gate.title} has passed.`
