import { useEffect } from 'react'

/** How often the threads are read again while the page is visible (PRODUCT.md §18). */
export const THREADS_REFRESH_MS = 30_000

const visible = () => document.visibilityState === 'visible'

/**
 * Reads the threads again when the tab regains focus and every 30 seconds while it is visible,
 * so unread counts and new messages show without a reload.
 */
export function useFreshThreads(refresh: () => void) {
  useEffect(() => {
    const onVisible = () => {
      if (visible()) refresh()
    }
    window.addEventListener('focus', refresh)
    document.addEventListener('visibilitychange', onVisible)
    const timer = setInterval(onVisible, THREADS_REFRESH_MS)
    return () => {
      window.removeEventListener('focus', refresh)
      document.removeEventListener('visibilitychange', onVisible)
      clearInterval(timer)
    }
  }, [refresh])
}
