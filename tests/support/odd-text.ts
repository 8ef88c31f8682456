import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { expectProblem } from './http'

// What breaks naive code: NUL and other controls, halves of surrogate pairs, direction and
// zero-width marks, an emoji (a pair), a combining accent, and the whitespace a field may hold.
const ODD = [
  ...['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\ud800', '\udbff', '\udc00', '\udfff'],
  ...['\u202e', '\u200f', '\u200b', '\ufeff', '\u00a0', '🏊', 'e\u0301', '\t', '\n', '\r'],
]

const oddCharacter = fc.oneof(
  fc.constantFrom(...ODD),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
)

/** Any text a caller could send: odd characters among ordinary ones, and 10,000-character strings. */
export const oddText = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: oddCharacter, maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'é'.repeat(10_000),
      '\u202e'.repeat(10_000),
      `${'a'.repeat(9_999)}\u0000`,
      '\ud800'.repeat(10_000),
    ),
  },
)

/** The values that answered 500 before the contract refused them: every property tries them first. */
export const STORAGE_BREAKERS: [string][] = [['\u0000'], ['\ud800'], ['Pool\u0000'], ['\udfffx']]

/** What the contract refuses in any text: control characters but tab and line breaks, lone surrogates. */
const refused = (text: string) => /[^\P{Cc}\t\n\r]|\p{Cs}/u.test(text)

/**
 * The answer to a body whose `field` (a dotted path) holds `text`: never a 5xx nor Fastify's
 * internals, problem+json when refused, and a 400 that names the field when the text is refused,
 * with `message` (null: any message, as an email over 254 characters is refused for its length).
 */
export function expectTextAnswer(
  res: LightMyRequestResponse,
  field: string,
  text: string,
  message: string | null = 'Remove invalid characters',
) {
  expect(res.statusCode, res.body).toBeLessThan(500)
  expect(res.body).not.toContain('FST_ERR')
  if (res.statusCode >= 400)
    expect(res.headers['content-type']).toContain('application/problem+json')
  if (refused(text)) {
    const problem = expectProblem(res, 400, 'VALIDATION_FAILED')
    const messages = problem.errors?.[field] ?? []
    if (message === null) expect(messages, res.body).not.toEqual([])
    else expect(messages, res.body).toContain(message)
  }
}
