import type { AdminWriteName } from '../../../contract/routes'
import { adminRoutes } from '../../../contract/routes/admin'
import { scopeAdminRoutes } from '../../../contract/routes/scope'
import { checklistAdminRoutes } from '../../../contract/routes/checklists'
import { projectRoutes } from '../../../contract/routes/projects'
import { AdminFetchFirstLook } from '../../../machines/admin/admin-check'
import type { AdminFetchInput, AdminFetchResult } from '../../../machines/admin/admin.types'
import type { ProjectCallName } from './areas'
import type { Table } from './caller'
import { readData, type Http } from './http'

const { adminFetch, ...writes } = adminRoutes

/** The back office's writes: the calls of the admin actor's `adminCall` port. */
export const adminWrites: Table<AdminWriteName> = {
  ...writes,
  ...scopeAdminRoutes,
  ...checklistAdminRoutes,
}

/** The calls on the projects a manager or an admin follows (PRODUCT.md §18). */
export const projectCalls: Table<ProjectCallName> = projectRoutes

/**
 * GET admin/fetch. With the ETag of the data already held, an unchanged answer costs a 304 and
 * no parsing: the 5-minute poll (seed §4) is mostly that. A full answer's long lists are taken
 * after a first look; the admin actor checks them once they are on screen (admin-check.ts).
 */
export async function fetchAdmin(
  http: Http,
  { etag }: AdminFetchInput,
  signal?: AbortSignal,
): Promise<AdminFetchResult> {
  const { method, path } = adminFetch
  const headers: Record<string, string> = etag ? { 'If-None-Match': etag } : {}
  const response = await http.fetchResponse(method, path.replace(/^\/api/, ''), {
    headers,
    signal,
    accept: [304],
  })
  if (response.status === 304) return { status: 'notModified' }
  return {
    status: 'ok',
    data: await readData(response, AdminFetchFirstLook, signal),
    etag: response.headers.get('etag'),
  }
}
