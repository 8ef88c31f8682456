import { STATE_CODES } from '../../contract/people'
import { errorProps, FieldFrame } from './form/field-frame'

// The names of contract's STATE_CODES, in the same order (a test keeps the two in step). Only
// lazy screens import this file, so the names stay out of the /login bundle.
const STATE_NAMES = [
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'District of Columbia',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
]

/** [code, name] of each state and DC, for a list of choices. */
export const US_STATES = STATE_CODES.map((code, index) => [code, STATE_NAMES[index] ?? code])

type StateSelectProps = {
  id: string
  value: string
  onChange: (code: string) => void
  error?: string | undefined
  autoComplete?: string
  className?: string
}

/** "State": a choice of the 50 states and DC, sent as the postal code; its error is read with it. */
export function StateSelect({
  id,
  value,
  onChange,
  error,
  autoComplete,
  className,
}: StateSelectProps) {
  return (
    <FieldFrame id={id} label="State" error={error} className={className}>
      <select
        id={id}
        className="field-input"
        value={value.toUpperCase()}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete ?? 'address-level1'}
        {...errorProps(id, error)}
      >
        <option value="">Choose a state</option>
        {US_STATES.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}
