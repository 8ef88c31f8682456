import type { z } from 'zod/mini'
import {
  AdminData,
  AdminFetchData,
  BuilderRequestData,
  CityData,
  ClientData,
  DeletedData,
  EngineerData,
  ManagerData,
  ManagerRequestData,
  type AdminEditBody,
  type AdminInput,
  type CityEditBody,
  type CityInput,
  type ClientEditBody,
  type EngineerEditBody,
  type EngineerInput,
  type ManagerEditBody,
  type ManagerInput,
  type RequestStatusBody,
  type StageEditBody,
  type TipEditBody,
} from '../../contract/api'
import { DesignTip, Stage } from '../../contract/domain'
import type { AdminCall } from '../../machines/admin/admin.types'
import { type Http, readData } from './http'

type In<T extends z.ZodMiniType> = z.input<T>
type Signal = AbortSignal | undefined

export type AdminFetchResult =
  { status: 'notModified' } | { status: 'ok'; data: AdminFetchData; etag: string | null }

/** Ids go into the path; a stray character must not reach another route. */
const at = (path: string, id: string) => `admin/${path}/${encodeURIComponent(id)}`

/** The admin calls (PRODUCT.md §4, under /api/admin). Deletes answer the deleted `{ id }`. */
export function createAdminApi({ send, fetchResponse }: Http) {
  const calls = {
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

    editClient: (id: string, body: In<typeof ClientEditBody>, signal?: Signal) =>
      send('put', at('client/edit', id), ClientData, { json: body, signal }),
    deleteClient: (id: string, signal?: Signal) =>
      send('delete', at('client', id), DeletedData, { signal }),

    createAdmin: (body: In<typeof AdminInput>, signal?: Signal) =>
      send('post', 'admin/admin/create', AdminData, { json: body, signal }),
    editAdmin: (id: string, body: In<typeof AdminEditBody>, signal?: Signal) =>
      send('put', at('admin/edit', id), AdminData, { json: body, signal }),
    deleteAdmin: (id: string, signal?: Signal) =>
      send('delete', at('admin', id), DeletedData, { signal }),

    createCity: (body: In<typeof CityInput>, signal?: Signal) =>
      send('post', 'admin/cities/create', CityData, { json: body, signal }),
    editCity: (id: string, body: In<typeof CityEditBody>, signal?: Signal) =>
      send('put', at('cities/edit', id), CityData, { json: body, signal }),
    deleteCity: (id: string, signal?: Signal) =>
      send('delete', at('cities', id), DeletedData, { signal }),

    createEngineer: (body: In<typeof EngineerInput>, signal?: Signal) =>
      send('post', 'admin/engineers/create', EngineerData, { json: body, signal }),
    editEngineer: (id: string, body: In<typeof EngineerEditBody>, signal?: Signal) =>
      send('put', at('engineers/edit', id), EngineerData, { json: body, signal }),
    deleteEngineer: (id: string, signal?: Signal) =>
      send('delete', at('engineers', id), DeletedData, { signal }),

    createManager: (body: In<typeof ManagerInput>, signal?: Signal) =>
      send('post', 'admin/managers/create', ManagerData, { json: body, signal }),
    editManager: (id: string, body: In<typeof ManagerEditBody>, signal?: Signal) =>
      send('put', at('managers/edit', id), ManagerData, { json: body, signal }),
    deleteManager: (id: string, signal?: Signal) =>
      send('delete', at('managers', id), DeletedData, { signal }),

    editTip: (id: string, body: In<typeof TipEditBody>, signal?: Signal) =>
      send('put', at('tips/edit', id), DesignTip, { json: body, signal }),
    editStage: (id: string, body: In<typeof StageEditBody>, signal?: Signal) =>
      send('put', at('stages/edit', id), Stage, { json: body, signal }),

    editBuilderRequest: (id: string, body: In<typeof RequestStatusBody>, signal?: Signal) =>
      send('put', at('builder-requests', id), BuilderRequestData, { json: body, signal }),
    editManagerRequest: (id: string, body: In<typeof RequestStatusBody>, signal?: Signal) =>
      send('put', at('manager-requests', id), ManagerRequestData, { json: body, signal }),
  }
  return {
    ...calls,
    /**
     * The admin actor's write port: any write above, answered as the change it made. Loaded on
     * the first write so the landing pages do not carry it.
     */
    adminCall: async (call: AdminCall, signal?: Signal) => {
      const { runAdminCall } = await import('./api-admin-call')
      return runAdminCall(calls, call, signal)
    },
  }
}
