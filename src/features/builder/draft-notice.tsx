import { useLoaderData } from '@tanstack/react-router'
import { STEPS } from '../../../contract/steps'
import type { ClientCall } from '../../../machines/client/client.machine'
import { useClient } from './use-client'

const selectReplayed = (snapshot: { context: { replayed: ClientCall | null } }) =>
  snapshot.context.replayed

/** The step a call changed, by the entry its body names: a Title, or a stage's StageId. */
function stepTitle(call: ClientCall, stages: readonly { id: string; slug: string }[]) {
  const body: unknown = 'body' in call ? call.body : null
  const title: unknown = Reflect.get(Object(body), 'Title')
  if (typeof title === 'string') return title
  const slug = stages.find((stage) => stage.id === Reflect.get(Object(body), 'StageId'))?.slug
  return STEPS.find((step) => step.route === slug)?.title ?? null
}

/** After signing in again: the edit the ended session interrupted was saved. */
export function DraftNotice() {
  const replayed = useClient(selectReplayed)
  const stages = useLoaderData({ from: '/builder' })
  if (!replayed) return null
  const title = stepTitle(replayed, stages)
  return (
    <p role="status" className="notice notice-info">
      {title ? `Your change to ${title}` : 'Your change'} was saved after you signed in again.
    </p>
  )
}
