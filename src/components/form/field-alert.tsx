import type { ReactNode } from 'react'

/**
 * What stops a form or a list, announced as soon as it appears: a refusal not about one field,
 * or a load that failed (then `children` is the way out, e.g. "Try again"). Nothing without one.
 */
export function FieldAlert({
  message,
  children,
}: {
  message: string | null | undefined
  children?: ReactNode
}) {
  if (!message) return null
  return (
    <p className="field-error" role="alert">
      {message}
      {children}
    </p>
  )
}
