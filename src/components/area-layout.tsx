import { Link, Outlet } from '@tanstack/react-router'
import { LogOutButton } from '../features/auth/log-out-button'

type AreaLayoutProps = {
  /** The navigation's accessible name, e.g. "Build steps". */
  navLabel: string
  base: '/builder' | '/admin'
  pages: readonly { route: string; title: string }[]
}

/** A signed-in area: brand bar with Log out, a sidebar of its pages, and the page itself. */
export function AreaLayout({ navLabel, base, pages }: AreaLayoutProps) {
  return (
    <div className="area">
      <header className="area-header">
        <Link to="/" className="area-brand">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          PoolPath
        </Link>
        <LogOutButton />
      </header>
      <div className="area-body">
        <nav aria-label={navLabel} className="area-nav">
          <ol>
            {pages.map((page) => (
              <li key={page.route}>
                <Link
                  to={`${base}/${page.route}`}
                  activeProps={{ 'aria-current': 'page', className: 'active' }}
                >
                  {page.title}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
        <main className="area-main">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
