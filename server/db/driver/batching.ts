// Driver level: knows nothing of the builder's statements (pool/entry-batches.ts gives it the
// single and the batched one). What may change here: when calls are gathered and how many go at
// once. What may not: each call answered as its statement alone would answer it, two calls with
// one key never in one batch, and a refused batch sent again call by call (tests/server/batching
// and batched-writes).
/**
 * Writes of one kind sent together while the database is busy with earlier ones: a call goes
 * alone when fewer than `inFlight` sends are running, as it would without this, and otherwise
 * waits for one of them to end and goes with every call that queued meanwhile, up to `maxSize`,
 * in one statement. Under load that is one round trip, one plan and one commit for many writes
 * (docs/benchmark.md); when idle it adds nothing.
 */
export type BatchOptions<I, O> = {
  /** Sends running at once; further calls queue. */
  inFlight: number
  /**
   * Whether a call waits for the other calls of the same turn of the event loop before it is
   * sent: for a database that runs in this thread (PGlite), whose statement ends before the next
   * request is even read, so that calls would otherwise never queue.
   */
  gather: boolean
  maxSize: number
  /** Calls with the same key never go together (a statement may touch a row only once). */
  key: (input: I) => string
  /** Whether a call may go with others at all; one that may not is sent alone, at once. */
  batchable: (input: I) => boolean
  one: (input: I) => Promise<O>
  /** The answers in the order of `inputs`. */
  many: (inputs: I[]) => Promise<O[]>
  /**
   * Whether `many` failing with `error` wrote nothing (the database refused the statement):
   * each call is then sent again alone, for its own answer. Any other error (a connection lost,
   * after which the statement may have been written) is every call's answer.
   */
  refused: (error: unknown) => boolean
}

type Waiting<I, O> = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void }

export function batching<I, O>(options: BatchOptions<I, O>): (input: I) => Promise<O> {
  const queue: Waiting<I, O>[] = []
  let running = 0
  let gathering = false

  /** The next batch: queued calls in order, skipping a key already taken (it waits its turn). */
  const take = () => {
    const keys = new Set<string>()
    const batch: Waiting<I, O>[] = []
    let kept = 0
    for (const call of queue) {
      const key = options.key(call.input)
      if (batch.length < options.maxSize && !keys.has(key)) {
        keys.add(key)
        batch.push(call)
      } else queue[kept++] = call
    }
    queue.length = kept
    return batch
  }

  const alone = (call: Waiting<I, O>) => options.one(call.input).then(call.resolve, call.reject)

  const send = async (batch: Waiting<I, O>[]) => {
    const [first] = batch
    if (first && batch.length === 1) return alone(first)
    let outputs: O[]
    try {
      outputs = await options.many(batch.map((call) => call.input))
    } catch (error) {
      // One call's refusal (a full entry, a client deleted meanwhile) fails the statement and
      // writes nothing: each call gets its own answer alone.
      if (options.refused(error)) await Promise.all(batch.map(alone))
      else for (const call of batch) call.reject(error)
      return
    }
    batch.forEach((call, i) => call.resolve(outputs[i] as O))
  }

  const pump = () => {
    while (running < options.inFlight && queue.length > 0) {
      running++
      void send(take()).finally(() => {
        running--
        pump()
      })
    }
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      if (!options.batchable(input)) {
        options.one(input).then(resolve, reject)
        return
      }
      queue.push({ input, resolve, reject })
      if (!options.gather) pump()
      else if (!gathering) {
        gathering = true
        setImmediate(() => {
          gathering = false
          pump()
        })
      }
    })
}
