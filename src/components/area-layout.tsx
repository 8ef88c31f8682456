import { Link, Outlet, type RegisteredRouter } from '@tanstack/react-router'
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
  /** Whether the menu is open on a phone (wide screens always show it); the area's actor keeps it. */
  open: boolean
  onToggle: () => void
  /** Something shown after a page's title in its link (e.g. a done tick), hidden from its name. */
  mark?: (route: string) => ReactNode
  /** The id of a note describing a page's link (e.g. "Done"), kept out of its name. */
  describedBy?: (route: string) => string | undefined
  /** Shown above the links, e.g. the builder's progress and budget. */
  aside?: ReactNode
  /**
   * A second, shorter navigation above the main one (e.g. the builder's "Project" pages), with
   * its own marks and descriptions (e.g. the unread messages).
   */
  lead?: {
    label: string
    pages: AreaPages['pages']
    mark?: AreaLayoutProps['mark']
    describedBy?: AreaLayoutProps['describedBy']
  }
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
  onFollow,
}: {
  label: string
  links: ReturnType<typeof pageLinks>
  icons: PageIcons
  mark?: AreaLayoutProps['mark']
  describedBy?: AreaLayoutProps['describedBy']
  /** A link of it was followed. */
  onFollow: () => void
}) {
  return (
    <nav aria-label={label} className="area-nav">
      {/* The label seen on wide screens; the nav is named by aria-label already. */}
      <span className="area-nav-label" aria-hidden="true">
        {label}
      </span>
      <ol>
        {links.map((page) => {
          const Icon = icons[page.route]
          return (
            <li key={page.route}>
              <Link
                {...page.link}
                activeProps={{ 'aria-current': 'page', className: 'active' }}
                aria-describedby={describedBy?.(page.route)}
                onClick={onFollow}
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

/** Where the sidebar folds into the Menu (area-layout.css uses the same width). */
const PHONE = '(max-width: 720px)'
const onPhone = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE).matches

/**
 * A signed-in area: the bar (the Menu toggle where the sidebar folds, the brand, the account and
 * Log out), the sidebar, the page. On a phone the sidebar is one menu over the page, every
 * navigation in it: the page starts right under the bar, the menu starts closed, and following
 * a link (or Escape) closes it onto the page.
 */
export function AreaLayout(props: AreaLayoutProps) {
  const { navLabel, icons, open, onToggle, mark, describedBy, aside, lead, banner } = props
  const sidebarId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const closeOnPhone = () => {
    if (open && onPhone()) onToggle()
  }
  // The latest state and toggle, for the listener below that outlives renders.
  const latest = useRef({ open, onToggle })
  useEffect(() => {
    latest.current = { open, onToggle }
  }, [open, onToggle])
  useEffect(() => {
    // A phone shows the page: the menu is folded when the window is (or becomes) a phone's,
    // whatever it was left as on a wide screen or last time.
    if (typeof window.matchMedia !== 'function') return
    const phone = window.matchMedia(PHONE)
    const fold = () => {
      if (phone.matches && latest.current.open) latest.current.onToggle()
    }
    fold()
    phone.addEventListener('change', fold)
    return () => phone.removeEventListener('change', fold)
  }, [])
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !onPhone()) return
      onToggle()
      toggleRef.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, onToggle])
  return (
    <div className="area">
      <header className="area-header">
        <button
          ref={toggleRef}
          type="button"
          className="button button-ghost area-toggle"
          aria-expanded={open}
          aria-controls={sidebarId}
          onClick={onToggle}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          {open ? 'Close menu' : 'Menu'}
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
      <div className="area-body">
        <div id={sidebarId} className="area-sidebar" hidden={!open}>
          {lead && (
            <PageNav
              label={lead.label}
              links={pageLinks({ ...props, pages: lead.pages } as AreaPages)}
              icons={icons}
              mark={lead.mark}
              describedBy={lead.describedBy}
              onFollow={closeOnPhone}
            />
          )}
          {aside}
          <PageNav
            label={navLabel}
            links={pageLinks(props)}
            icons={icons}
            mark={mark}
            describedBy={describedBy}
            onFollow={closeOnPhone}
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
