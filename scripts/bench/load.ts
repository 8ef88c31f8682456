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
  let lastAnswer = 0
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      {
        url: target.origin + target.path,
        connections: target.connections,
        pipelining: 1,
        ...(target.requests ? { amount: target.requests } : { duration: seconds }),
        ...(target.headers ? { headers: target.headers } : {}),
        ...(target.timeoutSeconds ? { timeout: target.timeoutSeconds } : {}),
        ...(target.request ? { requests: [target.request()] } : {}),
      },
      (error: unknown, done) => (error ? reject(error as Error) : resolve(done)),
    )
    if (target.requests) run.on('response', () => (lastAnswer = Date.now()))
  })
  return target.requests ? timedToLastAnswer(result, lastAnswer) : result
}

/**
 * A run of a number of requests, timed from its start to its last answer: autocannon ends it at
 * the next whole second of its sampling, so its own duration and per-second average would count
 * the idle rest of that second (a 1.3 s run would read as 2 s).
 */
function timedToLastAnswer(result: autocannon.Result, lastAnswer: number): autocannon.Result {
  const duration = (lastAnswer - result.start.getTime()) / 1000
  if (!(duration > 0)) return result
  const average = result.requests.total / duration
  return { ...result, duration, requests: { ...result.requests, average, mean: average } }
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
