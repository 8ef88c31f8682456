import path from 'node:path'
import { createLogger, loadConfigFromFile } from 'vite'
import { describe, expect, it } from 'vitest'

describe('vite.config.ts', () => {
  it('loads without a warning, so `npm run build` and `npm start` print none', async () => {
    const warnings: string[] = []
    const logger = { ...createLogger('silent'), warn: (message: string) => warnings.push(message) }
    const loaded = await loadConfigFromFile(
      { command: 'build', mode: 'production' },
      undefined,
      path.resolve(import.meta.dirname, '../..'),
      'warn',
      logger,
    )
    expect(loaded?.config.build?.outDir).toBe('dist')
    expect(warnings).toEqual([])
  })
})
