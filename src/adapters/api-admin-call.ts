import type { AdminCall, AdminCallResult } from '../../machines/admin/admin.types'
import type { AdminWrites } from './api-admin-writes'

export { createAdminWrites } from './api-admin-writes'
type Signal = AbortSignal | undefined

/**
 * The admin actor's write port: runs the call of PRODUCT.md §4 that `call` names and says what
 * it changed, in the terms of the seed's admin-data updates (append, replace, remove by id).
 */
export async function runAdminCall(
  api: AdminWrites,
  call: AdminCall,
  signal?: Signal,
): Promise<AdminCallResult> {
  switch (call.kind) {
    case 'admins.create':
      return { change: 'created', list: 'Admins', item: await api.createAdmin(call.body, signal) }
    case 'admins.edit':
      return {
        change: 'edited',
        list: 'Admins',
        item: await api.editAdmin(call.id, call.body, signal),
      }
    case 'admins.delete':
      return { change: 'deleted', list: 'Admins', ...(await api.deleteAdmin(call.id, signal)) }
    case 'cities.create':
      return { change: 'created', list: 'Cities', item: await api.createCity(call.body, signal) }
    case 'cities.edit':
      return {
        change: 'edited',
        list: 'Cities',
        item: await api.editCity(call.id, call.body, signal),
      }
    case 'cities.delete':
      return { change: 'deleted', list: 'Cities', ...(await api.deleteCity(call.id, signal)) }
    case 'engineers.create': {
      const item = await api.createEngineer(call.body, signal)
      return { change: 'created', list: 'Engineers', item }
    }
    case 'engineers.edit': {
      const item = await api.editEngineer(call.id, call.body, signal)
      return { change: 'edited', list: 'Engineers', item }
    }
    case 'engineers.delete':
      return {
        change: 'deleted',
        list: 'Engineers',
        ...(await api.deleteEngineer(call.id, signal)),
      }
    case 'managers.create': {
      const item = await api.createManager(call.body, signal)
      return { change: 'created', list: 'Managers', item }
    }
    case 'managers.edit': {
      const item = await api.editManager(call.id, call.body, signal)
      return { change: 'edited', list: 'Managers', item }
    }
    case 'managers.delete':
      return { change: 'deleted', list: 'Managers', ...(await api.deleteManager(call.id, signal)) }
    case 'clients.edit': {
      const item = await api.editClient(call.id, call.body, signal)
      return { change: 'edited', list: 'Clients', item }
    }
    case 'clients.delete':
      return { change: 'deleted', list: 'Clients', ...(await api.deleteClient(call.id, signal)) }
    case 'tips.edit':
      return { change: 'tip', tip: await api.editTip(call.id, call.body, signal) }
    case 'stages.edit':
      return { change: 'stage', stage: await api.editStage(call.id, call.body, signal) }
    case 'builderRequests.status': {
      const item = await api.editBuilderRequest(call.id, call.body, signal)
      return { change: 'edited', list: 'BuilderRequests', item }
    }
    case 'managerRequests.status': {
      const item = await api.editManagerRequest(call.id, call.body, signal)
      return { change: 'edited', list: 'ManagerRequests', item }
    }
  }
}
