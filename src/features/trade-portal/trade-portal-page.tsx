import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense, useEffect } from 'react'
import { portalWithPorts } from '../../../machines/trade-portal/trade-portal.machine'
import type { TradePortalPorts } from '../../../machines/trade-portal/trade-portal.types'
import { FieldAlert } from '../../components/form/field-alert'
import { MainLandmark } from '../../components/main-landmark'
import { Spinner } from '../../components/spinner'
import { PortalSignIn } from './portal-sign-in'
import { PortalContext, usePortal, usePortalFailure, type PortalActor } from './use-portal'
import './trade-portal.css'

/** What a signed-in trade sees: a chunk of its own, as a link's first screen is the sign-in. */
const portalWork = () => import('./portal-work')
const SignedIn = lazy(() => portalWork().then(({ SignedIn }) => ({ default: SignedIn })))

/**
 * The trade portal at /t/{token} (PRODUCT.md §14): public and phone-first, without the app's
 * chrome. Its own actor runs it; `ports` are the trade calls the route gives it.
 */
export function TradePortalPage({ token, ports }: { token: string; ports: TradePortalPorts }) {
  const actor: PortalActor = useActorRef(portalWithPorts(ports), { input: { token } })
  // Fetched once the sign-in is on screen, so it is there when the code is.
  useEffect(() => void portalWork().catch(() => undefined), [])
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
      {phase === 'signedIn' ? (
        <Suspense fallback={<Spinner label="Opening the bid request" />}>
          <SignedIn ports={ports} />
        </Suspense>
      ) : (
        <PortalSignIn />
      )}
    </>
  )
}
