import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { ClientCall, clientMachine } from '../../../machines/client/client.machine'
import { useClientActor } from './use-client'

type ClientSnapshot = SnapshotFrom<typeof clientMachine>

const selectTimeline = (snapshot: ClientSnapshot) => snapshot.context.timeline
const selectMoney = (snapshot: ClientSnapshot) => snapshot.context.money
const selectNotifications = (snapshot: ClientSnapshot) => snapshot.context.notifications
const selectBusy = (snapshot: ClientSnapshot) => snapshot.hasTag('busy')

/**
 * Runs `call` once when the screen opens, as soon as the actor is free: it runs one call at a
 * time and ignores a request made meanwhile, so two fetches of one screen take turns.
 */
function useFetchOnOpen(call: ClientCall) {
  const actor = useClientActor()
  const busy = useSelector(actor, selectBusy)
  const asked = useRef(false)
  useEffect(() => {
    // Read now, not at render: another fetch of this screen may have started meanwhile.
    if (asked.current || actor.getSnapshot().hasTag('busy')) return
    asked.current = true
    actor.send({ type: 'client.callRequested', call })
  }, [actor, busy, call])
  return actor
}

const TIMELINE: ClientCall = { name: 'timeline' }
const NOTIFICATIONS: ClientCall = { name: 'notifications' }
const MONEY: ClientCall = { name: 'money' }

/**
 * The client's timeline as the actor holds it (the saved one first), fetched again when a
 * screen that shows it opens: its "today" and the forecast move with the calendar.
 */
export const useTimeline = () => useSelector(useFetchOnOpen(TIMELINE), selectTimeline)

/** The client's email switches, fetched when the screen that shows them opens. */
export const useNotifications = () =>
  useSelector(useFetchOnOpen(NOTIFICATIONS), selectNotifications)

/**
 * The client's contracts, draws, payments and change orders, fetched when a screen that shows
 * them opens: the warnings and due dates move with the calendar.
 */
export const useMoney = () => useSelector(useFetchOnOpen(MONEY), selectMoney)
