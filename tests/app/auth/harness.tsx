import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { vi } from 'vitest'
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate'
import type { ClientUser, RefreshData, SessionData } from '../../../contract'
import { sessionMachine, type SessionActor } from '../../../machines/session/session.machine'
import { realDataActors } from '../../support/data-actors'
import type { VerifyInput } from '../../../machines/session/session.types'
import { SessionProvider } from '../../../src/app/session-context'
import { noSessionStorage } from '../../support/storage-fakes'
import { emptyPoolData } from '../../machines/fixtures'

// jsdom has no scrolling; the router restores scroll positions on every navigation.
window.scrollTo = () => {}

/** The ports the sign-in screens reach through the session; each test overrides what it needs. */
export type Ports = {
  requestCode: (input: { email: string }) => Promise<{ tempToken?: string | null }>
  verify: (input: VerifyInput) => Promise<SessionData>
  editStatus: (input: { onWaiting: boolean }) => Promise<{ onWaiting: boolean }>
  changeCity: (input: { city: string; state: string }) => Promise<RefreshData>
  logout: () => Promise<null>
}

export const client = (over: Partial<ClientUser> = {}): ClientUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'pat@example.com',
  name: 'Pat Doe',
  role: 'CLIENT',
  createdAt: '2026-01-01T00:00:00.000Z',
  phone: '512 555 0100',
  address: '1 Main St',
  city: 'Boise',
  state: 'ID',
  onWaiting: false,
  perk: null,
  ...over,
})

/** Not a JWT on purpose: the session schedules no refresh for a token it cannot read. */
export const sessionData = (over: Partial<SessionData> = {}): SessionData => ({
  Token: 'opaque-test-token',
  userData: client(),
  role: 'CLIENT',
  poolData: emptyPoolData({ PermitFee: null }),
  Flag: false,
  Engineers: [],
  Managers: [],
  ...over,
})

/** An API failure as the adapters reject with it (an ApiError has these fields). */
export const apiProblem = (status: number, code: string, detail: string, triesLeft?: number) =>
  Object.assign(new Error(detail), { status, code, detail, triesLeft })

/** The real session machine with fake ports, and every event the screens sent it. */
export function startSession(overrides: Partial<Ports> = {}) {
  const ports = {
    requestCode: vi.fn<Ports['requestCode']>(async () => ({ tempToken: 'temp-1' })),
    verify: vi.fn<Ports['verify']>(async () => sessionData()),
    editStatus: vi.fn<Ports['editStatus']>(async ({ onWaiting }) => ({ onWaiting })),
    // Austin is served; anywhere else (Boise, where the client signed up) is not.
    changeCity: vi.fn<Ports['changeCity']>(async ({ city, state }) => ({
      Token: 'opaque-test-token',
      role: 'CLIENT',
      userData: client({ city, state }),
      Flag: city === 'Austin',
    })),
    logout: vi.fn<Ports['logout']>(async () => null),
  }
  Object.assign(ports, overrides)
  const machine = sessionMachine.provide({
    actors: {
      ...realDataActors,
      requestCode: fromPromise(({ input }: { input: { email: string } }) =>
        ports.requestCode(input),
      ),
      verify: fromPromise(({ input }: { input: VerifyInput }) => ports.verify(input)),
      editStatus: fromPromise(({ input }: { input: { onWaiting: boolean } }) =>
        ports.editStatus(input),
      ),
      changeCity: fromPromise(({ input }: { input: { city: string; state: string } }) =>
        ports.changeCity(input),
      ),
      logout: fromPromise(() => ports.logout()),
    },
    actions: noSessionStorage,
  })
  const sent: string[] = []
  let root: AnyActorRef | null = null
  const actor: SessionActor = createActor(machine, {
    // The wall clock (faked where a test fakes it): these screens schedule no refresh.
    input: { restored: null, rememberLogin: false, now: () => Date.now() },
    inspect: (event) => {
      if (event.type === '@xstate.event' && event.actorRef === root) sent.push(event.event.type)
    },
  })
  root = actor
  actor.start()
  return { actor, ports, sent }
}

/** Drives the session to "a code was sent to `email`", as the login screen would. */
export async function awaitCode(actor: SessionActor, email = 'pat@example.com') {
  actor.send({ type: 'auth.codeRequested', email })
  await waitFor(actor, (s) => s.matches('awaitingCode'))
}

/** Drives the session to a signed-in client (the verify port decides which view). */
export async function signIn(actor: SessionActor) {
  await awaitCode(actor)
  actor.send({ type: 'auth.codeSubmitted', code: '123456', rememberMe: false })
  await waitFor(actor, (s) => s.hasTag('authenticated'))
}

/**
 * Renders a page as the app does: inside the session provider and a router (for its links),
 * within a main landmark like the landing layout's.
 */
export async function renderPage(actor: SessionActor, page: ReactNode) {
  const rootRoute = createRootRoute({
    component: () => (
      <SessionProvider actor={actor}>
        <main>{page}</main>
      </SessionProvider>
    ),
  })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  // Under fake timers user-event's own pauses must move the fake clock, or they never end.
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms)
    },
  })
  const view = render(<RouterProvider router={router} />)
  await screen.findByRole('heading', { level: 1 })
  return { user, view }
}
