import { useInsideMain } from './main-landmark'

/** A busy indicator that screen readers announce by its label. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-label={label}>
      <span className="spinner-ring" aria-hidden="true" />
      <span className="spinner-text" aria-hidden="true">
        {label}…
      </span>
    </div>
  )
}

/**
 * While a page loads, or stored state is restored: a centred spinner over the whole page. Alone
 * on the page it is the main landmark (axe: landmark-one-main, region); within a page's main,
 * a part of it.
 */
export function FullPageSpinner() {
  const Frame = useInsideMain() ? 'div' : 'main'
  return (
    <Frame className="full-page-spinner">
      {/* Every page has a heading, a page still loading too (axe: page-has-heading-one). */}
      <h1 className="visually-hidden">Loading PoolPath</h1>
      <Spinner />
    </Frame>
  )
}
