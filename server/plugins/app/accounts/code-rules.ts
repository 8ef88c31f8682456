// The rules of an emailed one-time code (PRODUCT.md §4), shared by the sign-in's codes and the
// trade portal's: 10 minutes, single use, 5 wrong tries burn it, a newer code supersedes it.
import { ProblemCode } from '../../../../contract/problem'
import { hmac } from '../../../lib/crypto'
import { HttpProblem } from '../../../lib/problem'

export const CODE_TTL_MS = 10 * 60 * 1000
export const MAX_CODE_TRIES = 5

/** A code's keyed hash, salted with what it was issued for (a temp token's hash, a code's id). */
export const codeHash = (key: Buffer, salt: string, code: string) => hmac(key, `${salt}:${code}`)

export const codeProblem = (code: string, detail: string, triesLeft?: number) =>
  new HttpProblem(401, code, detail, triesLeft === undefined ? {} : { triesLeft })

export const codeUsed = () =>
  codeProblem(ProblemCode.codeUsed, 'This code was already used. Request a new one.')

const codeLocked = () =>
  codeProblem(ProblemCode.codeLocked, 'Too many wrong tries. Request a new code.', 0)

/** What a stored code's row says of it, as the rules read it. */
export type CodeState = {
  attempts: number
  expiresAt: Date
  usedAt: Date | null
  supersededAt: Date | null
}

/** Why a code may not be checked any more (used, superseded, locked), or null. */
export function closedCode(row: CodeState): HttpProblem | null {
  if (row.usedAt) return codeUsed()
  if (row.supersededAt)
    return codeProblem(
      ProblemCode.codeSuperseded,
      'A newer code was sent. Use the code from the latest email.',
    )
  if (row.attempts >= MAX_CODE_TRIES) return codeLocked()
  return null
}

export const codeExpired = (detail = 'This code has expired. Request a new one.') =>
  codeProblem(ProblemCode.codeExpired, detail)

/** The refusal of a wrong code, once its try is counted: `attempts` is the count after it. */
export function wrongCode(attempts: number | undefined): HttpProblem {
  const triesLeft = MAX_CODE_TRIES - (attempts ?? MAX_CODE_TRIES)
  if (triesLeft <= 0) return codeLocked()
  const plural = triesLeft === 1 ? 'try' : 'tries'
  return codeProblem(
    ProblemCode.codeInvalid,
    `That code is not right. ${triesLeft} ${plural} left.`,
    triesLeft,
  )
}
