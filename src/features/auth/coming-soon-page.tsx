import { useSessionActor } from '../../app/session-context'
import { AuthCard } from './auth-card'
import { BusyButton } from '../../components/busy-button'
import { LogOutButton } from '../../components/log-out-button'
import { ProblemAlert } from '../../components/problem-alert'
import {
  useSavingWaiting,
  useSessionBusy,
  useSessionProblem,
  useWaitingList,
} from '../../app/session-hooks'

/**
 * /coming-soon: a client whose city we do not build in yet. Joining the waiting list tells us
 * where to open next (the admin's marketing view counts it by city).
 */
export function ComingSoonPage() {
  const actor = useSessionActor()
  const busy = useSessionBusy()
  const saving = useSavingWaiting()
  const problem = useSessionProblem()
  const { city, state, onWaiting } = useWaitingList()
  const place = city && state ? `${city}, ${state}` : city || 'your area'

  return (
    <AuthCard
      title={`Coming soon to ${city || 'your area'}`}
      lede={`PoolPath does not build in ${place} yet. We are growing city by city.`}
    >
      {problem && <ProblemAlert problem={problem} />}
      <div className="waiting-card">
        <p className="waiting-status" role="status">
          {onWaiting
            ? `You're on the waiting list — we'll email you when we open in ${city || 'your area'}.`
            : "You're not on the waiting list."}
        </p>
        {!onWaiting && (
          <p className="auth-note">
            Join the waiting list and we will email you as soon as we open in {place}.
          </p>
        )}
        <div className="auth-actions">
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
          <LogOutButton />
        </div>
      </div>
    </AuthCard>
  )
}
