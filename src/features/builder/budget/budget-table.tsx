import { MoneyDifference } from '../../../components/money-difference'
import { formatMoney } from '../../../lib/money'
import { budgetTotals, type StepBudget } from '../../../../contract/budget'
import type { Money } from '../../../../contract/money'
import { moneyFigures, stepDifference } from '../../../../contract/money-figures'
import { MissingEstimate } from './missing-estimate'

const amount = (cents: number | null, empty: string) =>
  cents === null ? empty : formatMoney(cents)

const difference = (cents: number | null) =>
  cents === null ? '—' : <MoneyDifference cents={cents} />

/** A step's estimate, or the words for its missing amount. */
const Estimate = ({ step, cents }: { step: StepBudget; cents: number | null }) =>
  cents === null ? <MissingEstimate step={step} /> : formatMoney(cents)

/** The figures' column headers; on a phone each row is a card and they label its figures. */
const LABEL = { estimate: 'Estimate', committed: 'Committed', difference: 'Difference' }

/**
 * The budget's numbers, one row per step: the chart's accessible twin and the printed summary.
 * The estimates, committed costs and differences are the Money answer's, as on the figures
 * above and in the sidebar; until it arrives, the steps' own estimates and no contract figures.
 */
export function BudgetTable({
  budget,
  money,
}: {
  budget: readonly StepBudget[]
  money: Money | null
}) {
  const totals = budgetTotals(budget)
  const figures = money && moneyFigures(money)
  const anyContract = figures !== null && figures.contracts > 0
  return (
    <div className="budget-table-wrap">
      <table className="budget-table">
        <caption className="visually-hidden">Estimate and committed cost by step</caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">{LABEL.estimate}</th>
            <th scope="col">{LABEL.committed}</th>
            <th scope="col">{LABEL.difference}</th>
            <th scope="col">Done</th>
          </tr>
        </thead>
        <tbody>
          {budget.map((step) => {
            const held = money?.steps.find((s) => s.step === step.route)
            return (
              <tr key={step.route}>
                <th scope="row">{step.title}</th>
                <td data-label={LABEL.estimate}>
                  <Estimate step={step} cents={held ? held.estimate : step.estimate} />
                </td>
                <td data-label={LABEL.committed}>
                  {amount(held?.contract ? held.committed : null, '—')}
                </td>
                <td data-label={LABEL.difference}>
                  {difference(held ? stepDifference(held) : null)}
                </td>
                <td className={step.done ? 'budget-done' : 'budget-done budget-not-done'}>
                  {step.done ? 'Done' : '—'}
                </td>
              </tr>
            )
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td data-label={LABEL.estimate}>
              {amount(figures ? figures.estimate : totals.estimate, 'After your pool design')}
            </td>
            <td data-label={LABEL.committed}>
              {anyContract ? formatMoney(figures.committed) : '—'}
            </td>
            <td data-label={LABEL.difference}>
              {difference(anyContract ? figures.difference : null)}
            </td>
            <td className="budget-done">
              {totals.done} of {totals.total}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
