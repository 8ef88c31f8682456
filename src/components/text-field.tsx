import type { InputHTMLAttributes, ReactNode } from 'react'
import { errorProps, FieldFrame } from './form/field-frame'

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
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <input
        {...input}
        id={id}
        className="field-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...errorProps(id, error, hint)}
      />
    </FieldFrame>
  )
}
