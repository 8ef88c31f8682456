import { useSelector } from '@xstate/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { AnyActorRef, SnapshotFrom, Subscription } from 'xstate'
import type {
  AdminActor,
  AdminCall,
  AdminMachineContext,
  adminMachine,
} from '../../../machines/admin/admin.machine'
import type { sessionMachine } from '../../../machines/session/session.machine'
import { useSessionActor } from '../../app/session-context'
import type { FormCall } from '../../components/form/form-call'

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>
type AdminSnapshot = SnapshotFrom<typeof adminMachine>

// The session spawns the admin data actor with the id (and systemId) 'admin'; its children are
// typed as one ref over every child's snapshot, so the id is what tells them apart.
const isAdminActor = (child: AnyActorRef | undefined): child is AdminActor => child?.id === 'admin'

const selectAdminActor = (snapshot: SessionSnapshot): AdminActor | null => {
  const child = snapshot.children.admin
  return isAdminActor(child) ? child : null
}

/** The admin data actor of the signed-in admin; null for the moment before it is spawned. */
export const useAdminActor = () => useSelector(useSessionActor(), selectAdminActor)

/**
 * One narrow piece of the admin state. `select` must return something the machine assigns
 * (a list, a field), not a new object, or the screen re-renders on every snapshot.
 */
export function useAdminState<T>(actor: AdminActor, select: (context: AdminMachineContext) => T) {
  return useSelector(actor, (snapshot: AdminSnapshot) => select(snapshot.context))
}

const selectBusy = (snapshot: AdminSnapshot) => snapshot.hasTag('busy')
const selectFailure = (snapshot: AdminSnapshot) => snapshot.context.failure
const selectFetching = (snapshot: AdminSnapshot) => snapshot.hasTag('fetching')

/** The admin writes: whether one is in flight, the last refusal, and how to ask for one. */
export function useAdminWrites(actor: AdminActor) {
  const busy = useSelector(actor, selectBusy)
  const failure = useSelector(actor, selectFailure)
  const request = useAdminRequest(actor)
  const dismiss = useCallback(() => actor.send({ type: 'admin.failureDismissed' }), [actor])
  return { busy, failure, request, dismiss }
}

/** Whether a fetch runs now (the Refresh button waits for it). */
export const useAdminFetching = (actor: AdminActor) => useSelector(actor, selectFetching)

/**
 * Sends a write and calls `onSuccess` once the actor has applied it (a dialog then closes); on a
 * refusal nothing is called and the failure, which names this call, stays in the actor's context.
 */
export function useAdminRequest(actor: AdminActor) {
  const watching = useRef<Subscription | null>(null)
  useEffect(() => () => watching.current?.unsubscribe(), [])
  return useCallback(
    (call: AdminCall, onSuccess?: () => void) => {
      actor.send({ type: 'admin.callRequested', call })
      // Another write was still running: this one was ignored.
      if (actor.getSnapshot().context.pending !== call || !onSuccess) return
      watching.current?.unsubscribe()
      const subscription = actor.subscribe((snapshot) => {
        if (snapshot.context.pending === call) return
        subscription.unsubscribe()
        if (snapshot.context.failure?.call !== call) onSuccess()
      })
      watching.current = subscription
    },
    [actor],
  )
}

/**
 * The admin actor as one form's call (see useContractForm): `onDone` once the actor has applied
 * it (a dialog closes), and only the refusal of the call this form sent.
 */
export function useAdminFormCall(actor: AdminActor, onDone: () => void): FormCall<AdminCall> {
  const { busy, failure, request } = useAdminWrites(actor)
  const [sent, setSent] = useState<AdminCall | null>(null)
  const run = (call: AdminCall) => {
    setSent(call)
    request(call, onDone)
  }
  return { run, busy, failure: failure && failure.call === sent ? failure : null }
}
