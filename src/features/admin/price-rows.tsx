import { useId } from 'react'
import { errorProps, FieldError } from '../../components/form/field-frame'
import type { FormErrors } from './form-fields'
import { newKey, type PricingDraft } from './pricing-draft'

type PriceRowsProps = {
  draft: PricingDraft
  errors: FormErrors
  onChange: (patch: Partial<PricingDraft>) => void
}

type CellProps = {
  id: string
  label: string
  value: string
  error: string | undefined
  onChange: (value: string) => void
  numeric?: boolean
}

/** One input of an option or item row; its label is read, not shown (the columns say it). */
function Cell({ id, label, value, error, onChange, numeric }: CellProps) {
  return (
    <div className="price-cell">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        className="field-input"
        value={value}
        inputMode={numeric ? 'decimal' : undefined}
        onChange={(event) => onChange(event.target.value)}
        {...errorProps(id, error)}
      />
      <FieldError id={id} error={error} />
    </div>
  )
}

/** The options (label × multiplier) of a metered or flat stage, or the items of a catalogue one. */
export function PriceRows({ draft, errors, onChange }: PriceRowsProps) {
  const id = useId()
  const items = draft.unit === 'items'
  const rows = items
    ? draft.items.map((i) => ({ key: i.key, label: i.label, number: i.price }))
    : draft.options.map((o) => ({ key: o.key, label: o.label, number: o.multiplier }))
  const noun = items ? 'Item' : 'Option'
  const numberName = items ? 'price' : 'multiplier'
  const numberLabel = items ? 'price ($)' : 'multiplier'

  const set = (next: { key: string; label: string; number: string }[]) =>
    onChange(
      items
        ? { items: next.map((r) => ({ key: r.key, label: r.label, price: r.number })) }
        : { options: next.map((r) => ({ key: r.key, label: r.label, multiplier: r.number })) },
    )
  const edit = (index: number, patch: Partial<{ label: string; number: string }>) =>
    set(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)))

  const listError = errors[items ? 'items' : 'options']
  return (
    <fieldset className="price-rows">
      <legend>{items ? 'Items' : 'Options'}</legend>
      <div className="price-row price-row-head" aria-hidden="true">
        <span>Label</span>
        <span>{items ? 'Price ($)' : 'Multiplier'}</span>
        <span />
      </div>
      {rows.map((row, index) => (
        <div className="price-row" key={row.key}>
          <Cell
            id={`${id}-${index}-label`}
            label={`${noun} ${index + 1} label`}
            value={row.label}
            error={errors[`${items ? 'items' : 'options'}.${index}.label`]}
            onChange={(label) => edit(index, { label })}
          />
          <Cell
            id={`${id}-${index}-number`}
            label={`${noun} ${index + 1} ${numberLabel}`}
            value={row.number}
            numeric
            error={errors[`${items ? 'items' : 'options'}.${index}.${numberName}`]}
            onChange={(number) => edit(index, { number })}
          />
          <button
            type="button"
            className="link-button link-danger"
            aria-label={`Remove ${noun.toLowerCase()} ${index + 1}`}
            onClick={() => set(rows.filter((_, at) => at !== index))}
          >
            Remove
          </button>
        </div>
      ))}
      {listError && <p className="field-error">{listError}</p>}
      <button
        type="button"
        className="link-button"
        onClick={() =>
          set([...rows, { key: newKey(`new ${noun}`, rows), label: '', number: items ? '' : '1' }])
        }
      >
        Add {noun.toLowerCase()}
      </button>
    </fieldset>
  )
}
