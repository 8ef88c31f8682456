/**
 * Work for the moments the browser has nothing else to do, so that it never stands between a
 * click or a keystroke and the next frame.
 */

type Deadline = { timeRemaining: () => number }

/** A slice's length where the browser cannot say how idle it is (no requestIdleCallback). */
const FALLBACK_SLICE_MS = 8

/** Calls `callback` when the browser is next idle (within 2 s); the function returned cancels it. */
function nextIdle(callback: (deadline: Deadline) => void): () => void {
  if (typeof globalThis.requestIdleCallback === 'function') {
    const id = globalThis.requestIdleCallback(callback, { timeout: 2000 })
    return () => globalThis.cancelIdleCallback(id)
  }
  const id = setTimeout(() => {
    const began = performance.now()
    callback({ timeRemaining: () => Math.max(0, FALLBACK_SLICE_MS - (performance.now() - began)) })
  }, 0)
  return () => clearTimeout(id)
}

/** Resolves when the browser is next idle. */
export const whenIdle = () => new Promise<void>((resolve) => nextIdle(() => resolve()))

/**
 * Runs `step` while the browser is idle, as many times as each idle period has room for (at
 * least once), until it returns false; the function returned stops it.
 */
export function inIdleTime(step: () => boolean): () => void {
  let cancel = nextIdle(function slice(deadline) {
    let more = step()
    while (more && deadline.timeRemaining() > 1) more = step()
    if (more) cancel = nextIdle(slice)
  })
  return () => cancel()
}
