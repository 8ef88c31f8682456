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
