import { NO_COST, type StepBudget } from '../../../../contract/budget'

/**
 * What stands for a step's estimate when it has no amount, in the table and on the chart alike:
 * a step that costs nothing says so, another waits for what it needs.
 */
export function MissingEstimate({ step }: { step: StepBudget }) {
  return step.estimateNote === NO_COST ? (
    'No cost'
  ) : (
    <span className="budget-missing">Not yet estimated</span>
  )
}
