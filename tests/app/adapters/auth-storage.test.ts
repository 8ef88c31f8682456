// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  AUTH_STORAGE_KEY,
  clearAuth,
  loadAuth,
  readRememberLogin,
  saveAuth,
  type StoredAuth,
} from '../../../src/adapters/auth-storage'
import { session } from './fixtures'

const signedIn = (): StoredAuth => {
  const { userData, role } = session()
  return { role, accessToken: 'access-1', tempToken: null, userData, isAuthenticated: true }
}

describe('the stored session', () => {
  beforeEach(() => {
    localStorage.clear()
  })

  it('is null when nothing is stored', () => {
    expect(loadAuth()).toBeNull()
  })

  it('round-trips under the key auth', () => {
    const auth = { ...signedIn(), flag: true, tokenReceivedAt: 1_700_000_000_000 }
    expect(saveAuth(auth)).toBe(true)
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null')).toEqual(auth)
    expect(loadAuth()).toEqual(auth)
  })

  it('keeps a logged-out session waiting for its code', () => {
    const auth: StoredAuth = {
      role: null,
      accessToken: null,
      tempToken: 'cookie',
      userData: null,
      isAuthenticated: false,
    }
    saveAuth(auth)
    expect(loadAuth()).toEqual(auth)
  })

  it.each([
    ['unreadable JSON', '{"role":'],
    ['a wrong shape', JSON.stringify({ token: 'x', loggedIn: true })],
    ['an unknown role', JSON.stringify({ ...signedIn(), role: 'OWNER' })],
    ['a JSON null', 'null'],
  ])('drops %s instead of failing', (_what, raw) => {
    localStorage.setItem(AUTH_STORAGE_KEY, raw)
    expect(loadAuth()).toBeNull()
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull()
  })

  it('is cleared', () => {
    saveAuth(signedIn())
    clearAuth()
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull()
    expect(loadAuth()).toBeNull()
  })
})

describe('readRememberLogin', () => {
  const expire = (name: string) => {
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
  afterEach(() => {
    expire('rememberLogin')
    expire('theme')
  })

  it('is false without the cookie', () => {
    expect(readRememberLogin()).toBe(false)
  })

  it('is true when rememberLogin is true, among other cookies', () => {
    document.cookie = 'theme=dark; path=/'
    document.cookie = 'rememberLogin=true; path=/'
    expect(readRememberLogin()).toBe(true)
  })

  it.each(['false', 'TRUE', '1', ''])('is false when rememberLogin is %j', (value) => {
    document.cookie = `rememberLogin=${value}; path=/`
    expect(readRememberLogin()).toBe(false)
  })
})
