/**
 * The time in milliseconds since the epoch, from the one clock the app gives its machines: the
 * wall clock in the app, a SimulatedClock's `now()` in tests. Timers run on the actor system's
 * clock, so timestamps and timers agree only if both come from the same place.
 */
export type Now = () => number

/**
 * The body of an effect's default when the app must provide the effect, such as saving to
 * storage. In development and in tests a machine that was not given it throws, so a forgotten
 * `.provide` shows at once; a production build stays quiet rather than end a session over
 * storage.
 */
export function unprovided(name: string): void {
  if (import.meta.env?.DEV) throw new Error(`${name} not provided`)
}

/**
 * Actor logic that arrives after the machine spawning it was made, such as the role machines,
 * downloaded after /login's first screen. `get` answers the logic once it is there; whatever
 * spawns it reads it then, so the logic is itself, methods bound to it. Spawning it before
 * `get` has it is the composition root's bug, and throws in every build.
 */
export function lateLogic<T extends object>(
  name: string,
  get: () => T | undefined = () => undefined,
): T {
  const logic = (): T => {
    const loaded = get()
    if (!loaded) throw new Error(`${name} is not loaded`)
    return loaded
  }
  return new Proxy({} as T, {
    get: (_, key) => {
      const value: unknown = Reflect.get(logic(), key)
      return typeof value === 'function' ? value.bind(logic()) : value
    },
  })
}
