import { vi } from 'vitest'
import { INSPECTION_SLUGS } from '../../../contract'
import { defaultChecklist } from '../../../contract/checklist-defaults'
import { PHOTO_FIRST, type CheckedItem, type Checklist } from '../../../contract/checklists'
import type { InspectionSlug } from '../../../contract/construction'
import type { ClientCall, ClientCallResult } from '../../../machines/client/client.machine'
import { apiProblem } from '../auth/harness'

/**
 * A fake of the checklist calls behind the network edge: a Texas city's defaults, ticked as the
 * server ticks them (a photo item only with a photo: the server's 400 with its field message).
 */
export function createFakeChecklistsApi() {
  let checklists: Checklist[] = INSPECTION_SLUGS.map((inspection) => {
    const { someoneHome, items } = defaultChecklist(inspection, 'TX')
    return {
      inspection,
      someoneHome,
      items: items.map((item) => ({ ...item, checked: false, fileIds: [] })),
    }
  })
  const handle = async (call: ClientCall): Promise<ClientCallResult> => {
    switch (call.name) {
      case 'checklists':
        return { name: 'checklists', data: checklists }
      case 'tickChecklistItem': {
        const { inspection, itemId, body } = call
        const list = checklists.find((c) => c.inspection === inspection)
        const item = list?.items.find((i) => i.id === itemId)
        if (!list || !item) throw apiProblem(404, 'NOT_FOUND', 'This item is not on the checklist.')
        const fileIds = body.fileIds ?? item.fileIds
        if (body.checked && item.photo && fileIds.length === 0)
          throw Object.assign(apiProblem(400, 'VALIDATION_FAILED', PHOTO_FIRST), {
            fieldErrors: { checked: [PHOTO_FIRST] },
          })
        const ticked: Checklist = {
          ...list,
          items: list.items.map((i) =>
            i.id === itemId ? { ...i, checked: body.checked, fileIds } : i,
          ),
        }
        checklists = checklists.map((c) => (c.inspection === inspection ? ticked : c))
        return { name: 'tickChecklistItem', data: ticked }
      }
      default:
        throw new Error(`The fake checklists API has no ${call.name}`)
    }
  }
  /** What a passed or failed inspection keeps of its checklist, as the server keeps it. */
  const checkedOf = (inspection: InspectionSlug): CheckedItem[] =>
    (checklists.find((c) => c.inspection === inspection)?.items ?? []).map(
      ({ id, text, checked }) => ({ itemId: id, text, checked }),
    )
  return { handle: vi.fn(handle), checkedOf }
}
