import { useCallback, useEffect, useState } from 'react'
import type { Stage } from '../../../contract/domain'

export type LoadStages = (signal: AbortSignal) => Promise<Stage[]>

export type StagesState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; stages: Stage[] }

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong.'

/** Loads the stages once per attempt; `retry` starts a new attempt after a failure. */
export function useStages(load: LoadStages): { state: StagesState; retry: () => void } {
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<StagesState>({ status: 'loading' })

  useEffect(() => {
    const controller = new AbortController()
    load(controller.signal).then(
      (stages) => setState({ status: 'ready', stages }),
      (error: unknown) => {
        // An aborted call belongs to an unmounted screen or a superseded attempt.
        if (!controller.signal.aborted) {
          setState({ status: 'failed', message: messageOf(error) })
        }
      },
    )
    return () => controller.abort()
  }, [load, attempt])

  const retry = useCallback(() => {
    setState({ status: 'loading' })
    setAttempt((n) => n + 1)
  }, [])

  return { state, retry }
}
