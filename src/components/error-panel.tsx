type ErrorPanelProps = {
  title: string
  message: string
  onRetry: () => void
}

/** What went wrong, in words, and the one thing to do about it. */
export function ErrorPanel({ title, message, onRetry }: ErrorPanelProps) {
  return (
    <div className="error-panel" role="alert">
      <p className="error-panel-title">{title}</p>
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}
