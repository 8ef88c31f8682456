import type { Trade } from '../../../../contract/trades'
import { formatDate } from '../timeline-dates'
import { licenceText } from './trade-words'

/** A trade's licence and insurance, as two facts of a <dl>. */
export function LicenceFacts({
  trade,
}: {
  trade: Pick<Trade, 'licence'> & { insurance: { expiresOn: string | null } }
}) {
  return (
    <>
      <div>
        <dt>Licence</dt>
        <dd>{licenceText(trade)}</dd>
      </div>
      <div>
        <dt>Insurance expires</dt>
        <dd>
          {trade.insurance.expiresOn ? formatDate(trade.insurance.expiresOn) : 'Not recorded'}
        </dd>
      </div>
    </>
  )
}
