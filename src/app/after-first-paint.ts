/**
 * Runs `work` once the browser has painted the first screen with words on it (the paint
 * timing's first-contentful-paint), so what it loads does not compete with that screen on a
 * slow phone (issue 10). A browser without paint timing runs it at once. A tab opened in the
 * background paints, and so runs it, when it is first shown.
 */
export function afterFirstPaint(work: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return work()
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return
    observer.disconnect()
    work()
  })
  observer.observe({ type: 'paint', buffered: true })
}
