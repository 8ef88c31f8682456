import { adminEffects, staleOf, type AdminUpdate } from '../../contract/routes/effects'
import type { AdminWriteName } from '../../contract/routes'
import type { ScheduleRow } from '../../contract'
import type { StepScope } from '../../contract/bids'
import type { CityChecklist } from '../../contract/checklists'
import type { AdminCall, AdminCallResult, AdminMachineContext } from './admin.types'
import { appendItem, removeItem, replaceItem, replaceStage, replaceTip } from './admin-lists'

/** Whether the whole data is fetched again after `call`: its entry's effects say it is stale. */
export const makesDataStale = (call: AdminCall): boolean => {
  return staleOf(adminEffects[call.name]).includes('adminData')
}

/** The seed's admin-data update for what a write's answer changed, as its entry says. */
export function applyWrite(
  context: AdminMachineContext,
  result: AdminCallResult,
): Partial<AdminMachineContext> {
  const { updates }: { updates: AdminUpdate<AdminWriteName> } = adminEffects[result.name]
  // The effects' types tie each write's update to the type of its answer.
  const data = result.data as never
  if (updates === 'tip') return { Stages: replaceTip(context.Stages, data) }
  if (updates === 'stage') return { Stages: replaceStage(context.Stages, data) }
  if (updates === 'scheduleRow') {
    const row: ScheduleRow = data
    return { Schedule: context.Schedule.map((held) => (held.step === row.step ? row : held)) }
  }
  if (updates === 'scopeStep') {
    const scope: StepScope = data
    return { Scope: context.Scope.map((held) => (held.step === scope.step ? scope : held)) }
  }
  if (updates === 'cityChecklist') {
    const edited: CityChecklist = data
    const same = (held: CityChecklist) =>
      held.cityId === edited.cityId && held.inspection === edited.inspection
    return {
      Checklists: context.Checklists.some(same)
        ? context.Checklists.map((held) => (same(held) ? edited : held))
        : [...context.Checklists, edited],
    }
  }
  if ('deleted' in updates) return removeItem(context, { list: updates.deleted, id: data })
  if ('created' in updates) return appendItem(context, { list: updates.created, item: data })
  return replaceItem(context, { list: updates.edited, item: data })
}
