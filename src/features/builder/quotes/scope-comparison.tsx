import type { ScopeItem } from '../../../../contract/bids'
import type { StepSlug } from '../../../../contract/construction'
import type { Quote } from '../../../../contract/domain'
import { formatMoney } from '../../../lib/money'
import { useHeldList } from '../documents/use-documents'
import type { SnapshotFrom } from 'xstate'
import type { clientMachine } from '../../../../machines/client/client.machine'

const selectScope = (snapshot: SnapshotFrom<typeof clientMachine>) => snapshot.context.scope
const noFiles = () => []

/** The step's scope items, read (GET /api/scope) once a quote from a bid is shown. */
function useStepScope(step: StepSlug): readonly ScopeItem[] {
  const { list } = useHeldList('scope', selectScope, noFiles)
  return list?.find((entry) => entry.step === step)?.items ?? []
}

/** The step's scope comparison, shown once a quote carries scope items. */
export function LevelledComparison({ quotes, step }: { quotes: readonly Quote[]; step: StepSlug }) {
  const scope = useStepScope(step)
  return <ScopeComparison quotes={quotes} scope={scope} />
}

/**
 * What each bid includes, side by side (PRODUCT.md §14): a row per scope item of the step with
 * ✓ or ✗ per quote from a bid, and the totals levelled on that scope — what each bid would cost
 * with everything in it. Quotes without scope items have no column.
 */
export function ScopeComparison({
  quotes,
  scope,
}: {
  quotes: readonly Quote[]
  scope: readonly ScopeItem[]
}) {
  const bids = quotes.filter((quote) => quote.items !== null)
  if (bids.length === 0 || scope.length === 0) return null
  const included = (quote: Quote, item: ScopeItem) =>
    quote.items?.find((entry) => entry.itemId === item.id)?.included ?? false
  return (
    <div className="compare-wrap">
      <table className="compare-table scope-table">
        <caption>What each bid includes</caption>
        <thead>
          <tr>
            <th scope="col">Scope item</th>
            <th scope="col">Share</th>
            {bids.map((quote) => (
              <th scope="col" key={quote.id}>
                {quote.vendor}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {scope.map((item) => (
            <tr key={item.id}>
              <th scope="row">{item.text}</th>
              <td data-label="Share">{item.share}%</td>
              {bids.map((quote) => (
                <td key={quote.id} data-label={quote.vendor}>
                  {included(quote, item) ? (
                    <span className="scope-in" aria-label="Included" role="img">
                      ✓
                    </span>
                  ) : (
                    <span className="scope-out" aria-label="Not included" role="img">
                      ✗
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Levelled total</th>
            <td data-label="Share">{scope.reduce((sum, item) => sum + item.share, 0)}%</td>
            {bids.map((quote) => (
              <td key={quote.id} data-label={quote.vendor} className="money">
                {quote.levelled === null ? '—' : formatMoney(quote.levelled)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
