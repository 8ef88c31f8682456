import type { Measured } from './load'

/** The target: GET /api serves at least half the requests per second of a bare route. */
export const TARGET_RATIO = 0.5

const HEADERS = [
  'target',
  'req/s (avg)',
  'p50 ms',
  'p99 ms',
  'bytes/resp',
  '2xx',
  '3xx',
  '4xx/5xx',
  'errors',
  'vs bare',
]

const integer = (n: number) => Math.round(n).toLocaleString('en-US')
// A route answering a few times a second still shows its rate, not "1".
const rate = (n: number) => (n < 10 ? n.toFixed(1) : integer(n))
// autocannon's latency histogram holds whole milliseconds; no decimals that are not there.
const millis = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1))
// Two significant digits below 1 %: a route thousands of times slower is not "0.0 %".
const percent = (ratio: number) =>
  `${ratio > 0 && ratio < 0.01 ? (ratio * 100).toPrecision(2) : (ratio * 100).toFixed(1)} %`

export const ratioToBare = (row: Measured, bare: Measured) =>
  bare.result.requests.average > 0 ? row.result.requests.average / bare.result.requests.average : 0

function cells(row: Measured, bare: Measured): string[] {
  const { result } = row
  // autocannon counts every answer's bytes and latency (304s and errors too), not only 2xx.
  const answers = result['2xx'] + result.non2xx
  return [
    row.target.label,
    rate(result.requests.average),
    millis(result.latency.p50),
    millis(result.latency.p99),
    // Response size (headers included) tells a cheap route from a route sending more bytes.
    integer(answers > 0 ? result.throughput.total / answers : 0),
    integer(result['2xx']),
    integer(result['3xx']),
    integer(result['4xx'] + result['5xx']),
    integer(result.errors),
    percent(ratioToBare(row, bare)),
  ]
}

/**
 * Plain text, first column left-aligned and numbers right-aligned, for a terminal or a report.
 * `bareOf` names the bare route each row is compared with (a bare row, with itself).
 */
export function table(rows: readonly Measured[], bareOf: (row: Measured) => Measured): string {
  const lines = [HEADERS, ...rows.map((row) => cells(row, bareOf(row)))]
  const widths = HEADERS.map((_, i) => Math.max(...lines.map((line) => (line[i] ?? '').length)))
  const render = (line: string[]) =>
    line
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
  const rule = widths.map((w) => '-'.repeat(w)).join('  ')
  return [render(HEADERS), rule, ...lines.slice(1).map(render)].join('\n')
}

/** No request refused or failed: a 304 is an answer (autocannon counts it as non-2xx). */
export const clean = ({ result }: Measured) =>
  result['4xx'] + result['5xx'] === 0 && result.errors === 0

/** PASS/FAIL for the target; a run with failed requests cannot pass, whatever its speed. */
export function verdict(api: Measured, bare: Measured): string {
  const ratio = ratioToBare(api, bare)
  const fast = ratio >= TARGET_RATIO
  const problems = [api, bare]
    .filter((row) => !clean(row))
    .map(
      (row) => `${row.target.label} had ${row.result.non2xx} non-2xx, ${row.result.errors} errors`,
    )
  const outcome = fast && problems.length === 0 ? 'PASS' : 'FAIL'
  const why = problems.length > 0 ? ` (${problems.join('; ')})` : ''
  return (
    `Verdict: ${outcome}: GET /api served ${percent(ratio)} of the bare route's req/s ` +
    `(target >= ${percent(TARGET_RATIO)})${why}`
  )
}

/** A warning for each row with refusals or errors: its numbers do not measure working `calls`. */
/** The non-2xx answers by status, e.g. " (409: 12, 401: 3)". */
function statusesOf(result: Measured['result']): string {
  const refused = Object.entries(result.statusCodeStats ?? {}).filter(
    ([status]) => !status.startsWith('2'),
  )
  if (refused.length === 0) return ''
  return ` (${refused.map(([status, { count }]) => `${status}: ${count}`).join(', ')})`
}

export function refusalWarnings(rows: readonly Measured[], calls: string): string[] {
  return rows
    .filter((row) => !clean(row))
    .map(
      ({ target, result }) =>
        `WARNING: ${target.label} had ${result.non2xx} non-2xx answers${statusesOf(result)} and ` +
        `${result.errors} errors: its numbers do not measure working ${calls} only.`,
    )
}
