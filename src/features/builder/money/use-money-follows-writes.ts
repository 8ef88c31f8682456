import { useEffect } from 'react'
import type { ClientActor, ClientCall } from '../../../../machines/client/client.machine'

/**
 * The writes that move money (PRODUCT.md §10): the contracts follow the accepted quotes, the
 * estimates the design, the due dates and warnings the timeline; a deleted file is no longer a
 * draw's lien waiver.
 */
const MOVES_MONEY: ReadonlySet<ClientCall['name']> = new Set([
  'editPool',
  'acceptQuote',
  'removeQuote',
  'markDone',
  'markDone1',
  'setTimelineStart',
  'setStepStarted',
  'recordInspection',
  'deleteFile',
  'deleteLogEntry',
])

/**
 * Money the client holds is fetched again once a write that moves it went through (and the
 * timeline's own refresh after it). It lives in the builder, not the client machine, so the
 * sign-in page's bundle does not carry it.
 */
export function useMoneyFollowsWrites(actor: ClientActor) {
  useEffect(() => {
    let moved = false
    const subscription = actor.subscribe((snapshot) => {
      const { pending, failure, money } = snapshot.context
      if (pending) moved ||= MOVES_MONEY.has(pending.name)
      else if (moved && !snapshot.hasTag('busy')) {
        moved = false
        if (money && !failure) actor.send({ type: 'client.callRequested', call: { name: 'money' } })
      }
    })
    return () => subscription.unsubscribe()
  }, [actor])
}
