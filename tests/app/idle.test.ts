import { afterEach, expect, it, vi } from 'vitest'
import { inIdleTime } from '../../src/lib/idle'

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => vi.unstubAllGlobals())

it('runs the steps an idle period has room for, at least one, until there are none left', () => {
  const periods: ((deadline: { timeRemaining: () => number }) => void)[] = []
  vi.stubGlobal('requestIdleCallback', (callback: (typeof periods)[number]) =>
    periods.push(callback),
  )
  let left = 5
  inIdleTime(() => --left > 0)
  // A period with room for two steps, then one with none (still one step), then a long one.
  const room = [10, 10, 0]
  periods.shift()?.({ timeRemaining: () => room.shift() ?? 0 })
  expect(left).toBe(2)
  periods.shift()?.({ timeRemaining: () => 0 })
  expect(left).toBe(1)
  periods.shift()?.({ timeRemaining: () => 50 })
  expect(left).toBe(0)
  expect(periods).toHaveLength(0)
})

it('stops when told to, and works without requestIdleCallback', async () => {
  let steps = 0
  const stop = inIdleTime(() => ++steps < 1_000_000)
  await nextTask()
  expect(steps).toBeGreaterThan(0)
  stop()
  const stoppedAt = steps
  await nextTask()
  await nextTask()
  expect(steps).toBe(stoppedAt)
})
