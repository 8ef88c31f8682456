/**
 * Web Locks as a browser grants them to the tabs of one origin (jsdom has none): one holder per
 * name, the others queued in order. As the standard says, a lock is released once its callback's
 * promise settles, before the request's own promise settles; the next holder starts at once.
 */
export function fakeWebLocks() {
  const waiting = new Map<string, (() => void)[]>()
  const request = <T>(name: string, work: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const run = () => {
        void work()
          .finally(() => {
            const next = waiting.get(name)?.shift()
            if (next) next()
            else waiting.delete(name)
          })
          .then(resolve, reject)
      }
      const queue = waiting.get(name)
      if (queue) queue.push(run)
      else {
        waiting.set(name, [])
        run()
      }
    })
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true })
}
