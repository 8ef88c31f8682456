/**
 * Inspection checklists (PRODUCT.md §16, §18a): the owner reads and ticks the project's; the
 * back office edits a city's.
 */
import { z } from 'zod/mini'
import {
  Checklist,
  ChecklistEditBody,
  ChecklistItemParams,
  ChecklistTickBody,
  CityChecklist,
  CityChecklistParams,
} from '../checklists'
import type { RouteDef } from './types'

export const checklistRoutes = {
  checklists: {
    method: 'GET',
    path: '/api/checklists',
    access: 'builder',
    etag: true,
    data: z.array(Checklist),
  },
  tickChecklistItem: {
    method: 'PUT',
    path: '/api/checklists/:inspection/:itemId',
    access: 'builder',
    params: ChecklistItemParams,
    body: ChecklistTickBody,
    data: Checklist,
  },
} as const satisfies Record<string, RouteDef>

export const checklistAdminRoutes = {
  editChecklist: {
    method: 'PUT',
    path: '/api/admin/checklists/edit/:cityId/:inspection',
    access: 'admin',
    params: CityChecklistParams,
    body: ChecklistEditBody,
    data: CityChecklist,
  },
} as const satisfies Record<string, RouteDef>
