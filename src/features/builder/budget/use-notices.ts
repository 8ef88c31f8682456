import type { SnapshotFrom } from 'xstate'
import type { clientMachine } from '../../../../machines/client/client.machine'
import { useHeldList } from '../documents/use-documents'

const selectNotices = (snapshot: SnapshotFrom<typeof clientMachine>) => snapshot.context.notices
const noAddresses = () => []

/** The preliminary notices (GET /api/notices), read when the Budget page opens. */
export const useNotices = () => useHeldList('notices', selectNotices, noAddresses)
