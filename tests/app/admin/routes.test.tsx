// @vitest-environment jsdom
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { adminMachine, type AdminFetchResult } from '../../../machines/admin/admin.machine'
import { sessionMachine } from '../../../machines/session/session.machine'
import { realDataActors } from '../../support/data-actors'
import { SessionProvider } from '../../../src/app/session-context'
import { createAppRouter } from '../../../src/routes/router'
import { admin, fetchData } from '../../machines/fixtures'
import { noSessionStorage, noStorage } from '../../support/storage-fakes'
import { sessionData, signIn } from '../auth/harness'

// jsdom has no scrolling; the router restores scroll positions on every navigation.
window.scrollTo = () => {}

afterEach(cleanup)

/** The real router at `path`, for an admin signed in through the real session machine. */
async function renderAdminArea(path: string) {
  const machine = sessionMachine.provide({
    actors: {
      ...realDataActors,
      requestCode: fromPromise<{ tempToken?: string | null }, { email: string }>(async () => ({
        tempToken: 'temp-1',
      })),
      verify: fromPromise(async () => sessionData({ role: 'ADMIN', userData: admin(1) })),
      admin: adminMachine.provide({
        actors: {
          fetchAdminData: fromPromise(async (): Promise<AdminFetchResult> => ({
            status: 'ok',
            data: fetchData(),
            etag: null,
          })),
        },
        actions: noStorage,
      }),
    },
    actions: noSessionStorage,
  })
  const session = createActor(machine, {
    input: { restored: null, rememberLogin: false, now: () => Date.now() },
  })
  session.start()
  await signIn(session)
  await waitFor(session, (s) => s.hasTag('route:admin'))
  const router = createAppRouter(
    {
      session,
      validate: async () => ({ Flag: true }),
      stages: async () => [],
      // These pages never open the trade portal.
      tradePorts: () => Promise.reject(new Error('no trade portal here')),
    },
    { history: createMemoryHistory({ initialEntries: [path] }) },
  )
  render(
    <SessionProvider actor={session}>
      <RouterProvider router={router} />
    </SessionProvider>,
  )
  return router
}

describe('admin routes', () => {
  it('renders a known section by its slug', async () => {
    await renderAdminArea('/admin/city')
    const heading = screen.findByRole('heading', { level: 1, name: 'Cities' }, { timeout: 5000 })
    expect(await heading).toBeTruthy()
    const nav = screen.getByRole('navigation', { name: 'Admin sections' })
    expect(within(nav).getByRole('link', { name: 'Cities' }).getAttribute('aria-current')).toBe(
      'page',
    )
  })

  it('answers an unknown section with the router’s not-found, inside the area', async () => {
    const router = await renderAdminArea('/admin/no-such-section')
    const heading = screen.findByRole(
      'heading',
      { level: 1, name: 'Page not found' },
      { timeout: 5000 },
    )
    expect(await heading).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Admin sections' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to pricing' }).getAttribute('href')).toBe('/admin')
    const section = router.state.matches.find((m) => m.routeId === '/admin/$section')
    expect(section?.status).toBe('notFound')
  })
})
