import { Link, Outlet, useLocation, type RegisteredRouter } from '@tanstack/react-router'
import { LogOut, Menu, X, type LucideIcon } from 'lucide-react'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { AccountMenu } from './account-menu'
import { MainLandmark } from './main-landmark'
import { LogOutButton } from './log-out-button'
import './area-layout.css'

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

/** Each page's icon, by route: shown before its title in the navigation, hidden from its name. */
export type PageIcons = Readonly<Record<string, LucideIcon>>

type AreaLayoutProps = AreaPages & {
  /** The navigation's accessible name, e.g. "Build steps". */
  navLabel: string
  icons: PageIcons
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
  /** A message above every page, e.g. the builder's note that a draft was saved. */
  banner?: ReactNode
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
  icons,
  mark,
  describedBy,
}: {
  label: string
  links: ReturnType<typeof pageLinks>
  icons: PageIcons
  mark?: AreaLayoutProps['mark']
  describedBy?: AreaLayoutProps['describedBy']
}) {
  const list = useRef<HTMLOListElement>(null)
  const pathname = useLocation({ select: (location) => location.pathname })
  useEffect(() => {
    // On phones the list is one scrolling line: centre the current page in it.
    const line = list.current
    const current = line?.querySelector('[aria-current="page"]')
    if (!line || !current || line.scrollWidth <= line.clientWidth) return
    const offset = current.getBoundingClientRect().left - line.getBoundingClientRect().left
    line.scrollLeft += offset - (line.clientWidth - current.clientWidth) / 2
  }, [pathname])
  return (
    <nav aria-label={label} className="area-nav">
      {/* The label seen on wide screens; the nav is named by aria-label already. */}
      <span className="area-nav-label" aria-hidden="true">
        {label}
      </span>
      <ol ref={list}>
        {links.map((page) => {
          const Icon = icons[page.route]
          return (
            <li key={page.route}>
              <Link
                {...page.link}
                activeProps={{ 'aria-current': 'page', className: 'active' }}
                aria-describedby={describedBy?.(page.route)}
              >
                {Icon && <Icon className="area-nav-icon" aria-hidden="true" />}
                {page.title}
                {mark?.(page.route)}
              </Link>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

/**
 * A signed-in area: the bar (the Menu toggle where the sidebar collapses, the brand, the account
 * and Log out), the sidebar, the page.
 */
export function AreaLayout(props: AreaLayoutProps) {
  const { navLabel, icons, open, onToggle, mark, describedBy, aside, lead, banner } = props
  const sidebarId = useId()
  const ToggleIcon = open ? X : Menu
  return (
    <div className="area">
      <header className="area-header">
        <button
          type="button"
          className="button button-ghost area-toggle"
          aria-expanded={open}
          aria-controls={sidebarId}
          onClick={onToggle}
        >
          <ToggleIcon aria-hidden="true" />
          Menu
        </button>
        <Link to="/" className="area-brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          PoolPath
        </Link>
        <div className="area-account">
          <AccountMenu />
          <LogOutButton className="button button-ghost area-logout">
            <LogOut aria-hidden="true" />
            <span className="area-logout-text">Log out</span>
          </LogOutButton>
        </div>
      </header>
      <div className={open ? 'area-body' : 'area-body area-body-closed'}>
        <div id={sidebarId} className="area-sidebar" hidden={!open}>
          {lead && (
            <PageNav
              label={lead.label}
              links={pageLinks({ ...props, pages: lead.pages } as AreaPages)}
              icons={icons}
            />
          )}
          {aside}
          <PageNav
            label={navLabel}
            links={pageLinks(props)}
            icons={icons}
            mark={mark}
            describedBy={describedBy}
          />
        </div>
        <MainLandmark className="area-main">
          {banner}
          <Outlet />
        </MainLandmark>
      </div>
    </div>
  )
}
