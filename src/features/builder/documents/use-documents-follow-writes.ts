import { useEffect } from 'react'
import type { ClientActor, ClientCall } from '../../../../machines/client/client.machine'

/**
 * What a delete takes along on the server (PRODUCT.md §11): a log entry's attached files, and a
 * file from the log entries it was attached to. The lists held of those are fetched again.
 */
const TAKES_ALONG: Partial<Record<ClientCall['name'], 'files' | 'logs'>> = {
  deleteLogEntry: 'files',
  deleteFile: 'logs',
}

/** Like the money, it lives in the builder, so the sign-in page's bundle does not carry it. */
export function useDocumentsFollowWrites(actor: ClientActor) {
  useEffect(() => {
    let follow: 'files' | 'logs' | undefined
    const subscription = actor.subscribe((snapshot) => {
      const { pending, failure } = snapshot.context
      if (pending) follow ??= TAKES_ALONG[pending.name]
      else if (follow && !snapshot.hasTag('busy')) {
        const list = follow
        follow = undefined
        if (snapshot.context[list] && !failure) {
          actor.send({ type: 'client.callRequested', call: { name: list } })
        }
      }
    })
    return () => subscription.unsubscribe()
  }, [actor])
}
