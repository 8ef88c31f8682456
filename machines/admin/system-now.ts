/**
 * "Now" by the actor system's clock. XState's Clock interface only schedules timeouts, but a
 * SimulatedClock also tells the time (`now()`), so under test the recorded times follow
 * `clock.increment`. A clock without `now` (the default one) means wall time.
 */
export function systemNow(system: { _clock: unknown }): number {
  const clock = system._clock
  if (typeof clock === 'object' && clock !== null && 'now' in clock) {
    const { now } = clock
    if (typeof now === 'function') {
      const time: unknown = now.call(clock)
      if (typeof time === 'number') return time
    }
  }
  return Date.now()
}
