import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { routeKey } from '../machines/session/session.selectors'
import { createSession } from './app/create-session'
import { SessionProvider } from './app/session-context'
import { createStagesCache } from './app/stages-cache'
import { createAppRouter } from './routes/router'
import { FullPageSpinner } from './routes/root-pages'
import './styles/app.css'
import './styles/areas.css'

// Composition root: real adapters → machine.provide() → actor → router (STYLE.md).
async function start(container: HTMLElement) {
  const root = createRoot(container)
  // Stored session state is restored before the first route decision.
  root.render(<FullPageSpinner />)
  const { actor, api } = await createSession()
  const stages = createStagesCache(api.stages)
  void stages().catch(() => undefined)
  const router = createAppRouter({ session: actor, api, stages })

  // Routes follow the session: when where the visitor belongs changes, the guards run again.
  let key = routeKey(actor.getSnapshot())
  actor.subscribe((snapshot) => {
    const next = routeKey(snapshot)
    if (next !== key) {
      key = next
      void router.invalidate()
    }
  })

  root.render(
    <StrictMode>
      <SessionProvider actor={actor}>
        <RouterProvider router={router} />
      </SessionProvider>
    </StrictMode>,
  )
}

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
void start(container)
