import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  notFound,
  Outlet,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router'
import { waitFor } from 'xstate'
import { z } from 'zod/mini'
import type { Stage } from '../../contract'
import { ThreadId } from '../../contract/messages'
import type { SessionActor } from '../../machines/session/session.machine'
import type { TradePortalPorts } from '../../machines/trade-portal/trade-portal.types'
import { PageShell } from '../components/page-shell'
import { AreaSkeleton, PageSkeleton } from '../components/area-skeleton'
import { builderArea } from './builder-area-chunk'
import { FullPageSpinner } from '../components/spinner'
import { ADMIN_SECTION_ROUTES } from '../features/admin/sections'
import { LoginPage } from '../features/auth/login-page'
import { BUILDER_PAGE_ROUTES } from '../features/builder/builder-pages'
import {
  areaGuard,
  comingSoonGuard,
  indexTarget,
  landingGuard,
  managerGuard,
  type Redirect,
} from './guards'
import { NotFound, RootError } from './root-pages'

export type RouterContext = {
  session: SessionActor
  /** POST /api/validate: is this city served? */
  validate: (
    place: { city: string; state: string },
    signal?: AbortSignal,
  ) => Promise<{ Flag: boolean }>
  stages: () => Promise<Stage[]>
  /** The trade portal's own port, loaded with its page (never with the landing pages). */
  tradePorts: () => Promise<TradePortalPorts>
}

/** Guards decide on a settled session: they wait out restoring and resuming, never sleep. */
const settled = (session: SessionActor) => waitFor(session, (s) => !s.hasTag('pending'))

const follow = (target: Redirect) => {
  if (target) throw redirect({ to: target.to, ...(target.search ? { search: target.search } : {}) })
}

const LandingSearch = z.object({ redirect: z.optional(z.string()) })

/** A builder page's search: the thread the Messages page opens (PRODUCT.md §18), if a known one. */
const builderSearch = (search: Record<string, unknown>): { thread?: ThreadId } => {
  const thread = ThreadId.safeParse(search['thread'])
  return thread.success ? { thread: thread.data } : {}
}

/** A path segment read as one of an area's pages, or the router's not-found. */
const slugOf = <Slug extends string>(slugs: readonly Slug[], raw: string): Slug => {
  const slug = slugs.find((s) => s === raw)
  if (!slug) throw notFound()
  return slug
}

/** The route tree of seed §2; each guard reads the session actor, never a copy of its state. */
// Only /login is in the landing bundle; the other landing screens load when first reached.
const ComingSoonPage = lazyRouteComponent(
  () => import('../features/auth/coming-soon-page'),
  'ComingSoonPage',
)

export function createAppRouter(context: RouterContext, options: { history?: RouterHistory } = {}) {
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: Outlet,
    errorComponent: RootError,
    notFoundComponent: NotFound,
  })

  const indexRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    beforeLoad: async ({ context }) => {
      throw redirect({ href: indexTarget(await settled(context.session)) })
    },
  })

  const landingRoute = createRoute({
    getParentRoute: () => rootRoute,
    id: 'landing',
    validateSearch: LandingSearch,
    beforeLoad: async ({ context, location, search }) =>
      follow(landingGuard(await settled(context.session), location.pathname, search.redirect)),
    component: () => (
      <PageShell>
        <Outlet />
      </PageShell>
    ),
  })
  const loginRoute = createRoute({
    getParentRoute: () => landingRoute,
    path: 'login',
    component: LoginPage,
  })
  const verifyRoute = createRoute({
    getParentRoute: () => landingRoute,
    path: 'verify',
    component: lazyRouteComponent(() => import('./verify-screen'), 'VerifyScreen'),
  })
  const onboardingRoute = createRoute({
    getParentRoute: () => landingRoute,
    path: 'onboarding',
    component: lazyRouteComponent(() => import('./onboarding-screen'), 'OnboardingScreen'),
  })

  const comingSoonRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: 'coming-soon',
    beforeLoad: async ({ context, cause }) =>
      follow(comingSoonGuard(await settled(context.session), cause === 'stay')),
    component: () => (
      <PageShell>
        <ComingSoonPage />
      </PageShell>
    ),
  })

  const builderRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: 'builder',
    beforeLoad: async ({ context, location }) =>
      follow(areaGuard(await settled(context.session), '/builder', location.href)),
    // Every step prices itself from the stages' price lists (seed §2: loaded from GET /api).
    loader: ({ context }) => context.stages(),
    // After sign-in, the area's shape while its chunk and the price lists load: at once, never
    // a blank frame or a bare spinner first, and gone as soon as the page is there (the shapes
    // stand where the page's parts will, so even a short showing does not flash).
    pendingComponent: AreaSkeleton,
    pendingMs: 0,
    pendingMinMs: 0,
    component: lazyRouteComponent(builderArea, 'BuilderLayout'),
  })
  const builderPage = lazyRouteComponent(builderArea, 'BuilderPage')
  const builderChildren = [
    createRoute({
      getParentRoute: () => builderRoute,
      path: '/',
      beforeLoad: () => {
        throw redirect({ href: '/builder/pool-design' })
      },
    }),
    createRoute({
      getParentRoute: () => builderRoute,
      path: '$page',
      params: { parse: ({ page }) => ({ page: slugOf(BUILDER_PAGE_ROUTES, page) }) },
      validateSearch: builderSearch,
      // Most pages are chunks of their own: loaded before the page shows, or when its link is
      // hovered or touched; a slow first load shows the page's shapes inside the area.
      loader: async ({ params }) => {
        await (await builderArea()).loadPage(params.page)
      },
      pendingComponent: PageSkeleton,
      // The route that throws answers it, so the builder's layout and steps stay around it.
      notFoundComponent: lazyRouteComponent(builderArea, 'BuilderNotFound'),
      component: builderPage,
    }),
    createRoute({
      getParentRoute: () => builderRoute,
      path: 'manager/$id',
      component: lazyRouteComponent(builderArea, 'ManagerPage'),
    }),
  ]

  const adminRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: 'admin',
    beforeLoad: async ({ context, location }) => {
      const session = await settled(context.session)
      follow(
        areaGuard(session, '/admin', location.href) ?? managerGuard(session, location.pathname),
      )
    },
    pendingComponent: AreaSkeleton,
    component: lazyRouteComponent(() => import('../features/admin/admin-area'), 'AdminLayout'),
  })
  const adminChildren = [
    createRoute({
      getParentRoute: () => adminRoute,
      path: '/',
      beforeLoad: () => {
        throw redirect({ href: '/admin/pricing' })
      },
    }),
    createRoute({
      getParentRoute: () => adminRoute,
      path: '$section',
      params: { parse: ({ section }) => ({ section: slugOf(ADMIN_SECTION_ROUTES, section) }) },
      notFoundComponent: lazyRouteComponent(
        () => import('../features/admin/admin-area'),
        'AdminNotFound',
      ),
      component: lazyRouteComponent(() => import('../features/admin/admin-area'), 'AdminSection'),
    }),
    createRoute({
      getParentRoute: () => adminRoute,
      path: 'projects/$clientId',
      // The Budget tab prices the owner's steps from the stages, as the owner's pages do.
      loader: ({ context }) => context.stages(),
      component: lazyRouteComponent(() => import('./project-route'), 'ProjectRoute'),
    }),
  ]

  // The trade portal: public, no guard, and none of the app's areas in its chunk.
  const tradePortalRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: 't/$token',
    loader: ({ context }) => context.tradePorts(),
    // One port for as long as the page is open: its actor holds it.
    staleTime: Infinity,
    component: lazyRouteComponent(() => import('./trade-portal-route'), 'TradePortalRoute'),
  })

  const routeTree = rootRoute.addChildren([
    indexRoute,
    landingRoute.addChildren([loginRoute, verifyRoute, onboardingRoute]),
    comingSoonRoute,
    builderRoute.addChildren(builderChildren),
    adminRoute.addChildren(adminChildren),
    tradePortalRoute,
  ])

  return createRouter({
    routeTree,
    context,
    ...(options.history ? { history: options.history } : {}),
    defaultPendingComponent: FullPageSpinner,
    defaultPendingMs: 150,
    defaultPreload: 'intent',
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
