import type { z } from 'zod/mini'
import { limitMessage } from '../../contract/limit-messages'

/** What a field of each type holds, as a person would say it. */
const NOUNS: Partial<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
}

/**
 * The API's words for the contract's checks that carry no message of their own, in the style
 * of the forms ("Use at most 200 characters", "Use 600 or less"), rather than zod's ("Too big: expected string to
 * have <=200 characters"). Undefined leaves an issue to zod's English locale.
 */
export const fieldMessage = (issue: z.core.$ZodRawIssue): string | undefined => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Required'
      return NOUNS[issue.expected] && `Expected ${NOUNS[issue.expected]}`
    case 'too_big':
    case 'too_small':
      return limitMessage(issue)
    default:
      return undefined
  }
}
