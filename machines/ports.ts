/**
 * The time in milliseconds since the epoch, from the one clock the app gives its machines: the
 * wall clock in the app, a SimulatedClock's `now()` in tests. Timers run on the actor system's
 * clock, so timestamps and timers agree only if both come from the same place.
 */
export type Now = () => number
