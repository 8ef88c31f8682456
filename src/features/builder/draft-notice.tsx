import { useLoaderData } from '@tanstack/react-router'
import { useState } from 'react'
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

/** After signing in again: the edit the ended session interrupted was saved, until dismissed. */
export function DraftNotice() {
  const replayed = useClient(selectReplayed)
  const stages = useLoaderData({ from: '/builder' })
  const [dismissed, setDismissed] = useState<ClientCall | null>(null)
  if (!replayed || replayed === dismissed) return null
  const title = stepTitle(replayed, stages)
  return (
    <div className="notice notice-info draft-notice">
      <p role="status">
        {title ? `Your change to ${title}` : 'Your change'} was saved after you signed in again.
      </p>
      <button type="button" className="button button-ghost" onClick={() => setDismissed(replayed)}>
        Dismiss
      </button>
    </div>
  )
}
