import { bidsRoutes } from '../../../contract/routes/bids'
import { clientRoutes, timelineRoutes } from '../../../contract/routes/client'
import { documentsRoutes } from '../../../contract/routes/documents'
import { messageRoutes } from '../../../contract/routes/messages'
import { moneyRoutes } from '../../../contract/routes/money'
import { passportRoutes } from '../../../contract/routes/passport'
import { scopeRoutes } from '../../../contract/routes/scope'
import { checklistRoutes } from '../../../contract/routes/checklists'
import { tradesRoutes } from '../../../contract/routes/trades'
import type { ClientCallName } from '../../../machines/client/client.types'
import type { Table } from './caller'

// The upload loads with the calls: one lazy chunk for the builder's network, not two.
export { uploadFile } from './upload-file'

// Not the upload, which is multipart with progress (upload-file.ts), nor a file's bytes, read
// through its signed address: neither is a JSON call.
const { files, deleteFile, addLogEntry, logs, deleteLogEntry, setWarranty, warranties } =
  documentsRoutes

/** The builder's part of the route table: the calls of the client actor's `clientCall` port. */
export const builderRoutes: Table<ClientCallName> = {
  ...clientRoutes,
  ...timelineRoutes,
  ...moneyRoutes,
  ...tradesRoutes,
  ...bidsRoutes,
  ...scopeRoutes,
  ...passportRoutes,
  ...checklistRoutes,
  ...messageRoutes,
  files,
  deleteFile,
  addLogEntry,
  logs,
  deleteLogEntry,
  setWarranty,
  warranties,
}
