import type { ReactNode } from 'react'
import { errorProps, FieldFrame } from './field-frame'

type SelectFieldProps = {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  /** The <option>s. */
  children: ReactNode
}

/** A labelled select whose error is part of its accessible description. */
export function SelectField({ id, label, value, onChange, error, children }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select
        id={id}
        className="field-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...errorProps(id, error)}
      >
        {children}
      </select>
    </FieldFrame>
  )
}
