import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterFirstScreen } from '../../src/app/after-first-screen'

/** A router whose screens the test renders, as TanStack Router emits `onRendered`. */
function fakeRouter() {
  const listeners = new Set<() => void>()
  return {
    subscribe(_event: 'onRendered', listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    render: () => [...listeners].forEach((listener) => listener()),
    listening: () => listeners.size,
  }
}

/** The browser's next frame, which the test paints. */
function fakeFrames() {
  let frames: FrameRequestCallback[] = []
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
  return () => {
    const painting = frames
    frames = []
    painting.forEach((callback) => callback(0))
  }
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('afterFirstScreen', () => {
  it("waits for the first screen's paint, then runs once", () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    const paint = fakeFrames()
    const router = fakeRouter()
    const work = vi.fn()
    afterFirstScreen(router, work)
    // index.html's spinner is painted, but the router has not rendered a screen yet.
    vi.advanceTimersByTime(1000)
    expect(work).not.toHaveBeenCalled()
    router.render()
    expect(router.listening()).toBe(0)
    // Rendered, not shown yet: the work waits for two frames and the task after them.
    expect(work).not.toHaveBeenCalled()
    paint()
    vi.advanceTimersByTime(0)
    expect(work).not.toHaveBeenCalled()
    // The frame after the one that painted it: the screen is shown.
    paint()
    vi.advanceTimersByTime(0)
    expect(work).toHaveBeenCalledTimes(1)
    router.render()
    paint()
    paint()
    vi.advanceTimersByTime(0)
    expect(work).toHaveBeenCalledTimes(1)
  })
})
