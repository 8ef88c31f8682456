import { shallowEqual, useSelector } from '@xstate/react'
import type { SnapshotFrom } from 'xstate'
import type { sessionMachine } from '../../machines/session/session.machine'
import { useSessionActor } from './session-context'

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

// Each selector returns a primitive or a context reference that only changes when the machine
// assigns it, so a screen re-renders for what it shows and nothing else.
const selectBusy = (snapshot: SessionSnapshot) => snapshot.hasTag('busy')
const selectProblem = (snapshot: SessionSnapshot) => snapshot.context.problem

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
/** The last failure the session met, for the screen to explain. */
export const useSessionProblem = () => useSelector(useSessionActor(), selectProblem)
// A fresh object per snapshot: compared field by field so it does not re-render each time.
export const useWaitingList = () => useSelector(useSessionActor(), selectWaiting, shallowEqual)

export const useClientProfile = () => useSelector(useSessionActor(), selectClient)
