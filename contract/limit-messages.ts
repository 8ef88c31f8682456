/**
 * A size check's message in the forms' words, by what was measured: text in characters, lists
 * in items, files in bytes, numbers and dates by their value. Shared by the forms and the API so
 * a warranty of 99999 months reads "Use 600 or less", never "Use at most 600 characters".
 */

/** A too_big or too_small issue: zod's raw and finalized issues both fit. */
export type LimitIssue =
  | { code: 'too_big'; origin: string; maximum: number | bigint; inclusive?: boolean }
  | { code: 'too_small'; origin: string; minimum: number | bigint; inclusive?: boolean }

const COUNTED: Partial<Record<string, [one: string, other: string]>> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
  file: ['byte', 'bytes'],
}

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 })

function counted(bound: number | bigint, unit: [string, string]) {
  return `${NUMBER.format(bound)} ${unit[Number(bound) === 1 ? 0 : 1]}`
}

function tooBig(origin: string, bound: number | bigint, inclusive: boolean) {
  const unit = COUNTED[origin]
  if (unit)
    return inclusive
      ? `Use at most ${counted(bound, unit)}`
      : `Use fewer than ${counted(bound, unit)}`
  if (origin === 'date') {
    const day = DAY.format(new Date(Number(bound)))
    return inclusive ? `Use ${day} or earlier` : `Use a date before ${day}`
  }
  return inclusive ? `Use ${NUMBER.format(bound)} or less` : `Use less than ${NUMBER.format(bound)}`
}

function tooSmall(origin: string, bound: number | bigint, inclusive: boolean) {
  const unit = COUNTED[origin]
  if (origin === 'string' && Number(bound) === 1 && inclusive) return 'Required'
  if (unit)
    return inclusive
      ? `Use at least ${counted(bound, unit)}`
      : `Use more than ${counted(bound, unit)}`
  if (origin === 'date') {
    const day = DAY.format(new Date(Number(bound)))
    return inclusive ? `Use ${day} or later` : `Use a date after ${day}`
  }
  return inclusive ? `Use ${NUMBER.format(bound)} or more` : `Use more than ${NUMBER.format(bound)}`
}

export function limitMessage(issue: LimitIssue): string {
  const inclusive = issue.inclusive !== false
  return issue.code === 'too_big'
    ? tooBig(issue.origin, issue.maximum, inclusive)
    : tooSmall(issue.origin, issue.minimum, inclusive)
}
