import { AdminFetchData } from '../../contract/api'
import type { AdminCall } from '../../machines/admin/admin.types'
import { type Http, readData } from './http'

type Signal = AbortSignal | undefined

export type AdminFetchResult =
  { status: 'notModified' } | { status: 'ok'; data: AdminFetchData; etag: string | null }

/** The back office's two ports: its data (polled) and its writes (loaded on the first one). */
export function createAdminApi(http: Http) {
  const { fetchResponse } = http
  return {
    /**
     * GET admin/fetch. With the ETag of the data already held, an unchanged answer costs a
     * 304 and no parsing: the 5-minute poll (seed §4) is mostly that.
     */
    fetchAdmin: async (
      { etag }: { etag?: string | null } = {},
      signal?: Signal,
    ): Promise<AdminFetchResult> => {
      const headers: Record<string, string> = etag ? { 'If-None-Match': etag } : {}
      const response = await fetchResponse('get', 'admin/fetch', { headers, signal, accept: [304] })
      if (response.status === 304) return { status: 'notModified' }
      const data = await readData(response, AdminFetchData, signal)
      return { status: 'ok', data, etag: response.headers.get('etag') }
    },
    /** The admin actor's write port: any admin write, answered as the change it made. */
    adminCall: async (call: AdminCall, signal?: Signal) => {
      const { createAdminWrites, runAdminCall } = await import('./api-admin-call')
      return runAdminCall(createAdminWrites(http), call, signal)
    },
  }
}
