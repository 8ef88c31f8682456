import { percent, type Tally } from './coverage'
import { realCoverage, UNREACHABLE } from './real-machines'

/** Coverage as QA reads it, in Markdown tables. Free of test-runner imports. */

/** `covered/all (percent %)`, as every coverage table gives it. */
export const figure = (tally: Tally) => {
  const total = tally.covered.length + tally.missing.length
  return `${tally.covered.length}/${total} (${percent(tally).toFixed(1)} %)`
}

/** The model's own states and transitions, as the generated paths visit them. */
export function formatModelCoverage(
  name: string,
  coverage: { states: Tally; transitions: Tally },
): string {
  const missing = [...coverage.states.missing, ...coverage.transitions.missing]
  return [
    `| ${name} model | covered |`,
    '|---|---|',
    `| states | ${figure(coverage.states)} |`,
    `| transitions | ${figure(coverage.transitions)} |`,
    ...(missing.length ? ['', 'Not visited:', ...missing.map((key) => `- ${key}`)] : []),
  ].join('\n')
}

/**
 * The real machines' transitions a run took: against all they define, and against those a
 * screen can reach (UNREACHABLE lists the others and why); then what is left to take.
 */
export function formatRealCoverage(taken: Partial<Record<string, readonly string[]>>): string {
  const coverage = realCoverage(taken)
  const rows = Object.entries(coverage).map(
    ([id, { all, reachable }]) => `| ${id} | ${figure(all)} | ${figure(reachable)} |`,
  )
  const left = Object.values(coverage).flatMap(({ all }) => all.missing)
  return [
    '| machine | transitions taken | of those a screen can reach |',
    '|---|---|---|',
    ...rows,
    ...(left.length
      ? [
          '',
          'Not taken:',
          ...left.map((key) => `- ${key}${key in UNREACHABLE ? ` — ${UNREACHABLE[key]}` : ''}`),
        ]
      : []),
  ].join('\n')
}
