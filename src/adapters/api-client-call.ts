import { clientRoutes, timelineRoutes } from '../../contract/routes/client'
import { documentsRoutes } from '../../contract/routes/documents'
import { moneyRoutes } from '../../contract/routes/money'
import { tradesRoutes } from '../../contract/routes/trades'
import type { ClientCall, ClientCallResult } from '../../machines/client/client.types'
import { runNamed } from './run-named'
import type { Http } from './http'

// The upload loads with the calls: one lazy chunk for the builder's network, not two.
export { uploadFile } from './upload-file'

// Not the upload, which is multipart with progress (upload-file.ts), nor a file's bytes, read
// through its signed address: neither is a JSON call.
const { files, deleteFile, addLogEntry, logs, deleteLogEntry, setWarranty, warranties } =
  documentsRoutes
const documentCalls = {
  files,
  deleteFile,
  addLogEntry,
  logs,
  deleteLogEntry,
  setWarranty,
  warranties,
}

const builderRoutes = {
  ...clientRoutes,
  ...timelineRoutes,
  ...moneyRoutes,
  ...documentCalls,
  ...tradesRoutes,
}

/** The client actor's `clientCall` port: runs the call `call` names and hands back its answer. */
export const runClientCall = (http: Http, call: ClientCall, signal?: AbortSignal) =>
  // The table's schema for `call.name` checked the data: the pair is the union's member for it.
  runNamed(http, builderRoutes, call, signal) as Promise<ClientCallResult>
