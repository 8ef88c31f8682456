import { useEffect, useRef, type ButtonHTMLAttributes, type ReactNode } from 'react'

export type BusyButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  busy: boolean
  /** What the button says while its request runs, e.g. "Sending…". */
  busyLabel: string
  /** The one primary action of a view, a quiet one, or the confirmation of a destructive one. */
  variant?: 'primary' | 'secondary' | 'danger'
  children: ReactNode
}

/**
 * A button that cannot be pressed twice: while its request runs it is disabled and shows a
 * small spinner with what is happening. A disabled button loses focus to the page's body, so
 * one pressed from the keyboard or by a click takes it back when its request is done.
 */
export function BusyButton({
  busy,
  busyLabel,
  variant = 'primary',
  disabled,
  children,
  ...button
}: BusyButtonProps) {
  const ref = useRef<HTMLButtonElement>(null)
  const pressed = useRef(false)
  // Once its request is done and the button may be pressed again (another write may still hold
  // it), focus that fell to the body comes back to it.
  useEffect(() => {
    const element = ref.current
    if (busy || !pressed.current || !element || element.disabled) return
    pressed.current = false
    if (document.activeElement === document.body) element.focus()
  }, [busy, disabled])
  return (
    <button
      {...button}
      ref={ref}
      onClick={(event) => {
        pressed.current = document.activeElement === event.currentTarget
        button.onClick?.(event)
      }}
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
