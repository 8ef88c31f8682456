import { useEffect, useRef, useState } from 'react'
import { toProblem } from '../../../machines/session/session.machine'
import type { SessionProblem } from '../../../machines/session/session.types'

/** The validate call of the API port: is this city served? */
export type ValidateAvailability = (
  place: { city: string; state: string },
  signal?: AbortSignal,
) => Promise<{ Flag: boolean }>

export type Availability =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'known'; served: boolean; city: string; state: string }
  | { status: 'failed'; problem: SessionProblem }

/**
 * Asks the API whether a city is served. The check is a preview, not part of the session, so
 * it lives in the page; a newer check, an edit of the place or leaving the page cancels the
 * one in flight so that a late answer never describes a place no longer on screen.
 */
export function useAvailability(validate: ValidateAvailability) {
  const [availability, setAvailability] = useState<Availability>({ status: 'idle' })
  const inFlight = useRef<AbortController | null>(null)

  useEffect(() => () => inFlight.current?.abort(), [])

  const check = async (place: { city: string; state: string }) => {
    inFlight.current?.abort()
    const controller = new AbortController()
    inFlight.current = controller
    setAvailability({ status: 'checking' })
    try {
      const { Flag } = await validate(place, controller.signal)
      if (!controller.signal.aborted) setAvailability({ status: 'known', served: Flag, ...place })
    } catch (error) {
      if (!controller.signal.aborted)
        setAvailability({ status: 'failed', problem: toProblem(error) })
    }
  }

  const reset = () => {
    inFlight.current?.abort()
    setAvailability({ status: 'idle' })
  }

  return { availability, check, reset }
}
