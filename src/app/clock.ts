import { useSelector } from '@xstate/react'
import type { SnapshotFrom } from 'xstate'
import { DEFAULT_TIME_ZONE, dayIn, zoneOfState } from '../../contract/time-zones'
import type { Now } from '../../machines/ports'
import type { sessionMachine } from '../../machines/session/session.machine'
import { useSessionActor } from './session-context'

const selectNow = (snapshot: SnapshotFrom<typeof sessionMachine>) => snapshot.context.now

/**
 * The app's one clock, as the session was given it (the wall clock in the app, a simulated one
 * in tests): screens read the time from it, never from Date, so they agree with the machines.
 */
export const useNow = (): Now => useSelector(useSessionActor(), selectNow)

/** The zone of the signed-in client's project: its city's (its state's in a session stored before). */
const selectZone = (snapshot: SnapshotFrom<typeof sessionMachine>) => {
  const user = snapshot.context.userData
  if (!user || !('state' in user)) return DEFAULT_TIME_ZONE
  return user.timeZone ?? zoneOfState(user.state)
}

/**
 * Today in the signed-in client's project, read when called: the day of the app's clock in its
 * city's time zone, the day the server counts the project's dates from.
 */
export function useToday(): () => string {
  const now = useNow()
  const zone = useSelector(useSessionActor(), selectZone)
  return () => dayIn(new Date(now()), zone)
}
