import type { z } from 'zod/mini'

/** What a field of each type holds, as a person would say it. */
const NOUNS: Partial<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
}

const UNITS: Partial<Record<string, [one: string, other: string]>> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
}

function limit(bound: number | bigint, origin: string) {
  const unit = UNITS[origin]
  return unit ? `${bound} ${unit[Number(bound) === 1 ? 0 : 1]}` : String(bound)
}

/**
 * The API's words for the contract's checks that carry no message of their own, in the style
 * of the forms ("Use at most 200 characters"), rather than zod's ("Too big: expected string to
 * have <=200 characters"). Undefined leaves an issue to zod's English locale.
 */
export const fieldMessage = (issue: z.core.$ZodRawIssue): string | undefined => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Required'
      return NOUNS[issue.expected] && `Expected ${NOUNS[issue.expected]}`
    case 'too_big': {
      const bound = limit(issue.maximum, issue.origin)
      if (issue.origin === 'string') return `Use at most ${bound}`
      return issue.inclusive === false ? `Less than ${bound}` : `At most ${bound}`
    }
    case 'too_small': {
      const bound = limit(issue.minimum, issue.origin)
      if (issue.origin === 'string')
        return issue.minimum === 1 ? 'Required' : `Use at least ${bound}`
      return issue.inclusive === false ? `More than ${bound}` : `At least ${bound}`
    }
    default:
      return undefined
  }
}
