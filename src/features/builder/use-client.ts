import { useSelector } from '@xstate/react'
import { useCallback } from 'react'
import type { SnapshotFrom } from 'xstate'
import type {
  CallFailure,
  ClientActor,
  ClientCall,
  ClientWrite,
  clientMachine,
} from '../../../machines/client/client.machine'
import type { sessionMachine } from '../../../machines/session/session.machine'
import { useSessionActor } from '../../app/session-context'

type ClientSnapshot = SnapshotFrom<typeof clientMachine>
type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

const selectClientActor = (snapshot: SessionSnapshot) => snapshot.children.client

/**
 * The signed-in client's actor, or null for the moment between logging out (which stops it) and
 * the router leaving the builder. The layout waits for it; the pages below only render with it.
 */
export const useOptionalClientActor = (): ClientActor | null =>
  useSelector(useSessionActor(), selectClientActor) ?? null

/** The signed-in client's actor; the builder's pages only render while one runs. */
export function useClientActor(): ClientActor {
  const actor = useOptionalClientActor()
  if (!actor) throw new Error('The builder was rendered without a client session')
  return actor
}

/** Reads one narrow slice of the client's state; re-renders only when that slice changes. */
export function useClient<T>(
  selector: (snapshot: ClientSnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(useClientActor(), selector, compare)
}

const selectPending = (snapshot: ClientSnapshot) => snapshot.context.pending
const selectQueued = (snapshot: ClientSnapshot) => snapshot.context.queued
const selectFailure = (snapshot: ClientSnapshot) => snapshot.context.failure

/**
 * Running client calls from a screen: `run` sends one to the actor, `pending` is the call in
 * flight, `queued` those waiting for it (the actor runs them in turn), `failure` the last refusal.
 */
export function useClientCalls() {
  const actor = useClientActor()
  const pending = useSelector(actor, selectPending)
  const queued = useSelector(actor, selectQueued)
  const failure = useSelector(actor, selectFailure)
  const run = useCallback(
    (call: ClientWrite) => actor.send({ type: 'client.callRequested', call }),
    [actor],
  )
  const dismiss = useCallback(() => actor.send({ type: 'client.failureDismissed' }), [actor])
  return { run, pending, queued, failure, dismiss }
}

/** Whether a call is this one: same name and, when it has one, the same entry key. */
export function isCallFor(
  call: ClientCall | null,
  name: ClientCall['name'],
  key?: string,
): boolean {
  if (!call || call.name !== name) return false
  if (key === undefined || !('body' in call)) return true
  const body = call.body as { StageId?: string; Title?: string }
  return body.StageId === key || body.Title === key
}

/** The server's message for one field of a refused call ("choices.lengthFt" → "lengthFt"). */
export function fieldError(failure: CallFailure | null, ...names: string[]): string | undefined {
  if (!failure) return undefined
  for (const name of names) {
    const messages = failure.fields[name] ?? failure.fields[`choices.${name}`]
    if (messages?.[0]) return messages[0]
  }
  return undefined
}

/**
 * The calls of one kind on one entry: whether one is in flight or waiting its turn (`busy`), and
 * the failure when the last refused call was this one, so each form shows only its own errors.
 */
export function useCallFor(name: ClientCall['name'], key?: string) {
  const calls = useClientCalls()
  const failure = isCallFor(calls.failure?.call ?? null, name, key) ? calls.failure : null
  const busy = [calls.pending, ...calls.queued].some((call) => isCallFor(call, name, key))
  return { ...calls, failure, busy }
}
