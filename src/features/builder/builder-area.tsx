import { useLocation, useParams } from '@tanstack/react-router'
import { createElement, use, useCallback, useEffect, type ComponentType } from 'react'
import { AreaLayout } from '../../components/area-layout'
import { AreaNotFound } from '../../components/area-not-found'
import { savedDesign } from '../../../contract/budget'
import { BUILDER_PAGES, PROJECT_PAGES, type BuilderPageRoute } from './builder-pages'
import { BUILDER_ICONS } from './page-icons'
import { DraftNotice } from './draft-notice'
import { RunningBudget } from './budget/running-budget'
import { ManagerPage as ManagerProfile } from './people/manager-page'
import { OverviewPage } from './overview/overview-page'
import { useBudget } from './use-project'
import type { PoolData } from '../../../contract/domain'
import type { ClientActor } from '../../../machines/client/client.machine'
import { AreaSkeleton } from '../../components/area-skeleton'
import { useClient, useOptionalClientActor } from './use-client'
import { unreadTotal, useThreads } from './messages/use-messages'
import '../../components/messages/messages.css'
import './builder.css'

const STEP_DONE_NOTE = 'step-done-note'

const selectOpen = (snapshot: { context: { isOpen: boolean } }) => snapshot.context.isOpen
const selectDesigned = (snapshot: { context: { poolData: PoolData } }) =>
  savedDesign(snapshot.context.poolData) !== null

const UNREAD_NOTE = 'unread-note'

/** The builder: while the client's session runs, its steps beside the page; until then its shape. */
export function BuilderLayout() {
  const actor = useOptionalClientActor()
  return actor ? <BuilderFrame actor={actor} /> : <AreaSkeleton />
}

/** The 13 steps with done ticks, progress and the running budget beside the page. */
function BuilderFrame({ actor }: { actor: ClientActor }) {
  const open = useClient(selectOpen)
  const designed = useClient(selectDesigned)
  const budget = useBudget()
  const toggle = useCallback(() => actor.send({ type: 'layout.sidebarToggled' }), [actor])
  const pathname = useLocation({ select: (location) => location.pathname })
  // A refusal belongs to the page that made the call: another page starts without it.
  useEffect(() => actor.send({ type: 'client.failureDismissed' }), [actor, pathname])
  const done = (route: string) => budget.find((step) => step.route === route)?.done
  const unread = unreadTotal(useThreads().list)
  // Once the design is saved, the project's own pages come first; Messages shows what is unread.
  const projectNav = {
    label: 'Project',
    pages: PROJECT_PAGES,
    mark: (route: string) =>
      route === 'messages' && unread > 0 ? (
        <span className="unread-badge" aria-hidden="true">
          {unread}
        </span>
      ) : null,
    describedBy: (route: string) => (route === 'messages' && unread > 0 ? UNREAD_NOTE : undefined),
  }
  return (
    <AreaLayout
      navLabel="Build steps"
      base="/builder"
      pages={BUILDER_PAGES}
      icons={BUILDER_ICONS}
      lead={designed ? projectNav : undefined}
      banner={<DraftNotice />}
      open={open}
      onToggle={toggle}
      mark={(route) =>
        done(route) ? (
          <span className="step-tick" aria-hidden="true">
            ✓
          </span>
        ) : null
      }
      describedBy={(route) => (done(route) ? STEP_DONE_NOTE : undefined)}
      aside={
        <>
          <span id={STEP_DONE_NOTE} hidden>
            Done
          </span>
          <span id={UNREAD_NOTE} hidden>
            {unread} unread
          </span>
          <RunningBudget budget={budget} />
        </>
      }
    />
  )
}

type Screen = ComponentType<{ route: BuilderPageRoute }>

/**
 * The screen of each project and helper page; every other page the router accepts is a step.
 * The Overview, where a remembered session opens, comes with the area; each other page is a
 * chunk of its own, loaded by the page's route before it shows (and when a link to it is
 * hovered or touched), so the Overview's first paint does not wait for the Budget's code.
 */
const PAGE_CHUNKS: Partial<Record<BuilderPageRoute, () => Promise<Screen>>> = {
  timeline: () => import('./timeline/timeline-page').then((page) => page.TimelinePage),
  budget: () => import('./budget/budget-page').then((page) => page.BudgetPage),
  documents: () => import('./documents/documents-page').then((page) => page.DocumentsPage),
  trades: () => import('./trades/trades-page').then((page) => page.TradesPage),
  messages: () => import('./messages/messages-page').then((page) => page.MessagesPage),
  passport: () => import('./passport/passport-page').then((page) => page.PassportPage),
  'project-builder': () =>
    import('./people/project-builder-page').then((page) => page.ProjectBuilderPage),
  'project-managers': () => import('./people/managers-page').then((page) => page.ManagersPage),
  'pool-design': () =>
    import('./steps/design/pool-design-page').then((page) => page.PoolDesignPage),
}
const stepChunk = () => import('./steps/step-page').then((page) => page.StepPage)

const screens = new Map<BuilderPageRoute, Promise<Screen>>()
const loadedScreens = new Map<BuilderPageRoute, Screen>([['overview', OverviewPage]])

/** The page's screen, loaded once: the `$page` route's loader waits for it. */
export function loadPage(route: BuilderPageRoute): Promise<Screen> {
  const loaded = loadedScreens.get(route)
  if (loaded) return Promise.resolve(loaded)
  let screen = screens.get(route)
  if (!screen) {
    screen = (PAGE_CHUNKS[route] ?? stepChunk)().then((loadedScreen) => {
      loadedScreens.set(route, loadedScreen)
      return loadedScreen
    })
    // A chunk that failed to load (offline) is asked for again on the next visit.
    screen.catch(() => screens.delete(route))
    screens.set(route, screen)
  }
  return screen
}

/** A page of the builder, chosen by its route (the router answers an unknown one). */
export function BuilderPage() {
  const { page } = useParams({ from: '/builder/$page' })
  // The screens are module-level components, loaded once: the same one for a page every time.
  const screen = loadedScreens.get(page) ?? use(loadPage(page))
  return createElement(screen, { key: page, route: page })
}

/** A project manager's profile (/builder/manager/{id}). */
export function ManagerPage() {
  const { id } = useParams({ from: '/builder/manager/$id' })
  return <ManagerProfile id={id} />
}

/** An address inside the area that names none of its pages (the router's not-found). */
export const BuilderNotFound = () => <AreaNotFound home="/builder" />
