import type { SnapshotFrom } from 'xstate'
import type { clientMachine } from '../../../../machines/client/client.machine'
import { useHeldList } from '../documents/use-documents'

type ClientSnapshot = SnapshotFrom<typeof clientMachine>

const selectEquipment = (snapshot: ClientSnapshot) => snapshot.context.equipment
const selectStartupLog = (snapshot: ClientSnapshot) => snapshot.context.startupLog
const selectPassport = (snapshot: ClientSnapshot) => snapshot.context.passport
/** The passport's parts name files by id only: no signed address to keep fresh. */
const noAddresses = () => []

/** The pool's equipment (GET /api/equipment), read when a screen that lists it opens. */
export const useEquipment = () => useHeldList('equipment', selectEquipment, noAddresses)

/** The 28 days of the start-up log (GET /api/startup-log). */
export const useStartupLog = () => useHeldList('startupLog', selectStartupLog, noAddresses)

/** The whole passport (GET /api/passport): as built, the record and the cost basis. */
export const usePassport = () => useHeldList('passport', selectPassport, noAddresses)
