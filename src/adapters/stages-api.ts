import type { Stage } from '../../contract/domain'
import { createApi } from './api'

// The stages are public: this page needs no session, so no token is ever sent.
const publicApi = createApi({ getToken: () => null })

/**
 * GET /api: the 10 priced stages with their design tips, in build order.
 * Fails with an ApiError whose message can be shown as is.
 */
export function fetchStages(signal?: AbortSignal): Promise<Stage[]> {
  return publicApi.stages(signal)
}
