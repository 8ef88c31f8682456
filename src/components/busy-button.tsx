import type { ButtonHTMLAttributes, ReactNode } from 'react'

type BusyButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  busy: boolean
  /** What the button says while its request runs, e.g. "Sending…". */
  busyLabel: string
  /** The one primary action of a view, a quiet one, or the confirmation of a destructive one. */
  variant?: 'primary' | 'secondary' | 'danger'
  children: ReactNode
}

/**
 * A button that cannot be pressed twice: while its request runs it is disabled and shows a
 * small spinner with what is happening.
 */
export function BusyButton({
  busy,
  busyLabel,
  variant = 'primary',
  disabled,
  children,
  ...button
}: BusyButtonProps) {
  return (
    <button
      {...button}
      className={variant === 'primary' ? 'button' : `button button-${variant}`}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy ? (
        <>
          <span className="button-spinner" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  )
}
