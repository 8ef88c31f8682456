import { afterEach, beforeEach } from 'vitest'

/**
 * What every test of a file starts from, made afresh before each test (in the order the file
 * names them, so a later one may use an earlier one) and put away after it. The answer stands for
 * the current test's value: a file names it once at the top, instead of a `let` that a
 * beforeEach assigns. Use it for plain objects (an app, headers, a signed-in client).
 */
export function perTest<T extends object>(
  make: () => Promise<T>,
  putAway?: (value: T) => Promise<void>,
): T {
  let current: T | null = null
  beforeEach(async () => {
    current = await make()
  })
  afterEach(async () => {
    const done = current
    current = null
    if (done && putAway) await putAway(done)
  })
  const now = (): T => {
    if (!current) throw new Error('a per-test value is only there during a test')
    return current
  }
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(now(), key),
    has: (_, key) => Reflect.has(now(), key),
    ownKeys: () => Reflect.ownKeys(now()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(now(), key),
  })
}
