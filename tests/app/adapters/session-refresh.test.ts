// @vitest-environment jsdom
import { createSigner } from 'fast-jwt'
import { beforeEach, describe, expect, it } from 'vitest'
import type { RefreshData } from '../../../contract'
import { saveAuth } from '../../../src/adapters/auth-storage'
import { refreshInTurn, storedElsewhere } from '../../../src/adapters/api/session-refresh'
import { fakeWebLocks } from '../../support/web-locks'
import { session } from './fixtures'

const NOW = Date.now()
const now = () => NOW

/** A real JWT that lives `seconds`, as the server issues them. */
const token = (seconds: number) =>
  createSigner({ key: 'test-secret-test-secret-test-secret', expiresIn: seconds * 1000 })({
    sub: 'someone',
  })

/** Another tab stored `accessToken`, received now. */
function storedByAnotherTab(accessToken: string) {
  const { role, userData, Flag } = session()
  saveAuth({ role, accessToken, tempToken: null, userData, isAuthenticated: true, flag: Flag })
  return { Token: accessToken, role, userData, Flag }
}

const answer = (Token: string): RefreshData => {
  const { role, userData, Flag } = session()
  return { Token, role, userData, Flag }
}

describe('a token stored elsewhere', () => {
  beforeEach(() => localStorage.clear())

  it('is taken when another tab stored a good one this tab does not hold', () => {
    const fresh = token(900)
    const stored = storedByAnotherTab(fresh)
    expect(storedElsewhere(() => 'this-tab', now)).toEqual(stored)
    expect(storedElsewhere(() => fresh, now)).toBeNull()
  })

  it('is not taken when it expired, or when nothing is stored', () => {
    expect(storedElsewhere(() => 'this-tab', now)).toBeNull()
    storedByAnotherTab(token(-10))
    expect(storedElsewhere(() => 'this-tab', now)).toBeNull()
  })
})

describe('the refresh in turn', () => {
  beforeEach(() => localStorage.clear())

  it('refreshes when no other tab stored a token meanwhile', async () => {
    const got = answer(token(900))
    const refreshed = refreshInTurn(
      async () => got,
      () => 'this-tab',
      now,
      async () => undefined,
    )
    expect(await refreshed).toBe(got)
  })

  it('lets the second tab in turn take the token the first one stored', async () => {
    fakeWebLocks()
    const fresh = token(900)
    let refreshes = 0
    const tab = () =>
      refreshInTurn(
        async () => {
          refreshes += 1
          return answer(fresh)
        },
        () => 'old',
        now,
        // The tab stores what it got a moment later, and the lock waits for it.
        () => new Promise((stored) => setTimeout(() => stored(storedByAnotherTab(fresh)))),
      )
    const [first, second] = await Promise.all([tab(), tab()])
    expect(refreshes).toBe(1)
    expect(first.Token).toBe(fresh)
    expect(second.Token).toBe(fresh)
    // The second tab stores what it took as well, a moment later: not into the next test.
    await new Promise((settled) => setTimeout(settled))
  })

  it('fails as the refresh does', async () => {
    const refreshed = refreshInTurn(
      async () => Promise.reject(new Error('refused')),
      () => 'this-tab',
      now,
      async () => undefined,
    )
    await expect(refreshed).rejects.toThrow('refused')
  })
})
