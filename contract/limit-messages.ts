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

/** Each limit's words, [inclusive, exclusive]: for a count, a date and a value. */
const WORDS = {
  too_big: {
    count: ['at most', 'fewer than'],
    date: ['or earlier', 'before'],
    value: ['or less', 'less than'],
  },
  too_small: {
    count: ['at least', 'more than'],
    date: ['or later', 'after'],
    value: ['or more', 'more than'],
  },
} as const

export function limitMessage(issue: LimitIssue): string {
  const bound = issue.code === 'too_big' ? issue.maximum : issue.minimum
  const inclusive = issue.inclusive !== false
  const words = WORDS[issue.code]
  const unit = COUNTED[issue.origin]
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(bound) === 1 && inclusive)
    return 'Required'
  if (unit) return `Use ${words.count[inclusive ? 0 : 1]} ${counted(bound, unit)}`
  if (issue.origin === 'date') {
    const day = DAY.format(new Date(Number(bound)))
    return inclusive ? `Use ${day} ${words.date[0]}` : `Use a date ${words.date[1]} ${day}`
  }
  const value = NUMBER.format(bound)
  return inclusive ? `Use ${value} ${words.value[0]}` : `Use ${words.value[1]} ${value}`
}
