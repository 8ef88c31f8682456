import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { ClientListName, clientMachine } from '../../../machines/client/client.machine'
import { useClientActor } from './use-client'

type ClientSnapshot = SnapshotFrom<typeof clientMachine>

const selectTimeline = (snapshot: ClientSnapshot) => snapshot.context.timeline
const selectMoney = (snapshot: ClientSnapshot) => snapshot.context.money
const selectNotifications = (snapshot: ClientSnapshot) => snapshot.context.notifications

/**
 * Asks the list's reader for `list` when the screen opens; it reads beside the writes, and a
 * second screen asking while it reads shares that read.
 */
function useFetchOnOpen(list: ClientListName) {
  const actor = useClientActor()
  useEffect(() => actor.send({ type: 'list.requested', list }), [actor, list])
  return actor
}

/**
 * The client's timeline as the actor holds it (the saved one first), fetched again when a
 * screen that shows it opens: its "today" and the forecast move with the calendar.
 */
export const useTimeline = () => useSelector(useFetchOnOpen('timeline'), selectTimeline)

/** The client's email switches, fetched when the screen that shows them opens. */
export const useNotifications = () =>
  useSelector(useFetchOnOpen('notifications'), selectNotifications)

/**
 * The client's contracts, draws, payments and change orders, fetched when a screen that shows
 * them opens: the warnings and due dates move with the calendar.
 */
export const useMoney = () => useSelector(useFetchOnOpen('money'), selectMoney)
