import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterFirstPaint } from '../../src/app/after-first-paint'

type Listener = (entries: { getEntriesByName(name: string): unknown[] }) => void

/** A PerformanceObserver whose paint entries the test hands over, as the browser would. */
function fakePaintTiming(supportedEntryTypes: string[]) {
  const observers: { listener: Listener; disconnected: boolean }[] = []
  class FakeObserver {
    static supportedEntryTypes = supportedEntryTypes
    private readonly record: (typeof observers)[number]
    constructor(listener: Listener) {
      this.record = { listener, disconnected: false }
      observers.push(this.record)
    }
    observe() {}
    disconnect() {
      this.record.disconnected = true
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver)
  const paint = (...names: string[]) => {
    for (const { listener, disconnected } of observers) {
      if (!disconnected) listener({ getEntriesByName: (name) => names.filter((n) => n === name) })
    }
  }
  return { paint }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('afterFirstPaint', () => {
  it('waits for the first paint with content, then runs once', () => {
    const { paint } = fakePaintTiming(['paint', 'largest-contentful-paint'])
    const work = vi.fn()
    afterFirstPaint(work)
    // The full-page spinner: painted, but no words on it yet.
    paint('first-paint')
    expect(work).not.toHaveBeenCalled()
    paint('first-contentful-paint')
    paint('first-contentful-paint')
    expect(work).toHaveBeenCalledTimes(1)
  })

  it('runs at once where the browser does not report paints', () => {
    fakePaintTiming(['navigation'])
    const work = vi.fn()
    afterFirstPaint(work)
    expect(work).toHaveBeenCalledTimes(1)
  })
})
