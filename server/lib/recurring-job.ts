import type { FastifyInstance } from 'fastify'

type Job = {
  /** Names the job in the log line of a failed run. */
  name: string
  /** From the server being ready to the first run. */
  firstMs: number
  /** From the end of one run to the start of the next. */
  everyMs: number
  run(): Promise<unknown>
}

/**
 * Runs a job in this server: `firstMs` after it is ready, then `everyMs` after each run ends, so
 * a run never overlaps the one before. A failed run is logged and the next one comes as usual;
 * closing the server stops the timer and waits for the run under way.
 */
export function recurringJob(app: FastifyInstance, { name, firstMs, everyMs, run }: Job) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | null = null
  let closing = false
  const after = (ms: number) => {
    if (closing) return
    timer = setTimeout(() => {
      running = run()
        .then(() => undefined)
        .catch((err: unknown) => app.log.error({ err }, `${name} run failed`))
        .finally(() => {
          running = null
          after(everyMs)
        })
    }, ms)
  }
  app.addHook('onReady', async () => after(firstMs))
  app.addHook('onClose', async () => {
    closing = true
    clearTimeout(timer)
    await running
  })
}
