import { describe, expect, it, vi } from 'vitest'
import { createStagesCache, STAGES_KEEP_MS } from '../../src/app/stages-cache'

describe('stages cache', () => {
  it('loads once, keeps the list 60 s after its last use, then loads again', async () => {
    let now = 0
    const load = vi.fn(async () => [])
    const stages = createStagesCache(load, () => now)
    await stages()
    now += STAGES_KEEP_MS - 1
    await stages()
    now += STAGES_KEEP_MS
    await stages()
    expect(load).toHaveBeenCalledTimes(1)
    now += STAGES_KEEP_MS + 1
    await stages()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('does not keep a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce([])
    const stages = createStagesCache(load, () => 0)
    await expect(stages()).rejects.toThrow('offline')
    await expect(stages()).resolves.toEqual([])
    expect(load).toHaveBeenCalledTimes(2)
  })
})
