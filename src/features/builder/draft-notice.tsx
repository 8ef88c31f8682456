import { useLoaderData } from '@tanstack/react-router'
import { useState } from 'react'
import { STEPS } from '../../../contract/steps'
import type { CallFailure, ClientCall } from '../../../machines/client/client.machine'
import { useClient } from './use-client'

const selectReplayed = (snapshot: { context: { replayed: ClientCall | null } }) =>
  snapshot.context.replayed
const selectRefused = (snapshot: { context: { draftRefused: CallFailure | null } }) =>
  snapshot.context.draftRefused

/**
 * The step a call changed, by what its body names: a Title, a stage's StageId, or the step
 * (a log entry, a warranty).
 */
function stepTitle(call: ClientCall, stages: readonly { id: string; slug: string }[]) {
  const body: unknown = 'body' in call ? call.body : null
  const title: unknown = Reflect.get(Object(body), 'Title')
  if (typeof title === 'string') return title
  const slug =
    stages.find((stage) => stage.id === Reflect.get(Object(body), 'StageId'))?.slug ??
    Reflect.get(Object(body), 'step')
  return STEPS.find((step) => step.route === slug)?.title ?? null
}

/**
 * After signing in again: the edit the ended session interrupted was saved, or it was refused
 * and is lost (said as an alert, with why), until dismissed.
 */
export function DraftNotice() {
  const replayed = useClient(selectReplayed)
  const refused = useClient(selectRefused)
  const stages = useLoaderData({ from: '/builder' })
  const [dismissed, setDismissed] = useState<ClientCall | null>(null)
  const call = refused?.call ?? replayed
  if (!call || call === dismissed) return null
  const title = stepTitle(call, stages)
  const change = title ? `Your change to ${title}` : 'Your change'
  return (
    <div className={`notice ${refused ? 'notice-error' : 'notice-info'} draft-notice`}>
      {refused ? (
        <p role="alert">
          {change} was not saved after you signed in again: {refused.message}
        </p>
      ) : (
        <p role="status">{change} was saved after you signed in again.</p>
      )}
      <button type="button" className="button button-ghost" onClick={() => setDismissed(call)}>
        Dismiss
      </button>
    </div>
  )
}
