import { adminRoutes } from '../../../contract/routes/admin'
import type {
  AdminCall,
  AdminCallResult,
  AdminFetchInput,
  AdminFetchResult,
} from '../../../machines/admin/admin.types'
import { runNamed } from './run-named'
import { readData, type Http } from './http'

type Signal = AbortSignal | undefined

/**
 * GET admin/fetch. With the ETag of the data already held, an unchanged answer costs a 304 and
 * no parsing: the 5-minute poll (seed §4) is mostly that.
 */
export async function fetchAdmin(
  http: Http,
  { etag }: AdminFetchInput,
  signal?: Signal,
): Promise<AdminFetchResult> {
  const { path, data } = adminRoutes.adminFetch
  const headers: Record<string, string> = etag ? { 'If-None-Match': etag } : {}
  const response = await http.fetchResponse('get', path.replace(/^\/api/, ''), {
    headers,
    signal,
    accept: [304],
  })
  if (response.status === 304) return { status: 'notModified' }
  return {
    status: 'ok',
    data: await readData(response, data, signal),
    etag: response.headers.get('etag'),
  }
}

/** The admin actor's write port: runs the write `call` names and hands back its answer. */
export const runAdminCall = (http: Http, call: AdminCall, signal?: Signal) =>
  // The table's schema for `call.name` checked the data: the pair is the union's member for it.
  runNamed(http, adminRoutes, call, signal) as Promise<AdminCallResult>
