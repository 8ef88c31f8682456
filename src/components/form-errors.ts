import type { z } from 'zod/mini'
import { limitMessage } from '../../contract/limit-messages'
import type { SessionProblem } from '../../machines/session/session.types'

/** One message per field, keyed by the request body's field name. */
export type FieldErrors = Partial<Record<string, string>>

/** What zod/mini says of an issue whose check carries no message of its own. */
const NO_MESSAGE = 'Invalid input'

/**
 * The first issue of each field, in words a person can act on: the check's own message, or
 * else the size it breaks in the unit it measures (characters, items, a number, a date). The
 * contract says only "Required" for empty text, so the form names what is missing.
 */
export function issuesByField(error: z.core.$ZodError, missing: FieldErrors = {}): FieldErrors {
  const messages: FieldErrors = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '')
    if (messages[field] !== undefined) continue
    const sized = issue.code === 'too_big' || issue.code === 'too_small'
    const message = sized && issue.message === NO_MESSAGE ? limitMessage(issue) : issue.message
    messages[field] = message === 'Required' ? (missing[field] ?? message) : message
  }
  return messages
}

/**
 * The first message of each field, by its whole path (`items.2.text`), as the server keys a
 * list's fields.
 */
export function errorsByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: FieldErrors = {}
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message
  return errors
}

/** The server's own field errors (problem+json `errors`), shown like the local ones. */
export function serverFieldErrors(problem: SessionProblem | null): FieldErrors {
  const messages: FieldErrors = {}
  for (const [field, list] of Object.entries(problem?.fieldErrors ?? {})) {
    if (list[0]) messages[field] = list[0]
  }
  return messages
}

/**
 * Moves focus to the first invalid control so a screen reader reads its message at once.
 * Call it after the errors are rendered (flushSync), or it finds the old markup.
 */
export function focusFirstInvalid(container: HTMLElement | null) {
  container?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
}
