import { createSigner } from 'fast-jwt'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import type { RefreshData } from '../../contract'
import {
  adminMachine,
  POLL_INTERVAL_MS,
  type AdminFetchResult,
} from '../../machines/admin/admin.machine'
import { sessionMachine } from '../../machines/session/session.machine'
import { realDataActors } from '../support/data-actors'
import { REFRESH_LEAD_MS, refreshDelay } from '../../machines/session/token'
import { noSessionStorage, noStorage } from '../support/storage-fakes'
import { admin } from './fixtures'

const MINUTE = 60_000
const TOKEN_LIFETIME_MS = 15 * MINUTE
/**
 * Where the simulated clock starts: decades before the wall clock, which this file never fakes.
 * A timer or a timestamp that read Date.now() instead of the machines' clock would be off by
 * decades, so the checks below would fail, not pass by accident.
 */
const EPOCH = 1_000_000

/** A JWT that lives 15 minutes; the session only reads its lifetime (exp − iat). */
const adminToken = () =>
  createSigner({ key: 'test-secret-test-secret-test-secret', expiresIn: TOKEN_LIFETIME_MS })({
    sub: admin(1).id,
    role: 'ADMIN',
  })

/** A signed-in admin session on a simulated clock, its ports recording when they were called. */
function startAdminSession() {
  const clock = new SimulatedClock()
  clock.set(EPOCH)
  const refreshedAt: number[] = []
  const fetchedAt: number[] = []
  const machine = sessionMachine.provide({
    actors: {
      ...realDataActors,
      refresh: fromPromise(async (): Promise<RefreshData> => {
        refreshedAt.push(clock.now())
        return { Token: adminToken(), role: 'ADMIN', userData: admin(1), Flag: false }
      }),
      admin: adminMachine.provide({
        actors: {
          fetchAdminData: fromPromise(async (): Promise<AdminFetchResult> => {
            fetchedAt.push(clock.now())
            return { status: 'notModified' }
          }),
        },
        actions: noStorage,
      }),
    },
    actions: noSessionStorage,
  })
  const session = createActor(machine, {
    input: {
      restored: {
        role: 'ADMIN',
        accessToken: adminToken(),
        tempToken: null,
        userData: admin(1),
        isAuthenticated: true,
        flag: false,
        // Received two minutes ago by this clock: its refresh is due in 12.5 minutes.
        tokenReceivedAt: EPOCH - 2 * MINUTE,
      },
      rememberLogin: false,
      now: () => clock.now(),
    },
    clock,
  }).start()
  const adminActor = session.system.get('admin')
  /** Lets an answered fetch or refresh settle (their promises resolve on the microtask queue). */
  const settled = async () => {
    await waitFor(adminActor, (s) => !s.hasTag('fetching'))
    await waitFor(session, (s) => !s.hasTag('refreshing'))
  }
  const lastFetchedAt = () => adminActor.getSnapshot().context.lastFetchedAt
  /**
   * Moves the clock to `time` a second at a time, letting each answer settle: one big jump
   * would run every timer due on the way at its end, as a real clock never does.
   */
  const advanceTo = async (time: number) => {
    while (clock.now() < time) {
      clock.increment(Math.min(1000, time - clock.now()))
      await settled()
    }
  }
  return { clock, session, refreshedAt, fetchedAt, settled, lastFetchedAt, advanceTo }
}

describe('one clock: timers and timestamps follow the simulated clock alone', () => {
  it('refreshes at expiry − 30 s and polls at 5 and 10 minutes, only through clock.increment', async () => {
    const { clock, refreshedAt, fetchedAt, settled, lastFetchedAt, advanceTo } = startAdminSession()
    await settled()
    expect(fetchedAt).toEqual([EPOCH])
    expect(lastFetchedAt()).toBe(EPOCH)

    clock.increment(POLL_INTERVAL_MS - 1)
    expect(fetchedAt).toHaveLength(1)
    clock.increment(1)
    await settled()
    expect(fetchedAt).toEqual([EPOCH, EPOCH + POLL_INTERVAL_MS])
    expect(lastFetchedAt()).toBe(EPOCH + POLL_INTERVAL_MS)

    clock.increment(POLL_INTERVAL_MS)
    await settled()
    expect(fetchedAt).toEqual([EPOCH, EPOCH + POLL_INTERVAL_MS, EPOCH + 2 * POLL_INTERVAL_MS])
    expect(lastFetchedAt()).toBe(EPOCH + 2 * POLL_INTERVAL_MS)

    // The restored token arrived 2 minutes before EPOCH and lives 15.
    const firstRefresh = EPOCH - 2 * MINUTE + TOKEN_LIFETIME_MS - REFRESH_LEAD_MS
    await advanceTo(firstRefresh - 1)
    expect(refreshedAt).toEqual([])
    clock.increment(1)
    await settled()
    expect(refreshedAt).toEqual([firstRefresh])

    // The new token's age is counted from its arrival on the same clock.
    const secondRefresh = firstRefresh + TOKEN_LIFETIME_MS - REFRESH_LEAD_MS
    await advanceTo(secondRefresh - 1)
    expect(refreshedAt).toEqual([firstRefresh])
    clock.increment(1)
    await settled()
    expect(refreshedAt).toEqual([firstRefresh, secondRefresh])
    // The polls kept their own 5-minute rhythm meanwhile.
    expect(fetchedAt).toEqual([0, 1, 2, 3, 4, 5].map((n) => EPOCH + n * POLL_INTERVAL_MS))
  })
})

/** A token carrying these claims; refreshDelay reads them and never checks the signature. */
const claimsToken = (claims: { exp?: number; iat?: number }) =>
  ['{"alg":"HS256","typ":"JWT"}', JSON.stringify(claims), 'signature']
    .map((part) => Buffer.from(part).toString('base64url'))
    .join('.')

describe('when the token is refreshed', () => {
  const issued = 1_700_000_000
  const lifetime = { iat: issued, exp: issued + 900 }

  it("counts a token's lifetime from its arrival on this device's clock", () => {
    expect(refreshDelay(claimsToken(lifetime), EPOCH, EPOCH + MINUTE)).toBe(
      14 * MINUTE - REFRESH_LEAD_MS,
    )
  })

  it('counts from its expiry on the wall clock when its arrival or issue time is unknown', () => {
    const now = issued * 1000 + MINUTE
    expect(refreshDelay(claimsToken(lifetime), null, now)).toBe(14 * MINUTE - REFRESH_LEAD_MS)
    expect(refreshDelay(claimsToken({ exp: lifetime.exp }), EPOCH, now)).toBe(
      14 * MINUTE - REFRESH_LEAD_MS,
    )
  })

  it('schedules nothing for a token expired to the millisecond, without expiry, or unreadable', () => {
    expect(refreshDelay(claimsToken(lifetime), EPOCH, EPOCH + 15 * MINUTE)).toBeNull()
    expect(refreshDelay(claimsToken(lifetime), EPOCH, EPOCH + 15 * MINUTE - 1)).toBe(0)
    expect(refreshDelay(claimsToken({ iat: issued }), EPOCH, EPOCH)).toBeNull()
    expect(refreshDelay('not a token', EPOCH, EPOCH)).toBeNull()
    expect(refreshDelay(null, EPOCH, EPOCH)).toBeNull()
  })
})
