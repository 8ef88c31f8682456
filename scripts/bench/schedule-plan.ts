// The scheduling micro-bench of `npm run bench`: how long the contract's plan() takes for the
// 13 steps, and timeline() for a project half built (what GET /api/timeline computes), each
// against a floor measured in the same run: the same 13 spans copied from dates already known,
// which is what answering costs without any date arithmetic. In-process and CPU only: a
// fraction of a second.
import { STEP_SLUGS, DEFAULT_SCHEDULE, type StepSlug } from '../../contract/construction'
import { firstBaseline, plan, timeline, type ProjectFacts } from '../../contract/scheduling'
import { textTable } from './text-table'

/** The target: a plan in under 1 ms. */
export const TARGET_PLAN_MS = 1

const WARM_UP_CALLS = 500
const BATCHES = 30
const CALLS_PER_BATCH = 200

export type Timed = { label: string; medianMs: number; worstMs: number }

/** Per-call milliseconds: the median and the slowest of several batches, after a warm-up. */
function timed(label: string, call: () => unknown): Timed {
  for (let i = 0; i < WARM_UP_CALLS; i++) call()
  const perCall: number[] = []
  for (let b = 0; b < BATCHES; b++) {
    const started = performance.now()
    for (let i = 0; i < CALLS_PER_BATCH; i++) call()
    perCall.push((performance.now() - started) / CALLS_PER_BATCH)
  }
  perCall.sort((x, y) => x - y)
  return { label, medianMs: perCall[Math.floor(BATCHES / 2)] ?? 0, worstMs: perCall.at(-1) ?? 0 }
}

const START = '2030-03-04'
const TODAY = '2030-04-25'

/** Design to permits done, steel started and running late, the layout inspection passed. */
function halfBuilt(): ProjectFacts {
  const planned = plan(START, DEFAULT_SCHEDULE)
  const done = (step: StepSlug) => ({ startedOn: planned[step].start, doneOn: planned[step].end })
  const facts: ProjectFacts = {
    startDate: START,
    baseline: null,
    steps: {
      'pool-design': done('pool-design'),
      engineering: done('engineering'),
      permits: done('permits'),
      excavation: done('excavation'),
      steel: { startedOn: planned.steel.start, doneOn: null },
    },
    inspections: {
      layout: {
        status: 'passed',
        date: planned.permits.end,
        notes: '',
        history: [{ status: 'passed', date: planned.permits.end, notes: '' }],
      },
    },
  }
  const baseline = firstBaseline(
    { ...facts, startDate: START, steps: {} },
    DEFAULT_SCHEDULE,
    `${START}T08:00:00Z`,
  )
  return { ...facts, baseline }
}

export type PlanReport = { plan: Timed; timeline: Timed; floor: Timed }

export function measurePlan(): PlanReport {
  const known = plan(START, DEFAULT_SCHEDULE)
  const facts = halfBuilt()
  return {
    plan: timed('plan(), 13 steps from a Monday', () => plan(START, DEFAULT_SCHEDULE)),
    timeline: timed('timeline(), half built, one step late', () =>
      timeline(facts, DEFAULT_SCHEDULE, TODAY),
    ),
    floor: timed('floor: the 13 spans copied, no date arithmetic', () =>
      Object.fromEntries(STEP_SLUGS.map((s) => [s, { start: known[s].start, end: known[s].end }])),
    ),
  }
}

const micros = (ms: number) => (ms * 1000).toFixed(1)
const times = (ratio: number) => `${ratio.toFixed(1)}x`

export function planSection(report: PlanReport): string {
  const row = (t: Timed) => [
    t.label,
    micros(t.medianMs),
    micros(t.worstMs),
    times(report.floor.medianMs > 0 ? t.medianMs / report.floor.medianMs : 0),
  ]
  // The median: a busy machine's slowest batch measures the machine, not the code.
  const fast = report.plan.medianMs < TARGET_PLAN_MS
  return [
    `Scheduling (issue 11): the contract's date arithmetic, in-process, ${BATCHES} batches of ` +
      `${CALLS_PER_BATCH} calls after ${WARM_UP_CALLS} warm-up calls; µs per call`,
    textTable([
      ['computes', 'median µs', 'worst batch µs', 'vs floor'],
      row(report.plan),
      row(report.timeline),
      row(report.floor),
    ]),
    '',
    `Verdict: ${fast ? 'PASS' : 'FAIL'}: a plan takes ${micros(report.plan.medianMs)} µs ` +
      `(median; target < ${TARGET_PLAN_MS * 1000} µs)`,
  ].join('\n')
}
