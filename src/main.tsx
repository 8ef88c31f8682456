import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createApi } from './adapters/api'
import { loadAuth } from './adapters/auth-storage'
import { afterFirstScreen } from './app/after-first-screen'
import { createSession } from './app/create-session'
import { dataActorsChunk } from './app/data-actors-chunk'
import { DownloadProvider } from './app/download-context'
import { followSession } from './app/follow-session'
import { preloadBuilder } from './app/preload-builder'
import { ProjectThreadsProvider } from './app/project-threads-context'
import { SessionProvider } from './app/session-context'
import { createStagesCache } from './app/stages-cache'
import { AreaSkeleton } from './components/area-skeleton'
import { createAppRouter } from './routes/router'
import './styles/app.css'
import './styles/full-page.css'

/**
 * Ends the current task: start-up runs as a few short tasks, not one long one, so a phone can
 * handle a tap between them (issue 10: Lighthouse's Total Blocking Time).
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve))

// Composition root: real adapters → machine.provide() (in createSession) → actor → router. The
// machines stay free of React and I/O; their effects are ports provided here (README, "How it
// is built").
async function start(container: HTMLElement) {
  // Stored session state is restored before the first route decision. Meanwhile a remembered
  // session sees its area's shape, not index.html's spinner, and a client's builder (its chunk
  // and the stage list its route waits for) downloads beside the restore.
  await nextTask()
  const root = createRoot(container)
  const remembered = loadAuth()
  const client = remembered?.isAuthenticated === true && remembered.role === 'CLIENT'
  if (client) preloadBuilder()
  if (remembered?.isAuthenticated) root.render(<AreaSkeleton />)
  // GET /api is public: read before the session exists, with no token.
  let earlyStages = client ? createApi({ getToken: () => null }).stages() : null
  const { actor, ports: api } = await createSession((getToken) => createApi({ getToken }))
  await nextTask()
  const stages = createStagesCache((signal) => {
    const early = earlyStages
    earlyStages = null
    return early ?? api.stages(signal)
  })
  const router = createAppRouter({
    session: actor,
    validate: (place, signal) => api.call('validate', { body: place }, signal),
    stages,
    tradePorts: () =>
      import('./adapters/api/trade-calls').then(({ createTradePorts }) => createTradePorts()),
  })

  followSession(actor, router)

  // Inter, ky, the stage list and the role machines wait until the first screen is painted: on a slow phone they
  // would otherwise share the line with the scripts that draw it (issue 10's Lighthouse score).
  // Until then the text is in the local face stretched to Inter's metrics (app.css).
  afterFirstScreen(router, () => {
    document.documentElement.classList.add('web-font')
    void stages().catch(() => undefined)
    // The role machines, which whatever signs in waits for: loaded while the email is typed.
    void dataActorsChunk().catch(() => undefined)
  })

  root.render(
    <StrictMode>
      <SessionProvider actor={actor}>
        <DownloadProvider fetchFile={api.fetchFile}>
          <ProjectThreadsProvider portsFor={api.projectThreads}>
            <RouterProvider router={router} />
          </ProjectThreadsProvider>
        </DownloadProvider>
      </SessionProvider>
    </StrictMode>,
  )
}

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
void start(container)
