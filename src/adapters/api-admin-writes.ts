import type { z } from 'zod/mini'
import {
  AdminData,
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
import type { Http } from './http'

type In<T extends z.ZodMiniType> = z.input<T>
type Signal = AbortSignal | undefined

/** Ids go into the path; a stray character must not reach another route. */
const at = (path: string, id: string) => `admin/${path}/${encodeURIComponent(id)}`

export type AdminWrites = ReturnType<typeof createAdminWrites>

/**
 * The admin writes (PRODUCT.md §4, under /api/admin). Deletes answer the deleted `{ id }`.
 * Only the back office makes them, so they load with its first write, not with the landing pages.
 */
export function createAdminWrites({ send }: Http) {
  return {
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
}
