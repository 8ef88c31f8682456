/** What `afterFirstScreen` needs of the router: its event that a screen was rendered. */
export type RenderedEvents = {
  subscribe(event: 'onRendered', listener: () => void): () => void
}

/**
 * Runs `work` once the router's first screen (the route's own page, not index.html's spinner)
 * is painted, so what it loads does not compete with that screen on a slow phone (issue 10:
 * Lighthouse's LCP counts every download that starts before the largest paint). A tab opened in
 * the background paints, and so runs it, when it is first shown.
 */
export function afterFirstScreen(router: RenderedEvents, work: () => void): void {
  const unsubscribe = router.subscribe('onRendered', () => {
    unsubscribe()
    // The render is painted in the next frame, and shown on screen by the frame after it.
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(work)))
  })
}
