import { useEffect, useState } from 'react'
import { useNow } from '../../app/clock'

/**
 * Seconds left before an action may be repeated. The count is taken from a deadline rather
 * than by counting ticks, so a throttled background tab still ends on time.
 */
export function useCooldown(seconds: number) {
  const now = useNow()
  const [deadline, setDeadline] = useState<number | null>(null)
  const [secondsLeft, setSecondsLeft] = useState(0)

  useEffect(() => {
    if (deadline === null) return
    const tick = () => {
      const left = Math.ceil((deadline - now()) / 1000)
      setSecondsLeft(Math.max(0, left))
      if (left <= 0) setDeadline(null)
    }
    const timer = setInterval(tick, 250)
    return () => clearInterval(timer)
  }, [deadline, now])

  const start = () => {
    setDeadline(now() + seconds * 1000)
    setSecondsLeft(seconds)
  }

  return { secondsLeft, coolingDown: secondsLeft > 0, start }
}
