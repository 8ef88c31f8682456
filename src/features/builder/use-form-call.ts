import { useState } from 'react'
import type { ClientCall } from '../../../machines/client/client.machine'
import { useClientCalls } from './use-client'

/**
 * One form's call (money, the daily log, a warranty, a file): `run` sends it, `busy` while this
 * form's call is in flight, `failure` when the last refusal was this form's, and `onDone` once
 * the call it sent went through (a dialog closes then; a refusal keeps what was typed).
 */
export function useFormCall(mine: (call: ClientCall) => boolean, onDone: () => void) {
  const calls = useClientCalls()
  const [sent, setSent] = useState(false)
  const busy = calls.pending !== null && mine(calls.pending)
  const failure = calls.failure && mine(calls.failure.call) ? calls.failure : null
  if (sent && !busy) {
    setSent(false)
    if (!failure) onDone()
  }
  const run = (call: ClientCall) => {
    calls.run(call)
    setSent(true)
  }
  return { run, busy, failure, blocked: calls.pending !== null }
}
