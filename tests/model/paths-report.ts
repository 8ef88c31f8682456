import { z } from 'zod/mini'
import {
  definedTransitions,
  leafStates,
  modelCoverage,
  tally,
  transitionTargets,
  type Tally,
  type TransitionKey,
} from './coverage'
import type { ModelEntry, ModelPath } from './models'
import { coveringPaths, formatPath } from './paths'
import {
  REAL_MACHINES,
  realCoverage,
  UNREACHABLE,
  type RealCoverage,
  type RealMachineId,
} from './real-machines'

/**
 * What `npm run test:paths -- --report` shows QA, as data: per model its paths and which of
 * them take each state and transition, what the recorded jsdom runs took of the real machines,
 * and Stryker's mutation score per folder. paths-report-page.tsx turns it into the page. Free of
 * test-runner imports.
 */

/** A shortest path, numbered as the page lists it; every one runs in jsdom. */
export type ReportedPath = { number: number; label: string; chromium: boolean }

export type ReportedState = {
  id: string
  /** The numbers of the shortest paths that visit it. */
  shortest: number[]
}

export type ReportedTransition = {
  key: TransitionKey
  from: string
  event: string
  /** Its place among the event's guarded branches in `from`; null when the event has one. */
  branch: number | null
  /** The target states' ids; none when it stays where it is. */
  to: string[]
  /** The numbers of the shortest paths that take it: each runs in jsdom. */
  shortest: number[]
  /** Those of them Chromium runs too. */
  chromium: number[]
  /** How many simple paths take it; null when simple paths were not asked for. */
  simple: number | null
}

export type ModelReport = {
  name: string
  shortest: ReportedPath[]
  /** Every simple path, as QA reads it; no test runs them. Null when not asked for. */
  simple: string[] | null
  states: ReportedState[]
  transitions: ReportedTransition[]
  /** By the shortest paths. */
  coverage: { states: Tally; transitions: Tally }
}

type PathsTaken = { states: Set<string>; transitions: Set<TransitionKey> }

const taken = (model: ModelEntry['model'], path: ModelPath): PathsTaken => {
  const { states, transitions } = modelCoverage(model, [path])
  return { states: new Set(states.covered), transitions: new Set(transitions.covered) }
}

const numbersOf = (paths: readonly PathsTaken[], has: (path: PathsTaken) => boolean) =>
  paths.flatMap((path, index) => (has(path) ? [index + 1] : []))

/**
 * One model's states and transitions, each with the paths that take it, as the tests run them:
 * every shortest path in jsdom, the covering ones among them in Chromium. `withSimple` adds the
 * simple paths, which can take minutes to generate for the larger models.
 */
export function modelReport(entry: ModelEntry, withSimple: boolean): ModelReport {
  const shortestPaths = entry.shortestPaths()
  const inChromium = new Set(coveringPaths(entry.model, shortestPaths))
  const byShortest = shortestPaths.map((path) => taken(entry.model, path))
  const simplePaths = withSimple ? entry.simplePaths() : null
  const bySimple = simplePaths?.map((path) => taken(entry.model, path)) ?? null
  const chromiumNumbers = new Set(
    shortestPaths.flatMap((path, index) => (inChromium.has(path) ? [index + 1] : [])),
  )

  const stateIds = leafStates(entry.model)
  const targets = transitionTargets(entry.model)
  const keys = definedTransitions(entry.model)
  const branchesOf = (key: TransitionKey) => key.slice(0, key.lastIndexOf('#'))

  const reportedTransitions = keys.map((key) => {
    const space = key.indexOf(' ')
    const hash = key.lastIndexOf('#')
    const shortest = numbersOf(byShortest, (path) => path.transitions.has(key))
    const siblings = keys.filter((other) => branchesOf(other) === branchesOf(key)).length
    return {
      key,
      from: key.slice(0, space),
      event: key.slice(space + 1, hash),
      branch: siblings > 1 ? Number(key.slice(hash + 1)) + 1 : null,
      to: targets.get(key) ?? [],
      shortest,
      chromium: shortest.filter((number) => chromiumNumbers.has(number)),
      simple: bySimple && bySimple.filter((path) => path.transitions.has(key)).length,
    }
  })
  const reportedStates = stateIds.map((id) => ({
    id,
    shortest: numbersOf(byShortest, (path) => path.states.has(id)),
  }))
  const visited = <TRow extends { shortest: number[] }>(rows: readonly TRow[]) =>
    rows.filter((row) => row.shortest.length > 0)

  return {
    name: entry.name,
    shortest: shortestPaths.map((path, index) => ({
      number: index + 1,
      label: formatPath(path),
      chromium: inChromium.has(path),
    })),
    simple: simplePaths?.map(formatPath) ?? null,
    states: reportedStates,
    transitions: reportedTransitions,
    coverage: {
      states: tally(stateIds, new Set(visited(reportedStates).map(({ id }) => id))),
      transitions: tally(
        reportedTransitions.map(({ key }) => key),
        new Set(visited(reportedTransitions).map(({ key }) => key)),
      ),
    },
  }
}

/** What one model's jsdom run left in `.tmp/paths/real-<model>.json`, and when; null when never run. */
export type RealRecord = {
  model: string
  run: { at: Date; taken: Partial<Record<string, readonly TransitionKey[]>> } | null
}

export type RealMachineReport = {
  id: RealMachineId
  /** What the recorded runs took together. */
  coverage: RealCoverage
  /** Every transition the machine defines, folded as `realCoverage` folds them. */
  transitions: { key: TransitionKey; takenBy: string[]; unreachable: string | null }[]
}

export type RealReport = {
  /** The models whose runs were recorded, with what each took of each machine. */
  recorded: { model: string; at: Date; coverage: Record<RealMachineId, RealCoverage> }[]
  /** The models with no recorded run yet. */
  notRecorded: string[]
  /** Null when no run was recorded. */
  machines: RealMachineReport[] | null
}

/** The real machines' transitions the recorded jsdom runs took, per model and together. */
export function realReport(records: readonly RealRecord[]): RealReport {
  const recorded = records.flatMap(({ model, run }) =>
    run ? [{ model, at: run.at, coverage: realCoverage(run.taken) }] : [],
  )
  const together = realCoverage(
    Object.fromEntries(
      Object.keys(REAL_MACHINES).map((id) => [
        id,
        records.flatMap(({ run }) => run?.taken[id] ?? []),
      ]),
    ),
  )
  const ids = Object.keys(REAL_MACHINES) as RealMachineId[]
  return {
    recorded,
    notRecorded: records.filter(({ run }) => !run).map(({ model }) => model),
    machines: recorded.length
      ? ids.map((id) => ({
          id,
          coverage: together[id],
          transitions: [...together[id].all.covered, ...together[id].all.missing].map((key) => ({
            key,
            takenBy: recorded
              .filter(({ coverage }) => coverage[id].all.covered.includes(key))
              .map(({ model }) => model),
            unreachable: UNREACHABLE[key] ?? null,
          })),
        }))
      : null,
  }
}

const MUTANT_STATUSES = [
  'Killed',
  'Survived',
  'NoCoverage',
  'Timeout',
  'CompileError',
  'RuntimeError',
  'Ignored',
  'Pending',
] as const
export type MutantStatus = (typeof MUTANT_STATUSES)[number]

/** The part of Stryker's JSON report (mutation-testing-report-schema) the score is made of. */
const mutationReportSchema = z.object({
  files: z.record(
    z.string(),
    z.object({ mutants: z.array(z.object({ status: z.enum(MUTANT_STATUSES) })) }),
  ),
})
export type MutationReport = z.infer<typeof mutationReportSchema>

/** Reads Stryker's `mutation.json`; throws, naming what is wrong, when it is not such a report. */
export const parseMutationReport = (json: unknown): MutationReport =>
  mutationReportSchema.parse(json)

/** The folders whose mutation score the page gives, as Stryker names their files. */
export const MUTATION_FOLDERS = ['contract/', 'machines/', 'server/plugins/app/'] as const

export type MutationScore = {
  /** A folder of MUTATION_FOLDERS, or null for every file mutated. */
  folder: string | null
  files: number
  counts: Record<MutantStatus, number>
  /** Detected of the valid mutants, as Stryker counts its score, in %; null when none. */
  score: number | null
}

/** The mutation score per folder of MUTATION_FOLDERS, then over every file mutated. */
export function mutationScores(report: MutationReport): MutationScore[] {
  const files = Object.entries(report.files).map(
    ([name, file]) => [name.replaceAll('\\', '/').replace(/^\.\//, ''), file] as const,
  )
  const score = (folder: string | null): MutationScore => {
    const inFolder = files.filter(([name]) => folder === null || name.startsWith(folder))
    const counts = Object.fromEntries(MUTANT_STATUSES.map((status) => [status, 0])) as Record<
      MutantStatus,
      number
    >
    for (const [, { mutants }] of inFolder) for (const { status } of mutants) counts[status] += 1
    const detected = counts.Killed + counts.Timeout
    const valid = detected + counts.Survived + counts.NoCoverage
    return {
      folder,
      files: inFolder.length,
      counts,
      score: valid === 0 ? null : (100 * detected) / valid,
    }
  }
  return [...MUTATION_FOLDERS.map(score), score(null)]
}

export type PathsReport = {
  models: ModelReport[]
  real: RealReport
  /** When Stryker's report was written, and its scores; null when Stryker has not been run. */
  mutation: { at: Date; scores: MutationScore[] } | null
}

/** Everything the page shows, from the models and what the last runs left on disk. */
export function pathsReport(input: {
  models: readonly ModelEntry[]
  withSimple: boolean
  real: readonly RealRecord[]
  mutation: { at: Date; report: MutationReport } | null
}): PathsReport {
  return {
    models: input.models.map((entry) => modelReport(entry, input.withSimple)),
    real: realReport(input.real),
    mutation: input.mutation && {
      at: input.mutation.at,
      scores: mutationScores(input.mutation.report),
    },
  }
}
