import type { ReactNode } from 'react'

type Choice = { value: string; label: ReactNode; detail?: ReactNode }

type ChoiceGroupProps = {
  legend: string
  /** 'radio' picks one, 'checkbox' any number. */
  kind: 'radio' | 'checkbox'
  name: string
  choices: readonly Choice[]
  selected: readonly string[]
  /** A save is in flight: changes are ignored, but focus stays where the keyboard left it. */
  busy: boolean
  onToggle: (value: string, checked: boolean) => void
  error?: string | undefined
}

/** A labelled group of radio buttons or checkboxes, laid out as cards with their prices. */
export function ChoiceGroup(props: ChoiceGroupProps) {
  const { legend, kind, name, choices, selected, busy, onToggle, error } = props
  const errorId = `${name}-error`
  return (
    <fieldset
      className="choice-group"
      aria-busy={busy || undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{legend}</legend>
      <div className="choice-cards">
        {choices.map((choice) => (
          <label key={choice.value} className="choice-card">
            <input
              type={kind}
              name={name}
              value={choice.value}
              checked={selected.includes(choice.value)}
              onChange={(event) => {
                if (!busy) onToggle(choice.value, event.target.checked)
              }}
            />
            <span className="choice-card-text">
              <span className="choice-card-label">{choice.label}</span>
              {choice.detail && <span className="choice-card-detail">{choice.detail}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  )
}
