import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { modelCoverage } from './coverage'
import { MODELS } from './models'
import { SEED_EVENTS_NOT_SENT, UNREACHABLE } from './real-machines'

/** Every source file of the app, as text. */
const appSources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return appSources(file)
    return /\.tsx?$/.test(entry.name) ? [fs.readFileSync(file, 'utf8')] : []
  })

describe('the generated paths', () => {
  for (const { name, model, shortestPaths } of MODELS) {
    it(`visit every state and take every transition of the ${name} model`, () => {
      const coverage = modelCoverage(model, shortestPaths())
      expect(coverage.states.missing).toEqual([])
      expect(coverage.transitions.missing).toEqual([])
    })
  }
})

describe('the transitions counted as out of reach', () => {
  it('handle events that no screen sends', () => {
    const sources = appSources(path.resolve('src')).join('\n')
    for (const event of SEED_EVENTS_NOT_SENT) {
      expect(sources).not.toContain(`'${event}'`)
      expect(Object.keys(UNREACHABLE).some((key) => key.includes(` ${event}#`))).toBe(true)
    }
  })
})
