import { useEffect, useRef, useState } from 'react'
import type { ClientCall, ClientWrite } from '../../../machines/client/client.machine'
import { useClientCalls } from './use-client'

/**
 * One form's call (money, the daily log, a warranty, a file): `run` sends it, `busy` while this
 * form's call is in flight or queued, `failure` when the last refusal was this form's, `blocked`
 * while another write is out (the form waits rather than queue behind it), and `onDone` once
 * the call it sent went through (a dialog closes then; a refusal keeps what was typed).
 */
export function useFormCall(mine: (call: ClientCall) => boolean, onDone?: () => void) {
  const calls = useClientCalls()
  const [phase, setPhase] = useState<'idle' | 'sent' | 'done'>('idle')
  // Sent: in flight, or waiting for the write before it.
  const busy = [calls.pending, ...calls.queued].some((call) => call !== null && mine(call))
  const failure = calls.failure && mine(calls.failure.call) ? calls.failure : null
  if (phase === 'sent' && !busy) setPhase(failure ? 'idle' : 'done')
  // Once per call, after the render: onDone updates the page that holds this form (a dialog's
  // owner closes it), which React refuses while this form is rendering.
  const reported = useRef(false)
  useEffect(() => {
    if (phase !== 'done' || reported.current) return
    reported.current = true
    onDone?.()
  }, [phase, onDone])
  const run = (call: ClientWrite) => {
    calls.run(call)
    reported.current = false
    setPhase('sent')
  }
  return { run, busy, failure, blocked: calls.pending !== null }
}
