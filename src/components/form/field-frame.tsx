import type { ReactNode } from 'react'

/**
 * What ties a control to its hint and its error: read with it, and marked invalid while there
 * is an error.
 */
export const errorProps = (id: string, error: string | undefined, hint?: ReactNode) => {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy.filter(Boolean).join(' ') || undefined,
  }
}

/** A control's error, under it; its id is what `errorProps` names. Nothing without one. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null
  return (
    <p id={`${id}-error`} className="field-error">
      {error}
    </p>
  )
}

/** A field's label, its hint, its control (`children`, with `errorProps`) and its error under it. */
export function FieldFrame(props: {
  id: string
  label: string
  error: string | undefined
  /** Shown under the label before the visitor types; read with the field. */
  hint?: ReactNode
  /** Extra classes for the field's wrapper (e.g. its width), not the control. */
  className?: string | undefined
  children: ReactNode
}) {
  const { id, hint, className } = props
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {props.children}
      <FieldError id={id} error={props.error} />
    </div>
  )
}
