import { TextAreaField } from '../../components/form/text-area-field'
import { StateSelect } from '../../components/state-select'
import { TextField } from '../../components/text-field'
import { readDollars } from '../../lib/money'

export type FieldKind =
  'text' | 'email' | 'tel' | 'money' | 'integer' | 'textarea' | 'checkbox' | 'state'

/** One field of an add/edit form; `name` is the request body's field, so server errors match. */
export type FieldSpec = {
  name: string
  label: string
  kind: FieldKind
  hint?: string
  autoComplete?: string
  /** An empty answer is sent as null (e.g. a client without a perk). */
  emptyAsNull?: boolean
  /** An empty answer is left out of the body: the server's default (e.g. a city's time zone). */
  emptyLeftOut?: boolean
}

export type FormValues = Record<string, string | boolean>
export type FormErrors = Partial<Record<string, string>>

export const centsToDollars = (cents: number) =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)

/**
 * The request body the form stands for, or the fields that cannot be one. Numbers are checked
 * here because the contract's messages about them ("expected number") help nobody.
 */
export function formBody(
  fields: readonly FieldSpec[],
  values: FormValues,
): { body: Record<string, unknown>; errors: FormErrors } {
  const body: Record<string, unknown> = {}
  const errors: FormErrors = {}
  for (const field of fields) {
    const value = values[field.name]
    if (typeof value === 'boolean') {
      body[field.name] = value
      continue
    }
    const text = value ?? ''
    if (field.kind === 'money') {
      const cents = readDollars(text, 'e.g. 400 or 1,250.50')
      if (typeof cents === 'number') body[field.name] = cents
      else errors[field.name] = cents.error
    } else if (field.kind === 'integer') {
      if (/^\d+$/.test(text.trim())) body[field.name] = Number(text.trim())
      else errors[field.name] = 'Enter a whole number'
    } else if (!(field.emptyLeftOut && text.trim() === '')) {
      body[field.name] = field.emptyAsNull && text.trim() === '' ? null : text
    }
  }
  return { body, errors }
}

type FormFieldsProps = {
  idPrefix: string
  fields: readonly FieldSpec[]
  values: FormValues
  error: (name: string) => string | undefined
  onChange: (name: string, value: string | boolean) => void
}

/** The labelled controls of an add/edit form, each with its error under it. */
export function FormFields({
  idPrefix,
  fields,
  values,
  error: errorOf,
  onChange,
}: FormFieldsProps) {
  return (
    <>
      {fields.map((field) => {
        const id = `${idPrefix}-${field.name}`
        const value = values[field.name]
        const error = errorOf(field.name)
        if (field.kind === 'checkbox') {
          return (
            <div key={field.name} className="field">
              <label className="checkbox" htmlFor={id}>
                <input
                  id={id}
                  type="checkbox"
                  checked={value === true}
                  onChange={(event) => onChange(field.name, event.target.checked)}
                />
                {field.label}
              </label>
            </div>
          )
        }
        const text = typeof value === 'string' ? value : ''
        if (field.kind === 'state') {
          return (
            <StateSelect
              key={field.name}
              id={id}
              value={text}
              onChange={(next) => onChange(field.name, next)}
              error={error}
            />
          )
        }
        if (field.kind === 'textarea') {
          return (
            <TextAreaField
              key={field.name}
              id={id}
              label={field.label}
              rows={5}
              value={text}
              onChange={(next) => onChange(field.name, next)}
              error={error}
            />
          )
        }
        return (
          <TextField
            key={field.name}
            id={id}
            label={field.label}
            type={field.kind === 'email' || field.kind === 'tel' ? field.kind : 'text'}
            inputMode={
              field.kind === 'money' ? 'decimal' : field.kind === 'integer' ? 'numeric' : undefined
            }
            autoComplete={field.autoComplete ?? 'off'}
            hint={field.hint}
            value={text}
            onChange={(next) => onChange(field.name, next)}
            error={error}
          />
        )
      })}
    </>
  )
}
