import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import {
  BID_STATUS_LABELS,
  OPEN_BID_STATUSES,
  type BidRequest,
  type BidRequestStatus,
} from '../../../../contract/bids'
import type { StepSlug } from '../../../../contract/construction'
import { isLicensedStep } from '../../../../contract/trades'
import { Badge, type BadgeTone } from '../../../components/badge'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { FieldAlert } from '../../../components/form/field-alert'
import { Spinner } from '../../../components/spinner'
import { stepTitle } from '../documents/document-words'
import { formatDate } from '../timeline-dates'
import { useFormCall } from '../use-form-call'
import { useTimeline } from '../use-timeline'
import { useTrades } from '../trades/use-trades'
import { DateProposals } from './date-proposals'
import { RequestBidsDialog } from './request-bids-dialog'
import { useFreshStep, useStepBids } from './use-bids'
import './bids.css'

const TONES: Record<BidRequestStatus, BadgeTone> = {
  sent: 'info',
  viewed: 'info',
  submitted: 'success',
  declined: 'warning',
  withdrawn: 'neutral',
  expired: 'neutral',
}

const sentFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' })

const isOpen = (request: BidRequest) => OPEN_BID_STATUSES.includes(request.status)

/**
 * A step page's "Bids" (PRODUCT.md §14, §19), on licensed steps: the trades asked to bid, how
 * each answered, and "Request bids". Every step page reads its quotes and bids afresh when it
 * opens and when the tab comes back, so it is placed on all of them.
 */
export function BidsSection({ step }: { step: StepSlug }) {
  useFreshStep(step)
  return isLicensedStep(step) ? <Bids step={step} /> : null
}

function Bids({ step }: { step: StepSlug }) {
  const bids = useStepBids(step)
  const trades = useTrades()
  const proposals = useTimeline()?.proposals.filter((p) => p.step === step) ?? []
  const [open, setOpen] = useState<'request' | BidRequest | null>(null)
  const close = () => setOpen(null)
  const title = stepTitle(step)
  // The trades' own page says why they could not be read; here the bids show without them.
  const ofStep = trades.failed
    ? []
    : (trades.list?.filter((trade) => trade.steps.includes(step)) ?? null)
  const asked = new Set(bids.list?.filter(isOpen).map((request) => request.tradeId))
  return (
    <section className="step-card bids-card" aria-labelledby="step-bids-title">
      <div className="bids-header">
        <h2 id="step-bids-title">Bids</h2>
        <button
          type="button"
          className="button button-secondary"
          disabled={ofStep === null}
          onClick={() => setOpen('request')}
        >
          Request bids
        </button>
      </div>
      <DateProposals proposals={proposals} />
      {bids.list && ofStep ? (
        <RequestList
          requests={bids.list}
          tradeCount={trades.failed ? null : ofStep.length}
          onWithdraw={setOpen}
        />
      ) : bids.failed ? (
        <FieldAlert message={bids.failed}>
          {' '}
          <button type="button" className="button button-ghost button-small" onClick={bids.retry}>
            Try again
          </button>
        </FieldAlert>
      ) : (
        <Spinner label="Loading the bids" />
      )}
      {open === 'request' && ofStep && (
        <RequestBidsDialog
          step={step}
          title={title}
          trades={ofStep}
          asked={asked}
          onClose={close}
        />
      )}
      {open !== null && open !== 'request' && <Withdraw request={open} onClose={close} />}
    </section>
  )
}

type ListProps = {
  requests: BidRequest[]
  /** How many of the client's trades do the step; null when they could not be read. */
  tradeCount: number | null
  onWithdraw: (request: BidRequest) => void
}

function RequestList({ requests, tradeCount, onWithdraw }: ListProps) {
  if (requests.length > 0)
    return (
      <ul className="bids-list">
        {requests.map((request) => (
          <RequestItem key={request.id} request={request} onWithdraw={onWithdraw} />
        ))}
      </ul>
    )
  return tradeCount === 0 ? (
    <p className="bids-empty">
      No trades for this step yet. <AddTrade /> to ask them for bids.
    </p>
  ) : (
    <p className="bids-empty">
      No bids asked for yet. “Request bids” emails your trades a link to see the job and bid.
    </p>
  )
}

const AddTrade = () => (
  <Link to="/builder/$page" params={{ page: 'trades' }}>
    Add a trade
  </Link>
)

function RequestItem({
  request,
  onWithdraw,
}: {
  request: BidRequest
  onWithdraw: ListProps['onWithdraw']
}) {
  const resend = useFormCall((c) => c.name === 'resendBidRequest' && c.id === request.id)
  const titleId = `bid-${request.id}`
  return (
    <li className="bids-item" aria-labelledby={titleId}>
      <div className="bids-item-head">
        <h3 id={titleId}>{request.company}</h3>
        <Badge tone={TONES[request.status]}>{BID_STATUS_LABELS[request.status]}</Badge>
      </div>
      <p className="bids-dates">
        Sent {sentFormat.format(new Date(request.sentAt))} · Due {formatDate(request.dueOn)}
      </p>
      {request.status === 'declined' && request.declineReason && (
        <p className="bids-reason">“{request.declineReason}”</p>
      )}
      <FieldAlert message={resend.failure?.message} />
      {isOpen(request) && (
        <div className="bids-actions">
          <button
            type="button"
            className="button button-secondary button-small"
            aria-busy={resend.busy || undefined}
            disabled={resend.blocked}
            onClick={() => resend.run({ name: 'resendBidRequest', id: request.id })}
          >
            Resend
          </button>
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => onWithdraw(request)}
          >
            Withdraw
          </button>
        </div>
      )}
    </li>
  )
}

function Withdraw({ request, onClose }: { request: BidRequest; onClose: () => void }) {
  const call = useFormCall((c) => c.name === 'withdrawBidRequest' && c.id === request.id, onClose)
  return (
    <ConfirmDialog
      title="Withdraw this request?"
      message={`${request.company}’s link will stop working, and they can no longer bid on it.`}
      confirmLabel="Withdraw request"
      busyLabel="Withdrawing…"
      busy={call.busy}
      problem={<FieldAlert message={call.failure?.message} />}
      onConfirm={() => call.run({ name: 'withdrawBidRequest', id: request.id })}
      onClose={onClose}
    />
  )
}
