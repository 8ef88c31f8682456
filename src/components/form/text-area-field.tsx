import type { TextareaHTMLAttributes } from 'react'
import { errorProps, FieldFrame } from './field-frame'

type TextAreaFieldProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'onChange' | 'value' | 'className'
> & {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
}

/** A labelled text area whose error is part of its accessible description. */
export function TextAreaField(props: TextAreaFieldProps) {
  const { id, label, value, onChange, error, ...textarea } = props
  return (
    <FieldFrame id={id} label={label} error={error}>
      <textarea
        {...textarea}
        id={id}
        className="field-input field-textarea"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...errorProps(id, error)}
      />
    </FieldFrame>
  )
}
