/**
 * Levelling (PRODUCT.md §14, §18a): the owner reads the steps' scope items, which quotes are
 * levelled on; the back office edits a step's.
 */
import { z } from 'zod/mini'
import { ScopeEditBody, StepScope } from '../bids'
import { StepSlug } from '../construction'
import type { RouteDef } from './types'

export const ScopeParams = z.strictObject({ step: StepSlug })

export const scopeRoutes = {
  scope: {
    method: 'GET',
    path: '/api/scope',
    access: 'builder',
    etag: true,
    data: z.array(StepScope),
  },
} as const satisfies Record<string, RouteDef>

export const scopeAdminRoutes = {
  editScope: {
    method: 'PUT',
    path: '/api/admin/scope/edit/:step',
    access: 'admin',
    params: ScopeParams,
    body: ScopeEditBody,
    data: StepScope,
  },
} as const satisfies Record<string, RouteDef>
