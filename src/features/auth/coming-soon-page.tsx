import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { isSignedIn } from '../../../machines/session/session.selectors'
import { useSessionActor } from '../../app/session-context'
import { AuthCard, SignInInstead } from './auth-card'
import { BusyButton } from '../../components/busy-button'
import { LogOutButton } from '../../components/log-out-button'
import { serverFieldErrors } from '../../components/form-errors'
import { ProblemAlert } from '../../components/problem-alert'
import { useSessionBusy, useSessionProblem, useWaitingList } from '../../app/session-hooks'
import { CityCorrection } from './city-correction'
import { useSavingWaiting } from './sign-in-hooks'
import './auth.css'

/**
 * /coming-soon for a visitor who is not signed in (the route is public, seed §2): what the page
 * is for, and the way to find out whether we build in their city.
 */
function AnyCityComingSoon() {
  return (
    <AuthCard
      title="Coming soon to more cities"
      lede="PoolPath opens city by city. Tell us where your pool will be: if we build there you start designing at once, and if not yet you can join the waiting list and hear from us the day we open."
    >
      <p className="coming-soon-start">
        <Link to="/onboarding" className="button">
          Check your city
        </Link>
      </p>
      <SignInInstead />
    </AuthCard>
  )
}

/**
 * /coming-soon: a client whose city we do not build in yet. The page leads with the waiting
 * list (which tells us where to open next: the admin's marketing view counts it by city): where
 * the client stands first, then the button that joins or leaves it. Below it the client may correct the city, and goes on to the builder if we build there.
 */
export function ComingSoonPage() {
  const signedIn = useSelector(useSessionActor(), isSignedIn)
  return signedIn ? <ClientComingSoon /> : <AnyCityComingSoon />
}

function ClientComingSoon() {
  const actor = useSessionActor()
  const busy = useSessionBusy()
  const saving = useSavingWaiting()
  const problem = useSessionProblem()
  const { city, state, onWaiting } = useWaitingList()
  const place = city && state ? `${city}, ${state}` : city || 'your area'
  // Field errors are shown on the city form's fields, not again in a banner.
  const onFields = Object.keys(serverFieldErrors(problem)).length > 0
  const shownProblem = problem && !busy && !onFields ? problem : null

  return (
    <AuthCard
      title={`Coming soon to ${city || 'your area'}`}
      lede={`PoolPath does not build in ${place} yet. ${
        onWaiting
          ? 'We are growing city by city.'
          : 'Join the waiting list and we will email you the day we open there.'
      }`}
    >
      {shownProblem && <ProblemAlert problem={shownProblem} />}
      <div className="waiting-card">
        <p className="waiting-status" role="status">
          {onWaiting
            ? `You're on the waiting list — we'll email you when we open in ${city || 'your area'}.`
            : "You're not on the waiting list."}
        </p>
        <BusyButton
          type="button"
          variant={onWaiting ? 'secondary' : 'primary'}
          busy={saving}
          disabled={busy}
          busyLabel="Saving…"
          onClick={() => actor.send({ type: 'waiting.toggled' })}
        >
          {onWaiting ? 'Leave the waiting list' : 'Join the waiting list'}
        </BusyButton>
      </div>
      <CityCorrection city={city} state={state} busy={busy} problem={problem} />
      <div className="coming-soon-footer">
        <LogOutButton className="link-button" />
      </div>
    </AuthCard>
  )
}
