import { useToday } from '../../../app/clock'
import type { Timeline } from '../../../../contract/timeline'

/**
 * The project's today: the day it is where the pool is built, never later than the server's
 * today (which refuses a result dated after it). The timeline's own `today` is the server's as it
 * answered; the app's clock says whether that day has come here yet.
 */
export function useProjectToday(timeline: Pick<Timeline, 'today'> | null): string | null {
  const here = useToday()()
  if (!timeline) return null
  return here < timeline.today ? here : timeline.today
}
