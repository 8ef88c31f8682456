import type { AdminCall, AdminFetchInput } from '../../../machines/admin/admin.types'
import type { ClientCall, UploadRequest } from '../../../machines/client/client.types'
import type { Http } from './http'
import type { UploadOptions } from './upload-file'

type Signal = AbortSignal | undefined

/**
 * The builder's and the back office's ports. Only a client in the builder or an admin makes
 * these calls, so their part of the route table loads with the first one, not with the landing
 * pages.
 */
export function createAreaPorts(http: Http, uploads: UploadOptions) {
  return {
    /** The client actor's port: any builder call, answered with its name and `Data`. */
    clientCall: async (call: ClientCall, signal?: Signal) =>
      (await import('./builder-calls')).runClientCall(http, call, signal),
    /** POST /api/files with its progress: the client actor's `sendFile` port. */
    uploadFile: async (
      request: UploadRequest,
      onProgress: (loaded: number, total: number) => void,
      signal: AbortSignal,
    ) => (await import('./builder-calls')).uploadFile(uploads, request, onProgress, signal),
    /** GET admin/fetch, revalidated with the ETag of the data already held. */
    fetchAdmin: async (input: AdminFetchInput, signal?: Signal) =>
      (await import('./admin-calls')).fetchAdmin(http, input, signal),
    /** The admin actor's write port: any admin write, answered with its name and `Data`. */
    adminCall: async (call: AdminCall, signal?: Signal) =>
      (await import('./admin-calls')).runAdminCall(http, call, signal),
  }
}
