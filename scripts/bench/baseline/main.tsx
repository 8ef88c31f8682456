// The bundle bench's baseline: the least app that really uses React 19, TanStack Router and
// XState (through @xstate/react), so each is bundled and tree-shaken as an app would have it.
// PoolPath's landing JavaScript is compared with this build's (scripts/bench/bundle.ts).
import {
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { assign, createActor, setup } from 'xstate'

const counterMachine = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'counter.incremented' } },
  actions: { increment: assign({ count: ({ context }) => context.count + 1 }) },
}).createMachine({
  id: 'counter',
  context: { count: 0 },
  on: { 'counter.incremented': { actions: 'increment' } },
})

const counter = createActor(counterMachine).start()

function CounterPage() {
  const count = useSelector(counter, (snapshot) => snapshot.context.count)
  return (
    <button type="button" onClick={() => counter.send({ type: 'counter.incremented' })}>
      Clicked {count} times
    </button>
  )
}

const rootRoute = createRootRoute({ component: Outlet })
const counterRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: CounterPage,
})
const router = createRouter({ routeTree: rootRoute.addChildren([counterRoute]) })

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
