import type { InputHTMLAttributes, ReactNode } from 'react'

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> & {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  /** Shown under the label before the visitor types; read with the field. */
  hint?: ReactNode
  error?: string | undefined
  /** Extra classes for the field's wrapper (e.g. its width), not the input. */
  className?: string
}

/** A labelled text input whose hint and error are part of its accessible description. */
export function TextField(props: TextFieldProps) {
  const { id, label, value, onChange, hint, error, className, ...input } = props
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <input
        {...input}
        id={id}
        className="field-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}
