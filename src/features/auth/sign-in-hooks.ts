import { useSelector } from '@xstate/react'
import type { SnapshotFrom } from 'xstate'
import type { sessionMachine } from '../../../machines/session/session.machine'
import { useSessionActor } from '../../app/session-context'

/**
 * What only the sign-in screens after /login read of the session. Kept out of the app's
 * session-hooks.ts so that it loads with those screens, not with the landing page.
 */
type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

const selectEmail = (snapshot: SessionSnapshot) => snapshot.context.email
const selectDraft = (snapshot: SessionSnapshot) => snapshot.context.onboarding
const selectVerifying = (snapshot: SessionSnapshot) => snapshot.matches('verifying')
const selectNeedsAccount = (snapshot: SessionSnapshot) =>
  snapshot.matches({ loggedOut: 'needsAccount' })
const selectSavingWaiting = (snapshot: SessionSnapshot) =>
  snapshot.matches({ signedIn: { view: { comingSoon: 'saving' } } })
const selectMoving = (snapshot: SessionSnapshot) =>
  snapshot.matches({ signedIn: { view: { comingSoon: 'moving' } } })

/** Where the code was (or is to be) sent. */
export const useSessionEmail = () => useSelector(useSessionActor(), selectEmail)
/** The onboarding details sent with the last code request, to fill the form again. */
export const useOnboardingDraft = () => useSelector(useSessionActor(), selectDraft)
/** The code is being checked (as opposed to another request, e.g. a resend). */
export const useSessionVerifying = () => useSelector(useSessionActor(), selectVerifying)
/**
 * Verify found no account for the email it proved: onboarding creates one with the verified
 * temp token, no second code (while the details are filled in, and while they are sent).
 */
export const useNeedsAccount = () => useSelector(useSessionActor(), selectNeedsAccount)
/** The waiting-list choice is being saved. */
export const useSavingWaiting = () => useSelector(useSessionActor(), selectSavingWaiting)
/** The client's corrected city is being saved. */
export const useSavingCity = () => useSelector(useSessionActor(), selectMoving)
