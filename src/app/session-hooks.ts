import { shallowEqual, useSelector } from '@xstate/react'
import type { SnapshotFrom } from 'xstate'
import type { sessionMachine } from '../../machines/session/session.machine'
import { useSessionActor } from './session-context'

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

// Each selector returns a primitive or a context reference that only changes when the machine
// assigns it, so a screen re-renders for what it shows and nothing else.
const selectBusy = (snapshot: SessionSnapshot) => snapshot.hasTag('busy')
const selectProblem = (snapshot: SessionSnapshot) => snapshot.context.problem
const selectEmail = (snapshot: SessionSnapshot) => snapshot.context.email
const selectDraft = (snapshot: SessionSnapshot) => snapshot.context.onboarding
const selectVerifying = (snapshot: SessionSnapshot) => snapshot.matches('verifying')
const selectSavingWaiting = (snapshot: SessionSnapshot) =>
  snapshot.matches({ signedIn: { view: { comingSoon: 'saving' } } })
const selectNeedsAccount = (snapshot: SessionSnapshot) =>
  snapshot.matches({ loggedOut: 'needsAccount' })

/** The client's place and waiting-list choice; empty for an admin or before sign-in. */
const selectWaiting = (snapshot: SessionSnapshot) => {
  const user = snapshot.context.userData
  if (!user || !('city' in user)) return { city: '', state: '', onWaiting: false }
  return { city: user.city, state: user.state, onWaiting: user.onWaiting }
}

/** The signed-in client's name and address (for printouts); null for an admin. */
const selectClient = (snapshot: SessionSnapshot) => {
  const user = snapshot.context.userData
  return user && 'address' in user ? user : null
}

/** A request to the API is in flight: buttons that would start another one are disabled. */
export const useSessionBusy = () => useSelector(useSessionActor(), selectBusy)
/** The code is being checked (as opposed to another request, e.g. a resend). */
export const useSessionVerifying = () => useSelector(useSessionActor(), selectVerifying)
/** The waiting-list choice is being saved. */
export const useSavingWaiting = () => useSelector(useSessionActor(), selectSavingWaiting)
/** The last failure the session met, for the screen to explain. */
export const useSessionProblem = () => useSelector(useSessionActor(), selectProblem)
/** Where the code was (or is to be) sent. */
export const useSessionEmail = () => useSelector(useSessionActor(), selectEmail)
/** The onboarding details sent with the last code request, to fill the form again. */
export const useOnboardingDraft = () => useSelector(useSessionActor(), selectDraft)
/** Verify answered ACCOUNT_NOT_FOUND: the visitor was sent to onboarding with the email kept. */
export const useNeedsAccount = () => useSelector(useSessionActor(), selectNeedsAccount)
// A fresh object per snapshot: compared field by field so it does not re-render each time.
export const useWaitingList = () => useSelector(useSessionActor(), selectWaiting, shallowEqual)

export const useClientProfile = () => useSelector(useSessionActor(), selectClient)
