import type { AdminWriteName, CallData } from '../../contract/routes'
import type {
  AdminCall,
  AdminCallResult,
  AdminItems,
  AdminListName,
  AdminMachineContext,
  ItemCreated,
} from './admin.types'
import { appendItem, removeItem, replaceItem, replaceStage, replaceTip } from './admin-lists'

/**
 * The writes that change one item of one list; a tip or a stage's pricing changes a stage, and
 * a Schedule row is keyed by its step.
 */
type ListWriteName = Exclude<AdminWriteName, 'editTip' | 'editStage' | 'editSchedule'>

/** The lists whose items have the type a write answers with. */
type ListsHolding<T> = { [L in AdminListName]: T extends AdminItems[L] ? L : never }[AdminListName]

/** A delete answers the id; a create or an edit answers an item of the list it names. */
type Effect<T> = (T extends string
  ? { change: 'deleted'; list: AdminListName }
  : { change: 'created' | 'edited'; list: ListsHolding<T> }) & { refetch?: true }

/**
 * What each write's answer changes, in the terms of the seed's admin-data updates. `refetch`
 * marks the writes whose effects reach lists the answer does not carry: a city decides its
 * clients' Flag and who is still waiting; a client appears in the perks and waiting lists; a
 * manager's name is shown on its requests. After these the whole data is fetched again.
 */
export const adminWriteEffects: { [N in ListWriteName]: Effect<CallData<N>> } = {
  editClient: { change: 'edited', list: 'Clients', refetch: true },
  deleteClient: { change: 'deleted', list: 'Clients', refetch: true },
  createAdmin: { change: 'created', list: 'Admins' },
  editAdmin: { change: 'edited', list: 'Admins' },
  deleteAdmin: { change: 'deleted', list: 'Admins' },
  createCity: { change: 'created', list: 'Cities', refetch: true },
  editCity: { change: 'edited', list: 'Cities', refetch: true },
  deleteCity: { change: 'deleted', list: 'Cities', refetch: true },
  createEngineer: { change: 'created', list: 'Engineers' },
  editEngineer: { change: 'edited', list: 'Engineers' },
  deleteEngineer: { change: 'deleted', list: 'Engineers' },
  createManager: { change: 'created', list: 'Managers' },
  editManager: { change: 'edited', list: 'Managers', refetch: true },
  deleteManager: { change: 'deleted', list: 'Managers', refetch: true },
  editBuilderRequest: { change: 'edited', list: 'BuilderRequests' },
  editManagerRequest: { change: 'edited', list: 'ManagerRequests' },
}

type AnyEffect = { change: 'created' | 'edited' | 'deleted'; list: AdminListName; refetch?: true }

/** Whether the whole data is fetched again after `call` (see adminWriteEffects). */
export const changesOtherLists = (call: AdminCall): boolean =>
  !!(adminWriteEffects as Partial<Record<AdminWriteName, AnyEffect>>)[call.name]?.refetch

/** The seed's admin-data update for what a write's answer changed. */
export function applyWrite(
  context: AdminMachineContext,
  result: AdminCallResult,
): Partial<AdminMachineContext> {
  if (result.name === 'editTip') return { Stages: replaceTip(context.Stages, result.data) }
  if (result.name === 'editStage') return { Stages: replaceStage(context.Stages, result.data) }
  if (result.name === 'editSchedule') {
    const { data } = result
    return { Schedule: context.Schedule.map((row) => (row.step === data.step ? data : row)) }
  }
  const { change, list }: AnyEffect = adminWriteEffects[result.name]
  if (change === 'deleted') return removeItem(context, { list, id: String(result.data) })
  // The table's types tie each write's list to the type of its answer.
  const item = { list, item: result.data } as ItemCreated
  return change === 'created' ? appendItem(context, item) : replaceItem(context, item)
}
