import { Link, Outlet, type RegisteredRouter } from '@tanstack/react-router'
import { useId, type ReactNode } from 'react'
import { LogOutButton } from './log-out-button'

/** A route's params as the router parses them: a page's slug is one the router accepts. */
type ParamsOf<Id extends keyof RegisteredRouter['routesById']> =
  RegisteredRouter['routesById'][Id]['types']['params']
type AreaPage<Slug> = { route: Slug; title: string }
type AreaPages =
  | { base: '/builder'; pages: readonly AreaPage<ParamsOf<'/builder/$page'>['page']>[] }
  | { base: '/admin'; pages: readonly AreaPage<ParamsOf<'/admin/$section'>['section']>[] }

type PageLink =
  | { to: '/builder/$page'; params: { page: ParamsOf<'/builder/$page'>['page'] } }
  | { to: '/admin/$section'; params: { section: ParamsOf<'/admin/$section'>['section'] } }

type AreaLayoutProps = AreaPages & {
  /** The navigation's accessible name, e.g. "Build steps". */
  navLabel: string
  /** Whether the sidebar is shown; the area's actor keeps it (seed §3 `isOpen`). */
  open: boolean
  onToggle: () => void
  /** Something shown after a page's title in its link (e.g. a done tick), hidden from its name. */
  mark?: (route: string) => ReactNode
  /** The id of a note describing a page's link (e.g. "Done"), kept out of its name. */
  describedBy?: (route: string) => string | undefined
  /** Shown above the links, e.g. the builder's progress and budget. */
  aside?: ReactNode
  /** A second, shorter navigation above the main one (e.g. the builder's "Project" pages). */
  lead?: { label: string; pages: AreaPages['pages'] }
}

const pageLinks = (area: AreaPages): { route: string; title: string; link: PageLink }[] =>
  area.base === '/builder'
    ? area.pages.map(({ route, title }) => ({
        route,
        title,
        link: { to: '/builder/$page', params: { page: route } } as const,
      }))
    : area.pages.map(({ route, title }) => ({
        route,
        title,
        link: { to: '/admin/$section', params: { section: route } } as const,
      }))

/** One navigation of the sidebar: a list of page links, the current one marked. */
function PageNav({
  label,
  links,
  mark,
  describedBy,
}: {
  label: string
  links: ReturnType<typeof pageLinks>
  mark?: AreaLayoutProps['mark']
  describedBy?: AreaLayoutProps['describedBy']
}) {
  return (
    <nav aria-label={label} className="area-nav">
      <ol>
        {links.map((page) => (
          <li key={page.route}>
            <Link
              {...page.link}
              activeProps={{ 'aria-current': 'page', className: 'active' }}
              aria-describedby={describedBy?.(page.route)}
            >
              {page.title}
              {mark?.(page.route)}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  )
}

/** A signed-in area: brand bar with the sidebar toggle and Log out, the sidebar, the page. */
export function AreaLayout(props: AreaLayoutProps) {
  const { navLabel, open, onToggle, mark, describedBy, aside, lead } = props
  const sidebarId = useId()
  return (
    <div className="area">
      <header className="area-header">
        <button
          type="button"
          className="area-toggle"
          aria-expanded={open}
          aria-controls={sidebarId}
          onClick={onToggle}
        >
          <span aria-hidden="true">☰</span> Menu
        </button>
        <Link to="/" className="area-brand">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          PoolPath
        </Link>
        <LogOutButton className="button area-logout" />
      </header>
      <div className={open ? 'area-body' : 'area-body area-body-closed'}>
        <div id={sidebarId} className="area-sidebar" hidden={!open}>
          {lead && (
            <PageNav
              label={lead.label}
              links={pageLinks({ ...props, pages: lead.pages } as AreaPages)}
            />
          )}
          {aside}
          <PageNav
            label={navLabel}
            links={pageLinks(props)}
            mark={mark}
            describedBy={describedBy}
          />
        </div>
        <main className="area-main">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
