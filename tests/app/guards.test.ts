import { describe, expect, it } from 'vitest'
import {
  areaGuard,
  comingSoonGuard,
  indexTarget,
  landingGuard,
  safeRedirect,
} from '../../src/routes/guards'

/** A session snapshot reduced to what the guards read: its tags. */
const state = (...tags: string[]) => ({ hasTag: (tag: string) => tags.includes(tag) })

const pending = state('pending')
const loggedOut = state('route:landing')
const needsAccount = state('route:landing', 'route:onboarding')
const awaitingCode = state('route:verify')
const builder = state('authenticated', 'route:builder')
const comingSoon = state('authenticated', 'route:comingSoon')
const admin = state('authenticated', 'route:admin')

describe('the index route', () => {
  it.each([
    [loggedOut, '/onboarding'],
    [awaitingCode, '/verify'],
    [builder, '/builder'],
    [comingSoon, '/coming-soon'],
    [admin, '/admin'],
  ])('sends each state to its home', (snapshot, home) => {
    expect(indexTarget(snapshot)).toBe(home)
  })
})

describe('protected areas', () => {
  it('send a visitor who is not signed in to /login, remembering where they were going', () => {
    expect(areaGuard(loggedOut, '/builder', '/builder/steel')).toEqual({
      to: '/login',
      search: { redirect: '/builder/steel' },
    })
    expect(areaGuard(awaitingCode, '/admin', '/admin/city')).toMatchObject({ to: '/login' })
  })

  it.each([
    [admin, '/builder', '/admin'],
    [comingSoon, '/builder', '/coming-soon'],
    [comingSoon, '/admin', '/coming-soon'],
    [builder, '/admin', '/builder'],
  ] as const)(
    'send a signed-in visitor who does not belong to their own home',
    (snapshot, area, home) => {
      expect(areaGuard(snapshot, area, `${area}/x`)).toEqual({ to: home })
    },
  )

  it('let in who belongs, and decide nothing while the session is pending', () => {
    expect(areaGuard(builder, '/builder', '/builder/steel')).toBeNull()
    expect(areaGuard(admin, '/admin', '/admin/city')).toBeNull()
    expect(areaGuard(pending, '/admin', '/admin')).toBeNull()
  })
})

describe('/coming-soon, a public page (seed §2)', () => {
  it('lets in a client not served yet and any visitor who arrives not signed in', () => {
    expect(comingSoonGuard(comingSoon, false)).toBeNull()
    expect(comingSoonGuard(comingSoon, true)).toBeNull()
    expect(comingSoonGuard(loggedOut, false)).toBeNull()
    expect(comingSoonGuard(awaitingCode, false)).toBeNull()
    expect(comingSoonGuard(pending, true)).toBeNull()
  })

  it('sends a visitor signed out while on it to sign in', () => {
    expect(comingSoonGuard(loggedOut, true)).toEqual({ to: '/login' })
  })

  it('sends a signed-in visitor whose home is elsewhere there', () => {
    expect(comingSoonGuard(admin, false)).toEqual({ to: '/admin' })
    expect(comingSoonGuard(builder, true)).toEqual({ to: '/builder' })
  })
})

describe('landing pages', () => {
  it('send a signed-in visitor home, or back where they were going when it is theirs', () => {
    expect(landingGuard(admin, '/login')).toEqual({ to: '/admin' })
    expect(landingGuard(admin, '/verify', '/admin/city')).toEqual({ to: '/admin/city' })
    expect(landingGuard(builder, '/verify', '/admin/city')).toEqual({ to: '/builder' })
  })

  it('follow a code that is out to /verify, and leave /verify when none is', () => {
    expect(landingGuard(awaitingCode, '/login', '/builder')).toEqual({
      to: '/verify',
      search: { redirect: '/builder' },
    })
    expect(landingGuard(awaitingCode, '/verify')).toBeNull()
    expect(landingGuard(loggedOut, '/verify')).toEqual({ to: '/login' })
    expect(landingGuard(needsAccount, '/verify')).toEqual({ to: '/onboarding' })
    expect(landingGuard(loggedOut, '/login')).toBeNull()
    expect(landingGuard(loggedOut, '/onboarding')).toBeNull()
  })

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'never redirect to another site (%s)',
    (wanted) => {
      expect(safeRedirect(wanted)).toBeUndefined()
      expect(landingGuard(admin, '/verify', wanted)).toEqual({ to: '/admin' })
    },
  )
})
