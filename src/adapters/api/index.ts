import type { UploadRequest } from '../../../machines/client/client.types'
import type { AdminFetchInput } from '../../../machines/admin/admin.types'
import type { ThreadsPorts } from '../../../machines/messages/threads.types'
import {
  adminCalls,
  builderCalls,
  landingCalls,
  loadAdmin,
  loadBuilder,
  projectCallsOf,
} from './areas'
import { createCaller } from './caller'
import { createHttp, type HttpOptions } from './http'

export { ApiError, isApiError, type ApiErrorCode } from './api-error'
export { TEMP_TOKEN_COOKIE_MARKER, type Caller } from './caller'
export { API_TIMEOUT_MS } from './http'
export type { LandingCallName } from './areas'

export type ApiOptions = HttpOptions
export type Api = ReturnType<typeof createApi>

/**
 * The API port (PRODUCT.md §4): `call(name, input, signal?)` for the landing pages' calls, the
 * stages in build order, and the builder's and the back office's ports, whose part of the route
 * table loads with their first call (areas.ts).
 */
export function createApi(options: ApiOptions) {
  const http = createHttp(options)
  const { call } = createCaller(http, landingCalls)
  const projectCaller = createCaller(http, projectCallsOf)
  const project = projectCaller.call
  return {
    call,
    /** GET /api: the priced stages with their design tips, in build order. */
    stages: async (signal?: AbortSignal) => {
      const stages = await call('stages', {}, signal)
      return [...stages].sort((a, b) => a.order - b.order)
    },
    /** The client actor's port: any builder call, answered with its name and `Data`. */
    clientCall: createCaller(http, builderCalls).named,
    /** POST /api/files with its progress: the client actor's `sendFile` port. */
    uploadFile: async (
      request: UploadRequest,
      onProgress: (loaded: number, total: number) => void,
      signal: AbortSignal,
    ) => (await loadBuilder()).uploadFile(options, request, onProgress, signal),
    /** A file the API makes (a waiver, an export), read as the signed-in user: its bytes. */
    fetchFile: async (path: string) =>
      (await http.fetchResponse('GET', path, { headers: { accept: '*/*' } })).blob(),
    /** GET admin/fetch, revalidated with the ETag of the data already held. */
    fetchAdmin: async (input: AdminFetchInput, signal?: AbortSignal) =>
      (await loadAdmin()).fetchAdmin(http, input, signal),
    /** The admin actor's write port: any admin write, answered with its name and `Data`. */
    adminCall: createCaller(http, adminCalls).named,
    /** The projects actor's port: the Projects' reads and a manager's entered bid. */
    projectsCall: projectCaller.named,
    /** A project's threads as its manager (or an admin) reads and writes them. */
    projectThreads: (clientId: string): ThreadsPorts => ({
      threads: () => project('projectThreads', { clientId }),
      messages: (thread, query) => project('projectMessages', { clientId, thread, query }),
      post: (thread, body) => project('postProjectMessage', { clientId, thread, body }),
      read: (thread) => project('readProjectThread', { clientId, thread }),
    }),
  }
}
