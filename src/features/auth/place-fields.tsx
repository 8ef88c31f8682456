import type { FieldErrors } from '../../components/form-errors'
import { TextField } from '../../components/text-field'

type PlaceFieldsProps = {
  /** Keeps the ids of two forms on one page apart. */
  idPrefix: string
  city: string
  state: string
  onCityChange: (value: string) => void
  onStateChange: (value: string) => void
  errors: FieldErrors
}

/** Where the pool will be: City and State side by side, as onboarding and coming soon ask it. */
export function PlaceFields(props: PlaceFieldsProps) {
  const { idPrefix, errors } = props
  return (
    <div className="field-row place-fields">
      <TextField
        id={`${idPrefix}-city`}
        label="City"
        autoComplete="address-level2"
        value={props.city}
        onChange={props.onCityChange}
        error={errors.city}
      />
      {/* A textbox, not a select: "State" is a textbox in the accessible names QA drives. */}
      <TextField
        id={`${idPrefix}-state`}
        label="State"
        hint="Two letters, like TX"
        autoComplete="address-level1"
        autoCapitalize="characters"
        className="field-short"
        value={props.state}
        onChange={props.onStateChange}
        error={errors.state}
      />
    </div>
  )
}
