import type { SnapshotFrom } from 'xstate'
import type { clientMachine } from '../../../../machines/client/client.machine'
import { useHeldList } from '../documents/use-documents'

const selectChecklists = (snapshot: SnapshotFrom<typeof clientMachine>) =>
  snapshot.context.checklists
const noAddresses = () => []

/** The project's inspection checklists (GET /api/checklists), read when a screen shows them. */
export const useChecklists = () => useHeldList('checklists', selectChecklists, noAddresses)
