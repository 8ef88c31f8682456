/**
 * The steps' scope items on the wire (PRODUCT.md §14): apart from bids.ts so the back office's
 * data, whose schema loads with the sign-in page, carries them without the bids' schemas.
 */
import { z } from 'zod/mini'
import { StepSlug } from './construction'

export const ScopeItem = z.object({ id: z.uuid(), text: z.string(), share: z.int() })
export type ScopeItem = z.infer<typeof ScopeItem>

export const StepScope = z.object({ step: StepSlug, items: z.array(ScopeItem) })
export type StepScope = z.infer<typeof StepScope>
