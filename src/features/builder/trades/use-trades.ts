import type { SnapshotFrom } from 'xstate'
import type { ClientCall, clientMachine } from '../../../../machines/client/client.machine'
import { useHeldList } from '../documents/use-documents'

const TRADES: ClientCall = { name: 'trades' }
const selectTrades = (snapshot: SnapshotFrom<typeof clientMachine>) => snapshot.context.trades
/** A trade's certificates are named by id only: no signed address to keep fresh. */
const noAddresses = () => []

/** The project's trades (GET /api/trades), fetched when the Trades page opens. */
export const useTrades = () => useHeldList(TRADES, selectTrades, noAddresses)
