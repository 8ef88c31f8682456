import type { ReactNode } from 'react'

/** What ties a control to its error: read with it, and marked invalid while there is one. */
export const errorProps = (id: string, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
})

/** A field's label, its control (`children`, with `errorProps`) and its error under it. */
export function FieldFrame(props: {
  id: string
  label: string
  error: string | undefined
  children: ReactNode
}) {
  const { id, error } = props
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      {props.children}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}
