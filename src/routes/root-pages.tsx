import { Link } from '@tanstack/react-router'
import { PageShell } from '../components/page-shell'

export const SUPPORT_EMAIL = 'support@poolpath.app'

/** The root error page, worded as the seed specifies. */
export function RootError() {
  return (
    <PageShell>
      <section className="notice" aria-labelledby="error-heading">
        <h1 id="error-heading">Oops! Something went wrong</h1>
        <p>
          We encountered an unexpected error. Please try refreshing the page or contact support if
          the problem persists.
        </p>
        <div className="notice-actions">
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Try Again
          </button>
          <a href={`mailto:${SUPPORT_EMAIL}`}>Contact support</a>
        </div>
      </section>
    </PageShell>
  )
}

export function NotFound() {
  return (
    <PageShell>
      <section className="notice" aria-labelledby="not-found-heading">
        <h1 id="not-found-heading">Page not found</h1>
        <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
        <Link to="/" className="button">
          Go to PoolPath
        </Link>
      </section>
    </PageShell>
  )
}
