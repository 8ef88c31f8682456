import { useSelector } from '@xstate/react'
import { useCallback, useEffect, useRef } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { BidRequest } from '../../../../contract/bids'
import type { StepSlug } from '../../../../contract/construction'
import type { clientMachine } from '../../../../machines/client/client.machine'
import { useSessionActor } from '../../../app/session-context'
import { useClientActor } from '../use-client'

type ClientSnapshot = SnapshotFrom<typeof clientMachine>

const selectRequests = (snapshot: ClientSnapshot) => snapshot.context.bidRequests
const selectFailure = (snapshot: ClientSnapshot) => snapshot.context.listFailures.bidRequests

/** Focus and visibility both fire when a tab comes back: one read for the two. */
const READ_AGAIN_AFTER_MS = 2000

/**
 * A step page's freshness (PRODUCT.md §19): its quotes (the pool data, which a refresh answers)
 * and its bids are read when it opens and whenever the tab comes back into view, so a bid a trade
 * sent or a quote a manager entered shows without signing in again.
 */
export function useFreshStep(step: StepSlug) {
  const session = useSessionActor()
  const client = useClientActor()
  const lastBack = useRef(0)
  useEffect(() => {
    const readBids = () => client.send({ type: 'list.requested', list: 'bidRequests' })
    // The pool entries come back with a refresh: on opening, the session has just been read
    // (a second refresh racing the resume's would replay its token), so only on coming back.
    const back = () => {
      const now = Date.now()
      if (document.visibilityState !== 'visible' || now - lastBack.current < READ_AGAIN_AFTER_MS)
        return
      lastBack.current = now
      session.send({ type: 'session.refreshRequested' })
      readBids()
    }
    readBids()
    document.addEventListener('visibilitychange', back)
    window.addEventListener('focus', back)
    return () => {
      document.removeEventListener('visibilitychange', back)
      window.removeEventListener('focus', back)
    }
  }, [session, client, step])
}

type StepRequests = {
  /** The step's requests, newest first, or null before the first answer. */
  list: BidRequest[] | null
  /** Why the last read was refused, while nothing is held. */
  failed: string | null
  retry: () => void
}

/** The bid requests of one step, from the list of every step's the client actor holds. */
export function useStepBids(step: StepSlug): StepRequests {
  const client = useClientActor()
  const all = useSelector(client, selectRequests)
  const failed = useSelector(client, selectFailure) ?? null
  const retry = useCallback(
    () => client.send({ type: 'list.requested', list: 'bidRequests' }),
    [client],
  )
  const list = all && all.filter((request) => request.step === step)
  return { list, failed: all === null ? failed : null, retry }
}
