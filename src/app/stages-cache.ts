import type { Stage } from '../../contract'

export const STAGES_KEEP_MS = 60_000

/**
 * The stage list from GET /api (seed §2): loaded at start and kept 60 s after its last use,
 * so moving between screens does not refetch it. A failed load is not kept.
 */
export function createStagesCache(
  load: (signal?: AbortSignal) => Promise<Stage[]>,
  now = Date.now,
) {
  let entry: { value: Promise<Stage[]>; usedAt: number } | null = null
  return (): Promise<Stage[]> => {
    const at = now()
    if (!entry || at - entry.usedAt > STAGES_KEEP_MS) {
      const value = load()
      entry = { value, usedAt: at }
      value.catch(() => {
        if (entry?.value === value) entry = null
      })
    }
    entry.usedAt = at
    return entry.value
  }
}
