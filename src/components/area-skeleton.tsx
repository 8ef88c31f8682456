import './area-skeleton.css'

/** Shapes of a sidebar's links and a page's cards, drawn while there is nothing to show. */
const LINKS = 8
const CARDS = 3

/**
 * An area's frame while it loads after sign-in: the bar, the sidebar and a page in grey shapes
 * where they will be, so the page arrives without a jump. A screen reader hears "Loading
 * PoolPath"; the shapes are hidden from it, and the main landmark says it is busy.
 */
export function AreaSkeleton() {
  return (
    <div className="skeleton-area">
      <div className="skeleton-bar" aria-hidden="true">
        <span className="skeleton skeleton-brand" />
      </div>
      <div className="skeleton-body">
        <div className="skeleton-sidebar" aria-hidden="true">
          {Array.from({ length: LINKS }, (_, n) => (
            <span key={n} className="skeleton skeleton-line" />
          ))}
        </div>
        <main className="skeleton-page" aria-busy="true">
          <h1 className="visually-hidden">Loading PoolPath</h1>
          <PageShapes />
        </main>
      </div>
    </div>
  )
}

const PageShapes = () => (
  <div aria-hidden="true">
    <span className="skeleton skeleton-title" />
    {Array.from({ length: CARDS }, (_, n) => (
      <span key={n} className="skeleton skeleton-card" />
    ))}
  </div>
)

/**
 * A page of an area while its own chunk loads on first visit: its title's and cards' shapes
 * inside the area's frame, which stays. A screen reader hears "Loading page".
 */
export function PageSkeleton() {
  return (
    <div aria-busy="true">
      <h1 className="visually-hidden">Loading page</h1>
      <PageShapes />
    </div>
  )
}
