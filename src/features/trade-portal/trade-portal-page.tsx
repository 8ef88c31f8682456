import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { portalWithPorts } from '../../../machines/trade-portal/trade-portal.machine'
import type { TradePortalPorts } from '../../../machines/trade-portal/trade-portal.types'
import { FieldAlert } from '../../components/form/field-alert'
import { MainLandmark } from '../../components/main-landmark'
import { Spinner } from '../../components/spinner'
import { dayIn } from '../../../contract/time-zones'
import { AwardPanel } from './award-panel'
import { BidForm, BidSent } from './bid-form'
import { BidPackage } from './bid-package'
import { DeclineForm } from './decline-form'
import { longDate } from './portal-format'
import { PortalMessages } from './portal-messages'
import { PortalSignIn } from './portal-sign-in'
import {
  AnswerFormContext,
  PortalContext,
  usePortal,
  usePortalFailure,
  type PortalActor,
} from './use-portal'
import './trade-portal.css'

/**
 * The trade portal at /t/{token} (PRODUCT.md §14): public and phone-first, without the app's
 * chrome. Its own actor runs it; `ports` are the trade calls the route gives it.
 */
export function TradePortalPage({ token, ports }: { token: string; ports: TradePortalPorts }) {
  const actor: PortalActor = useActorRef(portalWithPorts(ports), { input: { token } })
  return (
    <PortalContext.Provider value={actor}>
      <div className="portal">
        <header className="portal-brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>PoolPath</span>
          <span className="portal-brand-tag">Bid request</span>
        </header>
        <MainLandmark className="portal-main">
          <PortalBody ports={ports} />
        </MainLandmark>
      </div>
    </PortalContext.Provider>
  )
}

function PortalBody({ ports }: { ports: TradePortalPorts }) {
  const actor = usePortal()
  const phase = useSelector(actor, (s) =>
    s.matches('gone')
      ? 'gone'
      : s.matches('unavailable')
        ? 'unavailable'
        : s.matches('opening') || s.matches('resuming')
          ? 'loading'
          : s.matches('signedIn')
            ? 'signedIn'
            : 'signedOut',
  )
  const link = useSelector(actor, (s) => s.context.link)
  const failure = usePortalFailure('link')

  if (phase === 'gone')
    return (
      <section className="portal-card portal-gone">
        <h1 className="portal-title">This link no longer works</h1>
        <p>This bid request was withdrawn, replaced by a newer link, or has expired.</p>
        <p className="portal-muted">If you still want to bid, ask the owner for a new link.</p>
      </section>
    )
  if (phase === 'unavailable')
    return (
      <section className="portal-card">
        <h1 className="portal-title">Bid request</h1>
        <FieldAlert message={failure?.message}>
          {' '}
          <button
            type="button"
            className="button button-small button-secondary"
            onClick={() => actor.send({ type: 'portal.retried' })}
          >
            Try again
          </button>
        </FieldAlert>
      </section>
    )
  if (phase === 'loading' || !link)
    return (
      <div className="portal-loading">
        <h1 className="visually-hidden">Bid request</h1>
        <Spinner label="Opening the bid request" />
      </div>
    )
  return (
    <>
      <div className="portal-intro">
        <h1 className="portal-title">Bid request: {link.title}</h1>
        <p className="portal-owner">
          For {link.ownerName} in {link.city}
        </p>
      </div>
      {phase === 'signedIn' ? <SignedIn ports={ports} /> : <PortalSignIn />}
    </>
  )
}

function SignedIn({ ports }: { ports: TradePortalPorts }) {
  const actor = usePortal()
  const view = useSelector(actor, (s) => s.context.view)
  const signingOut = useSelector(actor, (s) => s.matches({ signedIn: 'signingOut' }))
  // Editing the bid sent at this moment: a newer bid closes the form.
  const [editing, setEditing] = useState<string | null>(null)
  // The project's day when the page opened: the server decides for good (409 BID_CLOSED).
  const [openedAt] = useState(() => new Date())
  // An answer's form open: its "Send" is the page's only one while it is.
  const [answering, setAnswering] = useState(false)
  if (!view) return null
  const { request, bid, award } = view
  const today = dayIn(openedAt, view.project.timeZone)
  const open = !award && today <= request.dueOn
  const showForm = open && (!bid || editing === bid.submittedAt)
  return (
    <AnswerFormContext.Provider value={setAnswering}>
      <p className="portal-due">
        {award ? 'Awarded' : `Bids close ${longDate(request.dueOn)}`}
        {request.status === 'declined' && ' · You declined this request'}
      </p>
      {award && <AwardPanel award={award} payments={view.payments} />}
      {!showForm && (
        <BidSent view={view} onChange={open && bid ? () => setEditing(bid.submittedAt) : null} />
      )}
      <BidPackage view={view} />
      {showForm && (
        <section className="portal-card">
          <BidForm view={view} />
          {request.status !== 'declined' && !bid && (
            <DeclineForm ownerName={view.project.ownerName} />
          )}
        </section>
      )}
      {!answering && <PortalMessages ports={ports} step={request.step} files={view.files} />}
      <p className="portal-foot">
        <button
          type="button"
          className="button button-ghost button-small"
          disabled={signingOut}
          onClick={() => actor.send({ type: 'trade.signedOut' })}
        >
          Sign out
        </button>
      </p>
    </AnswerFormContext.Provider>
  )
}
