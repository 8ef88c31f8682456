import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { SimulatedClock, type InspectionEvent } from 'xstate'
import type { AdminCall } from '../../machines/admin/admin.types'
import type { ClientCall } from '../../machines/client/client.machine'
import type { SessionActor } from '../../machines/session/session.machine'
import { createSession } from '../../src/app/create-session'
import { followSession } from '../../src/app/follow-session'
import { ProjectThreadsProvider } from '../../src/app/project-threads-context'
import { SessionProvider } from '../../src/app/session-context'
import { createStagesCache } from '../../src/app/stages-cache'
import { createAppRouter, type AppRouter } from '../../src/routes/router'
import { fakeCaller } from '../support/fake-caller'
import type { FakeServer } from './fake-server'

type Inspect = (event: InspectionEvent) => void

// jsdom has no scrolling; the router restores scroll positions on every navigation.
window.scrollTo = () => {}

/**
 * The app's own composition root (src/app/create-session.ts) with the fake server in place of
 * ky: the real machines, the real storage adapters (localStorage, Dexie on fake-indexeddb), and
 * the state restored before the first route decision.
 */
export const createFakeSession = (server: FakeServer, clock: SimulatedClock, inspect: Inspect) =>
  createSession(
    (getToken) => ({
      call: fakeCaller({
        login: ({ body }) => server.login(body),
        verify: ({ body, tempToken }) => server.verify(body, tempToken),
        onboarding: ({ body, tempToken }) => server.onboarding(body, tempToken),
        refresh: () => server.refresh(),
        logout: () => server.logout(),
        editStatus: ({ body }) => server.editStatus(getToken(), body),
        changeCity: ({ body }) => server.changeCity(getToken(), body),
        stages: () => server.stages(),
        validate: ({ body }) => server.validate(body),
      }),
      fetchAdmin: (input?: { etag?: string | null }) =>
        server.fetchAdmin(getToken(), input?.etag ?? null),
      clientCall: (call: ClientCall) => server.clientCall(getToken(), call),
      adminCall: (call: AdminCall) => server.adminCall(getToken(), call),
      projectsCall: (call) => server.projectsCall(getToken(), call),
      uploadFile: (request, onProgress, signal) =>
        server.uploadFile(getToken(), request, onProgress, signal),
      projectThreads: (clientId: string) => server.projectThreads(getToken, clientId),
    }),
    () => clock.now(),
    { clock, inspect },
  )

type Page = { actor: SessionActor; router: AppRouter; close: () => void }

/** One page load: session, router at `href`, the route-follow subscription, rendered. */
async function load(
  server: FakeServer,
  href: string,
  clock: SimulatedClock,
  inspect: Inspect,
): Promise<Page> {
  const { actor, ports } = await createFakeSession(server, clock, inspect)
  // A memory history keeps jsdom's own location out of the router.
  const history = createMemoryHistory({ initialEntries: [href] })
  const router = createAppRouter(
    {
      session: actor,
      validate: server.validate,
      stages: createStagesCache(server.stages),
      tradePorts: async () => server.trade.ports,
    },
    { history },
  )
  const unfollow = followSession(actor, router)
  const view = render(
    <StrictMode>
      <SessionProvider actor={actor}>
        <ProjectThreadsProvider portsFor={ports.projectThreads}>
          <RouterProvider router={router} />
        </ProjectThreadsProvider>
      </SessionProvider>
    </StrictMode>,
  )
  return {
    actor,
    router,
    close: () => {
      view.unmount()
      unfollow()
      actor.stop()
    },
  }
}

/**
 * A browser tab on the app: `open` loads a page, `reload` throws the page away and loads the
 * same address again, so only what was stored survives (as in a real reload). The machines'
 * timers and timestamps run on one simulated clock, moved on by `wait` and `reopenLater`;
 * `inspect` sees every transition of the session and its children.
 */
export function createBrowser(server: FakeServer, inspect: Inspect = () => {}) {
  let page: Page | null = null
  const clock = new SimulatedClock()
  clock.set(Date.now())
  const current = (): Page => {
    if (!page) throw new Error('no page is open')
    return page
  }
  const close = () => {
    page?.close()
    page = null
  }
  const open = async (href: string) => {
    close()
    page = await load(server, href, clock, inspect)
  }
  const href = () => current().router.state.location.href
  return {
    user: userEvent.setup(),
    open,
    reload: () => open(href()),
    /** The page stays open for `ms`: the machines' timers that fall due run. */
    wait: (ms: number) => clock.increment(ms),
    /** The tab is closed and the same address opened `ms` later (`between` runs meanwhile). */
    reopenLater: async (ms: number, between: () => void = () => {}) => {
      const at = href()
      close()
      clock.increment(ms)
      between()
      await open(at)
    },
    close,
    /** The clock the machines read, as `Date.now()` reads the wall clock. */
    now: () => clock.now(),
    /** The address bar, without the origin. */
    location: () => current().router.state.location,
  }
}

export type Browser = ReturnType<typeof createBrowser>
