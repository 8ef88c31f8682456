import Fastify from 'fastify'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { recurringJob } from '../../server/lib/recurring-job'

describe('a recurring job', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('runs after its first wait, then after each run ends, and logs a failed run', async () => {
    const app = Fastify()
    const errors = vi.spyOn(app.log, 'error')
    let runs = 0
    let finish = () => {}
    const run = () => {
      runs += 1
      if (runs === 2) return Promise.reject(new Error('down'))
      return new Promise<void>((resolve) => (finish = resolve))
    }
    recurringJob(app, { name: 'test', firstMs: 10, everyMs: 100, run })
    await app.ready()
    await vi.advanceTimersByTimeAsync(9)
    expect(runs).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(runs).toBe(1)
    // A run under way: the next waits for its end, however long it takes.
    await vi.advanceTimersByTimeAsync(500)
    expect(runs).toBe(1)
    finish()
    await vi.advanceTimersByTimeAsync(100)
    expect(runs).toBe(2)
    expect(errors).toHaveBeenCalledWith(expect.anything(), 'test run failed')
    await vi.advanceTimersByTimeAsync(100)
    expect(runs).toBe(3)

    const closed = app.close()
    finish()
    await closed
    await vi.advanceTimersByTimeAsync(1000)
    expect(runs).toBe(3)
  })
})
