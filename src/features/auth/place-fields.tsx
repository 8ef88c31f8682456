import type { FieldErrors } from '../../components/form-errors'
import { StateSelect } from '../../components/state-select'
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

/**
 * Where the pool will be: City and State side by side, as onboarding and coming soon ask it.
 * State is chosen from the 50 states and DC, as in the back office: nothing to mistype.
 */
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
      <StateSelect
        id={`${idPrefix}-state`}
        className="field-short"
        value={props.state}
        onChange={props.onStateChange}
        error={errors.state}
      />
    </div>
  )
}
