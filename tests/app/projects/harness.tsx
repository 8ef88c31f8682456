import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { PoolEntry, Role } from '../../../contract'
import type { ProjectRow, ProjectView } from '../../../contract/projects'
import { projectsMachine } from '../../../machines/projects/projects.machine'
import type { EnterQuoteCall } from '../../../machines/projects/projects.types'
import type { ThreadsPorts } from '../../../machines/messages/threads.types'
import { sessionMachine, type SessionActor } from '../../../machines/session/session.machine'
import { realDataActors } from '../../support/data-actors'
import { ProjectThreadsProvider } from '../../../src/app/project-threads-context'
import { SessionProvider } from '../../../src/app/session-context'
import { createAppRouter } from '../../../src/routes/router'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import { noSessionStorage, noStorage } from '../../support/storage-fakes'
import { admin } from '../../machines/fixtures'
import { sessionData } from '../auth/harness'
import { STAGES } from '../builder/harness'

fakeModalDialogs()
afterEach(cleanup)

type Server = {
  projects?: () => Promise<ProjectRow[]>
  project?: (clientId: string) => Promise<ProjectView>
  enterQuote?: (call: EnterQuoteCall) => Promise<PoolEntry>
}

/** A project whose one thread, the Project's, has no messages yet. */
const quietThreads: ThreadsPorts = {
  threads: async () => [{ thread: 'project', title: 'Project', unread: 0, last: null }],
  messages: async () => [],
  post: () => Promise.reject(new Error('not in these tests')),
  read: async () => ({ thread: 'project', title: 'Project', unread: 0, last: null }),
}

/**
 * The app at `path`, signed in as a `role` (MANAGER or ADMIN) through the real session machine,
 * its projects actor answered by `server`: the router, the layout and the pages as they run.
 */
export async function openProjects(path: string, role: Role, server: Server = {}) {
  const ports = {
    projects: vi.fn(server.projects ?? (async () => [])),
    project: vi.fn(
      server.project ?? (async (): Promise<ProjectView> => Promise.reject(new Error('none'))),
    ),
    enterQuote: vi.fn(server.enterQuote ?? (async () => Promise.reject(new Error('none')))),
  }
  const user = { ...admin(5, 'Max Manager'), role }
  const machine = sessionMachine.provide({
    actors: {
      ...realDataActors,
      requestCode: fromPromise<{ tempToken?: string | null }, { email: string }>(async () => ({
        tempToken: 'temp-1',
      })),
      verify: fromPromise(async () => sessionData({ role, userData: user, poolData: undefined })),
      projects: projectsMachine.provide({
        actors: {
          fetchProjects: fromPromise(() => ports.projects()),
          fetchProject: fromPromise(({ input }) => ports.project(input.clientId)),
          enterQuote: fromPromise(({ input }) => ports.enterQuote(input)),
        },
        actions: noStorage,
      }),
    },
    actions: noSessionStorage,
  })
  const session: SessionActor = createActor(machine, {
    input: { restored: null, rememberLogin: false, now: () => Date.now() },
  }).start()
  session.send({ type: 'auth.codeRequested', email: user.email })
  await waitFor(session, (s) => s.matches('awaitingCode'))
  session.send({ type: 'auth.codeSubmitted', code: '123456', rememberMe: false })
  await waitFor(session, (s) => s.hasTag('route:admin'))
  const router = createAppRouter(
    {
      session,
      validate: async () => ({ Flag: true }),
      stages: async () => STAGES,
      tradePorts: () => Promise.reject(new Error('no trade portal here')),
    },
    { history: createMemoryHistory({ initialEntries: [path] }) },
  )
  const view = render(
    <SessionProvider actor={session}>
      <ProjectThreadsProvider portsFor={() => quietThreads}>
        <RouterProvider router={router} />
      </ProjectThreadsProvider>
    </SessionProvider>,
  )
  await screen.findByRole(
    'heading',
    { level: 1, name: (name) => !name.startsWith('Loading') },
    { timeout: 5000 },
  )
  return { user: userEvent.setup(), view, router, session, ports }
}
