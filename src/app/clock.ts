import { useSelector } from '@xstate/react'
import type { SnapshotFrom } from 'xstate'
import type { Now } from '../../machines/ports'
import type { sessionMachine } from '../../machines/session/session.machine'
import { useSessionActor } from './session-context'

const selectNow = (snapshot: SnapshotFrom<typeof sessionMachine>) => snapshot.context.now

/**
 * The app's one clock, as the session was given it (the wall clock in the app, a simulated one
 * in tests): screens read the time from it, never from Date, so they agree with the machines.
 */
export const useNow = (): Now => useSelector(useSessionActor(), selectNow)
