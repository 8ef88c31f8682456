import { useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import type { AnyActorRef, SnapshotFrom, Subscription } from 'xstate'
import type { ProjectsActor, projectsMachine } from '../../../machines/projects/projects.machine'
import type {
  EnterQuoteCall,
  ProjectsMachineContext,
} from '../../../machines/projects/projects.types'
import type { sessionMachine } from '../../../machines/session/session.machine'
import { useSessionActor } from '../../app/session-context'
import type { FormCall } from '../../components/form/form-call'

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>
type ProjectsSnapshot = SnapshotFrom<typeof projectsMachine>

// The session spawns the projects actor with the id 'projects' for a MANAGER and an ADMIN.
const isProjectsActor = (child: AnyActorRef | undefined): child is ProjectsActor =>
  child?.id === 'projects'

const selectProjectsActor = (snapshot: SessionSnapshot): ProjectsActor | null => {
  const child = snapshot.children.projects
  return isProjectsActor(child) ? child : null
}

/** The Projects' actor of the signed-in manager or admin; null before it is spawned. */
export const useProjectsActor = () => useSelector(useSessionActor(), selectProjectsActor)

const selectManager = (snapshot: SessionSnapshot) => snapshot.context.role === 'MANAGER'

/** Whether the signed-in account is a project manager (it enters bids; an admin only reads). */
export const useIsManager = () => useSelector(useSessionActor(), selectManager)

/**
 * One narrow piece of the projects state. `select` must return something the machine assigns,
 * not a new object, or the screen re-renders on every snapshot.
 */
export const useProjectsState = <T>(
  actor: ProjectsActor,
  select: (context: ProjectsMachineContext) => T,
) => useSelector(actor, (snapshot: ProjectsSnapshot) => select(snapshot.context))

export const useProjectsTag = (
  actor: ProjectsActor,
  tag: 'loadingList' | 'loadingProject' | 'busy',
) => useSelector(actor, (snapshot: ProjectsSnapshot) => snapshot.hasTag(tag))

/**
 * The projects actor as the bid form's call: `onDone` once the bid is saved (the dialog closes),
 * and the refusal of the bid this form sent, with its messages by field.
 */
export function useEnterQuoteCall(
  actor: ProjectsActor,
  onDone: () => void,
): FormCall<EnterQuoteCall> {
  const busy = useProjectsTag(actor, 'busy')
  const failure = useProjectsState(actor, (c) => c.failure)
  const [sent, setSent] = useState<EnterQuoteCall | null>(null)
  const watching = useRef<Subscription | null>(null)
  useEffect(() => () => watching.current?.unsubscribe(), [])
  const run = (call: EnterQuoteCall) => {
    setSent(call)
    actor.send({ type: 'quote.entered', call })
    if (actor.getSnapshot().context.pending !== call) return
    watching.current?.unsubscribe()
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.context.pending === call) return
      subscription.unsubscribe()
      if (snapshot.context.failure?.call !== call) onDone()
    })
    watching.current = subscription
  }
  return { run, busy, failure: failure && failure.call === sent ? failure : null }
}
