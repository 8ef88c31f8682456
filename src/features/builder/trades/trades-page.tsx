import { useState } from 'react'
import { CSLB_LOOKUP_URL, type Trade } from '../../../../contract/trades'
import { Badge } from '../../../components/badge'
import { PhoneLink } from '../../../components/phone-link'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { Spinner } from '../../../components/spinner'
import { useFormCall } from '../use-form-call'
import { EditDeleteButtons } from '../edit-delete-buttons'
import { CallAlert } from './call-alert'
import { TradeDialog } from './trade-dialog'
import { LicenceFacts } from './licence-facts'
import { stepsText, warningBadge } from './trade-words'
import { useTrades } from './use-trades'
import './trades.css'

/** Which dialog is open: adding, editing or deleting one trade. */
type Open = { dialog: 'add' } | { dialog: 'edit' | 'delete'; trade: Trade } | null

/**
 * /builder/trades: the companies that do the work, with what the owner checked of their
 * licence, insurance and workers' comp, and what is missing or ending as badges.
 */
export function TradesPage() {
  const trades = useTrades()
  const [open, setOpen] = useState<Open>(null)
  const close = () => setOpen(null)
  return (
    <article className="trades-page">
      <header className="trades-header">
        <h1>Trades</h1>
        <button type="button" className="button" onClick={() => setOpen({ dialog: 'add' })}>
          Add trade
        </button>
      </header>
      <p className="trades-lead">
        Check each trade’s licence on the CSLB and keep their insurance and workers’ comp on record:
        in California, a homeowner who hires an unlicensed contractor can become that worker’s
        employer.
      </p>
      {trades.list ? (
        <TradeList
          trades={trades.list}
          onEdit={(trade) => setOpen({ dialog: 'edit', trade })}
          onDelete={(trade) => setOpen({ dialog: 'delete', trade })}
        />
      ) : trades.failed ? (
        <p className="field-error" role="alert">
          {trades.failed}{' '}
          <button type="button" className="button button-ghost button-small" onClick={trades.retry}>
            Try again
          </button>
        </p>
      ) : (
        <Spinner label="Loading the trades" />
      )}
      {open?.dialog === 'add' && <TradeDialog trade={null} onClose={close} />}
      {open?.dialog === 'edit' && <TradeDialog trade={open.trade} onClose={close} />}
      {open?.dialog === 'delete' && <DeleteTrade trade={open.trade} onClose={close} />}
    </article>
  )
}

type ListProps = {
  trades: Trade[]
  onEdit: (trade: Trade) => void
  onDelete: (trade: Trade) => void
}

function TradeList({ trades, onEdit, onDelete }: ListProps) {
  if (trades.length === 0)
    return (
      <div className="trades-empty">
        <p>No trades yet.</p>
        <p>
          A trade is a company you hire for a step of the build: the excavator, the plumber, the
          tile setter. Choose “Add trade” to record who they are, the steps they do, their licence
          and their insurance; PoolPath then tells you what is missing or about to end.
        </p>
      </div>
    )
  return (
    <ul className="trade-list">
      {trades.map((trade) => (
        <li key={trade.id} className="trade-card" aria-labelledby={`trade-${trade.id}`}>
          <h2 id={`trade-${trade.id}`}>{trade.company}</h2>
          <TradeFacts trade={trade} />
          {trade.warnings.length > 0 && (
            <ul className="trade-warnings" aria-label="Warnings">
              {trade.warnings.map((warning) => {
                const badge = warningBadge(warning, trade)
                return (
                  <li key={warning.code} title={warning.message}>
                    <Badge tone={badge.tone}>{badge.text}</Badge>
                  </li>
                )
              })}
            </ul>
          )}
          <div className="trade-actions">
            <EditDeleteButtons onEdit={() => onEdit(trade)} onDelete={() => onDelete(trade)} />
            <a href={CSLB_LOOKUP_URL} target="_blank" rel="noopener noreferrer">
              Look it up on the CSLB
            </a>
          </div>
        </li>
      ))}
    </ul>
  )
}

function TradeFacts({ trade }: { trade: Trade }) {
  return (
    <dl className="trade-facts">
      <div>
        <dt>Contact</dt>
        <dd>
          {trade.contact} · <a href={`mailto:${trade.email}`}>{trade.email}</a>
          {trade.phone && (
            <>
              {' · '}
              <PhoneLink phone={trade.phone} />
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>Steps</dt>
        <dd>{stepsText(trade.steps)}</dd>
      </div>
      <LicenceFacts trade={trade} />
    </dl>
  )
}

function DeleteTrade({ trade, onClose }: { trade: Trade; onClose: () => void }) {
  const call = useFormCall((c) => c.name === 'deleteTrade' && c.id === trade.id, onClose)
  return (
    <ConfirmDialog
      title="Delete this trade?"
      message={`${trade.company} will be deleted from your trades. Their certificates stay in Documents.`}
      confirmLabel="Delete trade"
      busyLabel="Deleting…"
      busy={call.busy}
      problem={<CallAlert failure={call.failure} />}
      onConfirm={() => call.run({ name: 'deleteTrade', id: trade.id })}
      onClose={onClose}
    />
  )
}
