import { envelope, StagesData } from '../../contract/api'
import type { Stage } from '../../contract/domain'
import { describeHttpError, http } from './http'

const StagesResponse = envelope(StagesData)

/**
 * GET /api: the 10 priced stages with their design tips, in build order.
 * Fails with an Error whose message can be shown as is.
 */
export async function fetchStages(signal?: AbortSignal): Promise<Stage[]> {
  try {
    const body: unknown = await http.get('/api', { signal }).json()
    return [...StagesResponse.parse(body).Data].sort((a, b) => a.order - b.order)
  } catch (error) {
    if (signal?.aborted) throw error
    throw new Error(describeHttpError(error), { cause: error })
  }
}
