import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import type { ClientCall } from '../../machines/client/client.machine'
import type { SessionActor } from '../../machines/session/session.machine'
import { createSession } from '../../src/app/create-session'
import { followSession } from '../../src/app/follow-session'
import { SessionProvider } from '../../src/app/session-context'
import { createStagesCache } from '../../src/app/stages-cache'
import { createAppRouter, type AppRouter } from '../../src/routes/router'
import { fakeCaller } from '../support/fake-caller'
import type { FakeServer } from './fake-server'

// jsdom has no scrolling; the router restores scroll positions on every navigation.
window.scrollTo = () => {}

/**
 * The app's own composition root (src/app/create-session.ts) with the fake server in place of
 * ky: the real machines, the real storage adapters (localStorage, Dexie on fake-indexeddb), and
 * the state restored before the first route decision.
 */
const createFakeSession = (server: FakeServer, now: () => number) =>
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
      }),
      fetchAdmin: (input?: { etag?: string | null }) =>
        server.fetchAdmin(getToken(), input?.etag ?? null),
      clientCall: (call: ClientCall) => server.clientCall(getToken(), call),
      // The session model never writes as an admin; the admin screens have their own tests.
      adminCall: () => Promise.reject(new Error('adminCall is not in the fake server')),
      uploadFile: () => Promise.reject(new Error('uploadFile is not in the fake server')),
    }),
    now,
  )

type Page = { actor: SessionActor; router: AppRouter; close: () => void }

/** One page load: session, router at `href`, the route-follow subscription, rendered. */
async function load(server: FakeServer, href: string, now: () => number): Promise<Page> {
  const { actor } = await createFakeSession(server, now)
  // A memory history keeps jsdom's own location out of the router.
  const history = createMemoryHistory({ initialEntries: [href] })
  const router = createAppRouter(
    { session: actor, validate: server.validate, stages: createStagesCache(server.stages) },
    { history },
  )
  const unfollow = followSession(actor, router)
  const view = render(
    <StrictMode>
      <SessionProvider actor={actor}>
        <RouterProvider router={router} />
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
 * same address again, so only what was stored survives (as in a real reload).
 */
export function createBrowser(server: FakeServer) {
  let page: Page | null = null
  /** How far this browser's clock is ahead of the real one. */
  let ahead = 0
  const now = () => Date.now() + ahead
  const current = (): Page => {
    if (!page) throw new Error('no page is open')
    return page
  }
  const open = async (href: string) => {
    page?.close()
    page = null
    page = await load(server, href, now)
  }
  return {
    user: userEvent.setup(),
    open,
    reload: () => open(current().router.state.location.href),
    /** Moves this browser's clock on, as a reopened laptop finds it. */
    later: (ms: number) => {
      ahead += ms
    },
    close: () => {
      page?.close()
      page = null
    },
    /** The address bar, without the origin. */
    location: () => current().router.state.location,
  }
}

export type Browser = ReturnType<typeof createBrowser>
