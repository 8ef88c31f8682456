import type { FormEvent, ReactNode } from 'react'
import { PoolShape } from '../../../../../contract/choices'
import { BusyButton } from '../../../../components/busy-button'
import { TextField } from '../../../../components/text-field'
import type { DesignErrors, DesignFields, Measurement } from './design-fields'

/** The limits of PRODUCT.md §2, for the inputs' own min/max and the hint under each label. */
const MEASUREMENT_INPUTS: readonly {
  name: Measurement
  label: string
  min: number
  max: number
}[] = [
  { name: 'lengthFt', label: 'Length (ft)', min: 8, max: 60 },
  { name: 'widthFt', label: 'Width (ft)', min: 6, max: 40 },
  { name: 'shallowDepthFt', label: 'Shallow depth (ft)', min: 3, max: 6 },
  { name: 'deepDepthFt', label: 'Deep depth (ft)', min: 3, max: 12 },
  { name: 'deckWidthFt', label: 'Deck width (ft)', min: 0, max: 20 },
]

const HINTS: Partial<Record<Measurement, string>> = {
  deepDepthFt: 'At least the shallow depth, at most 12',
}

const SHAPE_LABELS: Record<PoolShape, string> = {
  rectangle: 'Rectangle',
  oval: 'Oval',
  kidney: 'Kidney',
  freeform: 'Freeform',
}

/** The id of a field's input, so a failed check can move the focus to it. */
export const fieldId = (name: keyof DesignFields) => `pool-design-${name}`

type DesignFormProps = {
  fields: DesignFields
  errors: DesignErrors
  onChange: (change: Partial<DesignFields>) => void
  onSubmit: () => void
  /** This form's save is in flight. */
  saving: boolean
  /** Another call is in flight; the client runs one at a time. */
  blocked: boolean
  /** The save's outcome: the server's refusal and the saved / unsaved status. */
  children: ReactNode
}

/** Shape, measurements and "Save design"; the checks are the page's, the messages shown here. */
export function DesignForm({
  fields,
  errors,
  onChange,
  onSubmit,
  saving,
  blocked,
  children,
}: DesignFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  const shapeErrorId = `${fieldId('shape')}-error`
  return (
    // The schema's messages replace the browser's own bubbles, which differ per browser.
    <form className="design-form" noValidate onSubmit={submit}>
      <div className="field">
        <label className="field-label" htmlFor={fieldId('shape')}>
          Shape
        </label>
        <select
          id={fieldId('shape')}
          className="field-input"
          value={fields.shape}
          onChange={(event) => {
            const shape = PoolShape.safeParse(event.target.value)
            if (shape.success) onChange({ shape: shape.data })
          }}
          aria-invalid={errors.shape ? true : undefined}
          aria-describedby={errors.shape ? shapeErrorId : undefined}
        >
          {PoolShape.options.map((shape) => (
            <option key={shape} value={shape}>
              {SHAPE_LABELS[shape]}
            </option>
          ))}
        </select>
        {errors.shape && (
          <p id={shapeErrorId} className="field-error">
            {errors.shape}
          </p>
        )}
      </div>
      {MEASUREMENT_INPUTS.map(({ name, label, min, max }) => (
        <TextField
          key={name}
          id={fieldId(name)}
          label={label}
          type="number"
          inputMode="decimal"
          step={0.5}
          min={min}
          max={max}
          hint={HINTS[name] ?? `${min} to ${max}`}
          value={fields[name]}
          onChange={(value) => onChange({ [name]: value })}
          error={errors[name]}
        />
      ))}
      {children}
      <BusyButton type="submit" busy={saving} busyLabel="Saving…" disabled={blocked}>
        Save design
      </BusyButton>
    </form>
  )
}
