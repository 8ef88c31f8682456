import { Link, Outlet } from '@tanstack/react-router'
import { useId, type ReactNode } from 'react'
import { LogOutButton } from './log-out-button'

type AreaLayoutProps = {
  /** The navigation's accessible name, e.g. "Build steps". */
  navLabel: string
  base: '/builder' | '/admin'
  pages: readonly { route: string; title: string }[]
  /** Whether the sidebar is shown; the area's actor keeps it (seed §3 `isOpen`). */
  open: boolean
  onToggle: () => void
  /** Something shown after a page's title in its link (e.g. a done tick), hidden from its name. */
  mark?: (route: string) => ReactNode
  /** The id of a note describing a page's link (e.g. "Done"), kept out of its name. */
  describedBy?: (route: string) => string | undefined
  /** Shown above the links, e.g. the builder's progress and budget. */
  aside?: ReactNode
}

const pageLink = (base: AreaLayoutProps['base'], route: string) =>
  base === '/builder'
    ? ({ to: '/builder/$page', params: { page: route } } as const)
    : ({ to: '/admin/$section', params: { section: route } } as const)

/** A signed-in area: brand bar with the sidebar toggle and Log out, the sidebar, the page. */
export function AreaLayout({
  navLabel,
  base,
  pages,
  open,
  onToggle,
  mark,
  describedBy,
  aside,
}: AreaLayoutProps) {
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
        <LogOutButton />
      </header>
      <div className={open ? 'area-body' : 'area-body area-body-closed'}>
        <div id={sidebarId} className="area-sidebar" hidden={!open}>
          {aside}
          <nav aria-label={navLabel} className="area-nav">
            <ol>
              {pages.map((page) => (
                <li key={page.route}>
                  <Link
                    {...pageLink(base, page.route)}
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
        </div>
        <main className="area-main">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
