import type { SnapshotFrom } from 'xstate'
import type { clientMachine } from '../../../../machines/client/client.machine'
import { useHeldList } from '../documents/use-documents'

const selectTrades = (snapshot: SnapshotFrom<typeof clientMachine>) => snapshot.context.trades
/** A trade's certificates are named by id only: no signed address to keep fresh. */
const noAddresses = () => []

/** The project's trades (GET /api/trades), read when the Trades page opens. */
export const useTrades = () => useHeldList('trades', selectTrades, noAddresses)
