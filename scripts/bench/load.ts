import autocannon from 'autocannon'

export type Target = {
  label: string
  origin: string
  path: string
  connections: number
  headers?: Record<string, string>
  /** Seconds without an answer before autocannon counts a request as an error (default 10). */
  timeoutSeconds?: number
  /** A custom request sequence (each connection loops over it); plain GETs of `path` otherwise. */
  request?: () => autocannon.Request
  /** Runs before each load run, e.g. to put sessions back in order after the previous one. */
  prepare?: () => Promise<void>
  /**
   * A run of this many requests instead of a number of seconds: a run that must end before it
   * uses up what it writes into (add-quote's room under the 5-quote limit).
   */
  requests?: number
}

export type Measured = { target: Target; result: autocannon.Result }

export async function runLoad(target: Target, seconds: number): Promise<autocannon.Result> {
  await target.prepare?.()
  return autocannon({
    url: target.origin + target.path,
    connections: target.connections,
    pipelining: 1,
    ...(target.requests ? { amount: target.requests } : { duration: seconds }),
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.timeoutSeconds ? { timeout: target.timeoutSeconds } : {}),
    ...(target.request ? { requests: [target.request()] } : {}),
  })
}

/** A warm-up whose numbers are thrown away (JIT, caches, connection pools), then the run. */
export async function measure(
  target: Target,
  seconds: { warmUp: number; run: number },
  progress: (line: string) => void,
): Promise<Measured> {
  progress(`warming up ${target.label} for ${seconds.warmUp} s`)
  await runLoad(target, seconds.warmUp)
  const length = target.requests ? `${target.requests} requests` : `${seconds.run} s`
  progress(`measuring ${target.label} for ${length} (${target.connections} connections)`)
  return { target, result: await runLoad(target, seconds.run) }
}
