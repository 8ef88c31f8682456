import { count, eq, sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { ProblemCode } from '../../contract/problem'
import { loginCodes, rateLimits, refreshTokens, users } from '../../server/db/schema'
import {
  EXPIRED_CODE_KEPT_MS,
  HOUSEKEEPING_BATCH,
  HOUSEKEEPING_FIRST_RUN_MS,
  HOUSEKEEPING_INTERVAL_MS,
} from '../../server/plugins/core/housekeeping'
import { CODE_TTL_MS } from '../../server/plugins/app/accounts/login-codes'
import { RATE_WINDOW_MS } from '../../server/plugins/core/rate-limiter'
import { REFRESH_LIFETIME_MS } from '../../server/plugins/app/accounts/refresh-tokens'
import { appPerTest } from '../support/build'
import { expectProblem, refreshWith, requestCode, signIn } from '../support/http'
import { callRaw } from '../support/call'
import { statementsDuring } from '../support/statements'
import { TEST_ADMIN_EMAIL } from '../support/template'

const t = appPerTest()

const refresh = (token: string) => refreshWith(t, token)

const rowsIn = async (table: typeof refreshTokens | typeof loginCodes | typeof rateLimits) =>
  (await t.app.db.select({ n: count() }).from(table))[0]?.n

describe('housekeeping', () => {
  it('removes a refresh family once it has expired, and refuses its token as before', async () => {
    const old = await signIn(t, TEST_ADMIN_EMAIL)
    const rotated = await refresh(old.refresh)
    expect(rotated.statusCode).toBe(200)
    t.clock.advance(REFRESH_LIFETIME_MS - 1000)
    await signIn(t, TEST_ADMIN_EMAIL)
    expect((await t.app.housekeeping.run()).refreshTokens).toBe(0)

    t.clock.advance(1000)
    const refused = expectProblem(await refresh(old.refresh), 401, ProblemCode.refreshInvalid)
    // The first sign-in's token and the one its refresh issued; the second sign-in's stays.
    expect((await t.app.housekeeping.run()).refreshTokens).toBe(2)
    expect(await rowsIn(refreshTokens)).toBe(1)
    expect(expectProblem(await refresh(old.refresh), 401)).toEqual(refused)
  })

  it('keeps an expired code a day, so its temp token still hears that it expired', async () => {
    const { tempToken, code } = await requestCode(t, TEST_ADMIN_EMAIL)
    const verify = () => callRaw(t, 'verify', { body: { code } }, { 'temp-token': tempToken })
    t.clock.advance(CODE_TTL_MS + EXPIRED_CODE_KEPT_MS - 1000)
    expect((await t.app.housekeeping.run()).loginCodes).toBe(0)
    expectProblem(await verify(), 401, ProblemCode.codeExpired)

    t.clock.advance(1000)
    expect((await t.app.housekeeping.run()).loginCodes).toBe(1)
    expect(await rowsIn(loginCodes)).toBe(0)
    expectProblem(await verify(), 401, ProblemCode.tempTokenInvalid)
  })

  it('removes a rate-limit counter once its window is over, and counts afresh', async () => {
    await t.app.rateLimiter.hit('first', 1)
    t.clock.advance(RATE_WINDOW_MS - 1000)
    await t.app.rateLimiter.hit('second', 1)
    expect((await t.app.housekeeping.run()).rateLimits).toBe(0)
    await expect(t.app.rateLimiter.hit('first', 1)).rejects.toMatchObject({ status: 429 })

    t.clock.advance(1000)
    expect((await t.app.housekeeping.run()).rateLimits).toBe(1)
    expect(await rowsIn(rateLimits)).toBe(1)
    await t.app.rateLimiter.hit('first', 1)
    await expect(t.app.rateLimiter.hit('second', 1)).rejects.toMatchObject({ status: 429 })
  })

  it('removes a long backlog a batch at a time', async () => {
    const [admin] = await t.app.db.select().from(users).where(eq(users.email, TEST_ADMIN_EMAIL))
    const backlog = 2 * HOUSEKEEPING_BATCH + 1
    await t.app.db.execute(sql`insert into refresh_tokens
      (family_id, user_id, token_hash, persistent, family_expires_at)
      select gen_random_uuid(), ${admin?.id}, 'old-' || n, false, now() - interval '1 day'
      from generate_series(1, ${backlog}) n`)
    let swept
    const sent = await statementsDuring(t, async () => {
      swept = await t.app.housekeeping.run()
    })
    expect(swept).toEqual({ refreshTokens: backlog, loginCodes: 0, rateLimits: 0 })
    expect(await rowsIn(refreshTokens)).toBe(0)
    const deletes = sent.filter((statement) => /^delete from "refresh_tokens"/.test(statement))
    expect(deletes).toHaveLength(3)
  })

  it('vacuums the tables it emptied on PGlite, which has no autovacuum, and only then', async () => {
    const vacuums = async () =>
      (await statementsDuring(t, () => t.app.housekeeping.run())).filter((statement) =>
        statement.startsWith('vacuum'),
      )
    expect(await vacuums()).toEqual([])
    await t.app.rateLimiter.hit('first', 1)
    t.clock.advance(RATE_WINDOW_MS)
    expect(await vacuums()).toEqual(t.app.dbKind === 'pglite' ? ['vacuum "rate_limits"'] : [])
  })

  it('runs in every server a minute after it starts, then every hour', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const runs: unknown[] = []
      let ran = () => {}
      vi.spyOn(t.app.log, 'info').mockImplementation((swept: unknown, message?: string) => {
        if (message !== 'removed sign-in rows past use') return
        runs.push(swept)
        ran()
      })
      const nextRun = () => new Promise<void>((resolve) => (ran = resolve))
      await t.app.ready()
      await t.app.rateLimiter.hit('first', 1)
      t.clock.advance(RATE_WINDOW_MS)
      await vi.advanceTimersByTimeAsync(HOUSEKEEPING_FIRST_RUN_MS - 1)
      expect(await rowsIn(rateLimits)).toBe(1)
      let run = nextRun()
      await vi.advanceTimersByTimeAsync(1)
      await run
      expect(runs).toEqual([{ refreshTokens: 0, loginCodes: 0, rateLimits: 1 }])

      await t.app.rateLimiter.hit('second', 1)
      t.clock.advance(RATE_WINDOW_MS)
      await vi.advanceTimersByTimeAsync(HOUSEKEEPING_INTERVAL_MS - 1)
      expect(runs).toHaveLength(1)
      run = nextRun()
      await vi.advanceTimersByTimeAsync(1)
      await run
      expect(runs).toHaveLength(2)
    } finally {
      vi.useRealTimers()
    }
  })
})
