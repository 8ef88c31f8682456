import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ProblemCode } from '../../../../contract/problem'
import type { Tx } from '../../../db/driver/client'
import { loginCodes } from '../../../db/schema'
import { hmac, randomCode, randomToken, sameHash } from '../../../lib/crypto'
import { badRequest, unauthenticated } from '../../../lib/problem'
import {
  closedCode,
  CODE_TTL_MS,
  codeExpired,
  codeHash as saltedCodeHash,
  codeUsed,
  MAX_CODE_TRIES,
  wrongCode,
} from './code-rules'

export { CODE_TTL_MS, MAX_CODE_TRIES } from './code-rules'
/** How long a temp token whose code verify proved right may still create its email's account. */
export const SIGN_UP_TTL_MS = 30 * 60 * 1000

export type CheckedCode = { id: string; email: string; tempToken: string }

export type LoginCodes = {
  /** A new code for the email; any older unused code of that email stops working. */
  issue(email: string): Promise<{ tempToken: string; code: string }>
  /** Checks the code without using it up; a wrong code costs one of the 5 tries. */
  check(tempToken: string | undefined, code: string): Promise<CheckedCode>
  /**
   * The checked code was right but no account uses its email: the temp token alone may now
   * create that account (see checkVerified), for SIGN_UP_TTL_MS from the first time.
   */
  markVerified(checked: CheckedCode): Promise<void>
  /** A temp token whose code was verified for an email with no account, still unused. */
  checkVerified(tempToken: string | undefined): Promise<CheckedCode>
  /** Uses the checked code up, exactly once even under parallel requests. */
  consume(tx: Tx, checked: CheckedCode): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    loginCodes: LoginCodes
  }
}

export default fp(
  async function loginCodesRepository(app: FastifyInstance) {
    const { db, keys } = app
    const tempTokenHash = (token: string) => hmac(keys.tempToken, token)
    const codeHash = (tokenHash: string, code: string) => saltedCodeHash(keys.code, tokenHash, code)

    const issue: LoginCodes['issue'] = async (email) => {
      const now = app.clock()
      const tempToken = randomToken(32)
      const code = randomCode()
      const hash = tempTokenHash(tempToken)
      await db.transaction(async (tx) => {
        await tx
          .update(loginCodes)
          .set({ supersededAt: now })
          .where(
            and(
              eq(loginCodes.email, email),
              isNull(loginCodes.usedAt),
              isNull(loginCodes.supersededAt),
            ),
          )
        await tx.insert(loginCodes).values({
          email,
          tempTokenHash: hash,
          codeHash: codeHash(hash, code),
          expiresAt: new Date(now.getTime() + CODE_TTL_MS),
          createdAt: now,
        })
      })
      return { tempToken, code }
    }

    /** The login of a temp token while it may still be used; else the problem saying why not. */
    const openLogin = async (tempToken: string | undefined) => {
      if (!tempToken)
        throw unauthenticated('Request a new code to continue.', ProblemCode.tempTokenInvalid)
      const hash = tempTokenHash(tempToken)
      const [row] = await db.select().from(loginCodes).where(eq(loginCodes.tempTokenHash, hash))
      if (!row)
        throw unauthenticated('Request a new code to continue.', ProblemCode.tempTokenInvalid)
      const closed = closedCode(row)
      if (closed) throw closed
      return { row, hash, checked: { id: row.id, email: row.email, tempToken } }
    }

    const check: LoginCodes['check'] = async (tempToken, code) => {
      const { row, hash, checked } = await openLogin(tempToken)
      if (row.expiresAt <= app.clock()) throw codeExpired()
      if (sameHash(row.codeHash, codeHash(hash, code))) return checked

      const [counted] = await db
        .update(loginCodes)
        .set({ attempts: sql`${loginCodes.attempts} + 1` })
        .where(and(eq(loginCodes.id, row.id), lt(loginCodes.attempts, MAX_CODE_TRIES)))
        .returning({ attempts: loginCodes.attempts })
      throw wrongCode(counted?.attempts)
    }

    const markVerified: LoginCodes['markVerified'] = async (checked) => {
      const now = app.clock()
      // Only the first time: verifying again must not stretch the window.
      await db
        .update(loginCodes)
        .set({ verifiedAt: now, expiresAt: new Date(now.getTime() + SIGN_UP_TTL_MS) })
        .where(and(eq(loginCodes.id, checked.id), isNull(loginCodes.verifiedAt)))
    }

    const checkVerified: LoginCodes['checkVerified'] = async (tempToken) => {
      const { row, checked } = await openLogin(tempToken)
      // Not verified yet: the code is what proves the email, as in the usual onboarding.
      if (!row.verifiedAt) throw badRequest({ code: ['Enter the 6-digit code from the email'] })
      if (row.expiresAt <= app.clock())
        throw codeExpired('Your email was confirmed too long ago. Request a new code.')
      return checked
    }

    const consume: LoginCodes['consume'] = async (tx, checked) => {
      const now = app.clock()
      const used = await tx
        .update(loginCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(loginCodes.id, checked.id),
            isNull(loginCodes.usedAt),
            isNull(loginCodes.supersededAt),
            lt(loginCodes.attempts, MAX_CODE_TRIES),
            gt(loginCodes.expiresAt, now),
          ),
        )
        .returning({ id: loginCodes.id })
      if (used.length === 0) throw codeUsed()
    }

    app.decorate('loginCodes', { issue, check, markVerified, checkVerified, consume })
  },
  { name: 'login-codes', dependencies: ['db', 'core'] },
)
