import { describe, expect, it } from 'vitest'
import { setup } from 'xstate'
import { definedTransitions, modelCoverage } from './coverage'
import mutationFixture from './fixtures/mutation.json'
import { MODELS, type ModelEntry } from './models'
import { coveringPaths, formatPath, keyedTestModel } from './paths'
import { modelReport, mutationScores, parseMutationReport, realReport } from './paths-report'
import { REAL_MACHINES, UNREACHABLE } from './real-machines'

// A model with a state no path reaches: its guard never lets PICK's first branch through.
const tinyModel = setup({
  types: { events: {} as { type: 'GO' } | { type: 'BACK' } | { type: 'PICK' } | { type: 'JUMP' } },
  guards: { never: () => false },
}).createMachine({
  id: 'tiny',
  initial: 'a',
  states: {
    a: { on: { GO: 'b', PICK: [{ guard: 'never', target: 'island' }, { target: 'b' }] } },
    b: { on: { BACK: 'a', GO: 'b' } },
    island: { on: { JUMP: 'a' } },
  },
})
const tiny: ModelEntry = {
  name: 'tiny',
  model: tinyModel,
  shortestPaths: () => keyedTestModel(tinyModel, []).getShortestPaths(),
  simplePaths: () => keyedTestModel(tinyModel, []).getSimplePaths(),
}

const modelEntry = (name: string) => {
  const entry = MODELS.find((model) => model.name === name)
  if (!entry) throw new Error(`No ${name} model in MODELS`)
  return entry
}

describe("a model's report", () => {
  const report = modelReport(tiny, true)
  const transition = (key: string) => report.transitions.find((row) => row.key === key)
  const numbersWhere = (labels: readonly string[], part: string) =>
    labels.flatMap((label, index) => (label.includes(part) ? [index + 1] : []))
  const shortestLabels = report.shortest.map(({ label }) => label)

  it('gives every transition with the shortest paths that take it', () => {
    expect(report.transitions.map(({ key }) => key)).toEqual(definedTransitions(tinyModel))
    expect(transition('tiny.a GO#0')?.shortest).toEqual(numbersWhere(shortestLabels, 'a → GO → b'))
    expect(transition('tiny.b GO#0')?.shortest).toEqual(numbersWhere(shortestLabels, 'b → GO → b'))
    expect(transition('tiny.b BACK#0')?.shortest).toEqual(
      numbersWhere(shortestLabels, 'b → BACK → a'),
    )
    expect(transition('tiny.a PICK#1')?.shortest).toEqual(
      numbersWhere(shortestLabels, 'a → PICK → b'),
    )
    expect(transition('tiny.b BACK#0')?.shortest).not.toEqual([])
  })

  it('names where each transition starts and leads, and which branch of its event it is', () => {
    expect(transition('tiny.b BACK#0')).toMatchObject({
      from: 'tiny.b',
      event: 'BACK',
      branch: null,
      to: ['tiny.a'],
    })
    expect(transition('tiny.a PICK#0')).toMatchObject({ branch: 1, to: ['tiny.island'] })
    expect(transition('tiny.a PICK#1')).toMatchObject({ branch: 2, to: ['tiny.b'] })
  })

  it('flags what no shortest path takes', () => {
    expect(transition('tiny.a PICK#0')).toMatchObject({ shortest: [], chromium: [], simple: 0 })
    expect(transition('tiny.island JUMP#0')).toMatchObject({ shortest: [], chromium: [] })
    expect(report.states.find(({ id }) => id === 'tiny.island')?.shortest).toEqual([])
    expect(report.coverage.states.missing).toEqual(['tiny.island'])
    expect(report.coverage.transitions.missing).toEqual(['tiny.a PICK#0', 'tiny.island JUMP#0'])
  })

  it('counts the simple paths that take each transition, only when asked for', () => {
    const simpleLabels = report.simple ?? []
    expect(transition('tiny.b BACK#0')?.simple).toBe(
      numbersWhere(simpleLabels, 'b → BACK → a').length,
    )
    expect(transition('tiny.a GO#0')?.simple).toBeGreaterThan(0)
    const without = modelReport(tiny, false)
    expect(without.simple).toBeNull()
    expect(without.transitions.every(({ simple }) => simple === null)).toBe(true)
  })

  it('marks of the shortest paths those Chromium runs: the covering ones', () => {
    const entry = modelEntry('admin')
    const admin = modelReport(entry, false)
    const chromium = admin.shortest.filter((path) => path.chromium)
    expect(chromium.map(({ label }) => label).sort()).toEqual(
      coveringPaths(entry.model, entry.shortestPaths()).map(formatPath).sort(),
    )
    const inChromium = new Set(chromium.map(({ number }) => number))
    for (const row of admin.transitions) {
      expect(row.chromium).toEqual(row.shortest.filter((number) => inChromium.has(number)))
    }
    // Chromium runs fewer paths, so some transition is taken by fewer of them.
    expect(admin.transitions.some((row) => row.chromium.length < row.shortest.length)).toBe(true)
  })

  it('agrees with the coverage test on a real model', () => {
    const entry = modelEntry('trade-portal')
    const real = modelReport(entry, false)
    expect(real.coverage).toEqual(modelCoverage(entry.model, entry.shortestPaths()))
    expect(real.transitions.filter(({ shortest }) => shortest.length === 0)).toEqual([])
  })
})

describe('the real machines in the report', () => {
  const [first, second, third] = definedTransitions(REAL_MACHINES.admin)
  const [unreachable] = Object.keys(UNREACHABLE)
  const at = new Date('2026-11-29T12:00:00Z')

  it('gives per transition the models whose recorded runs took it, and what none took', () => {
    const report = realReport([
      { model: 'admin', run: { at, taken: { admin: [first ?? '', second ?? ''] } } },
      { model: 'builder', run: { at, taken: { admin: [second ?? ''] } } },
      { model: 'session', run: null },
    ])
    expect(report.notRecorded).toEqual(['session'])
    expect(report.recorded.map(({ model }) => model)).toEqual(['admin', 'builder'])
    const admin = report.machines?.find(({ id }) => id === 'admin')
    const row = (key?: string) => admin?.transitions.find((transition) => transition.key === key)
    expect(row(first)?.takenBy).toEqual(['admin'])
    expect(row(second)?.takenBy).toEqual(['admin', 'builder'])
    expect(row(third)?.takenBy).toEqual([])
    expect(row(unreachable)?.unreachable).toBe(UNREACHABLE[unreachable ?? ''])
    expect(admin?.coverage.all.covered).toEqual([first, second])
  })

  it('has no machines to show before any run is recorded', () => {
    const report = realReport([{ model: 'admin', run: null }])
    expect(report.machines).toBeNull()
    expect(report.notRecorded).toEqual(['admin'])
  })
})

describe('the mutation score', () => {
  it('is killed and timed out of the valid mutants, per folder and over every file', () => {
    const scores = mutationScores(parseMutationReport(mutationFixture))
    expect(scores.map(({ folder, files, score }) => ({ folder, files, score }))).toEqual([
      { folder: 'contract/', files: 2, score: (100 * 4) / 6 },
      { folder: 'machines/', files: 1, score: 50 },
      // server/plugins/core/ is not server/plugins/app/.
      { folder: 'server/plugins/app/', files: 1, score: 75 },
      { folder: null, files: 5, score: 60 },
    ])
    expect(scores[0]?.counts).toMatchObject({
      Killed: 3,
      Timeout: 1,
      Survived: 1,
      NoCoverage: 1,
      CompileError: 1,
      Ignored: 1,
    })
  })

  it('has no score where no mutant counts', () => {
    const scores = mutationScores(
      parseMutationReport({ files: { 'contract/a.ts': { mutants: [{ status: 'Ignored' }] } } }),
    )
    expect(scores[0]).toMatchObject({ folder: 'contract/', files: 1, score: null })
    expect(scores[1]).toMatchObject({ folder: 'machines/', files: 0, score: null })
  })

  it('refuses a file that is not such a report', () => {
    expect(() =>
      parseMutationReport({ files: { 'a.ts': { mutants: [{ status: 'Eaten' }] } } }),
    ).toThrow()
    expect(() => parseMutationReport({ mutants: [] })).toThrow()
  })
})
