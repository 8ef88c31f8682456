import { useState, type FormEvent } from 'react'
import { formatMoney } from '../../../lib/money'
import { BusyButton } from '../../../components/busy-button'
import { useWaitingList } from '../../../app/session-hooks'
import { TextField } from '../../../components/text-field'
import { ChoiceGroup } from './choice-group'
import { fieldError, useCallFor } from '../use-client'
import type { StepView } from './use-step'
import { FieldAlert } from '../../../components/form/field-alert'

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** Engineering: the engineers to choose from; the chosen one's fee is the estimate. */
export function EngineerChoices({ view }: { view: StepView }) {
  const calls = useCallFor('editPool', view.keyValue)
  const { failure } = calls
  const engineers = view.project.Engineers
  // While the choice is being saved, show it rather than the one before.
  const saving =
    calls.busy && calls.pending?.name === 'editPool' ? calls.pending.body.choices : undefined
  const choices: Record<string, unknown> = saving ?? view.entry?.choices ?? {}
  const chosen = text(choices.engineerId)
  return (
    <section className="step-card" aria-labelledby="step-choices-title">
      <h2 id="step-choices-title">Your engineer</h2>
      {engineers.length === 0 ? (
        <p>No engineers are listed yet. We are adding licensed engineers in your area.</p>
      ) : (
        <ChoiceGroup
          legend="Choose the engineer who stamps your plans"
          kind="radio"
          name="engineer"
          choices={engineers.map((e) => ({
            value: e.id,
            label: `${e.name}, ${e.company}`,
            detail: `Licence ${e.licenseNo} · ${formatMoney(e.fee)}`,
          }))}
          selected={chosen ? [chosen] : []}
          busy={calls.pending !== null}
          onToggle={(engineerId) =>
            calls.run({ name: 'editPool', body: { Title: 'Engineering', choices: { engineerId } } })
          }
          error={fieldError(failure, 'engineerId')}
        />
      )}
      <FieldAlert message={failure?.message} />
    </section>
  )
}

/** Permits: the city's fee, and the permit number once the city has issued it. */
export function PermitChoices({ view }: { view: StepView }) {
  const calls = useCallFor('editPool', view.keyValue)
  const { failure } = calls
  const place = useWaitingList()
  const saved = text(view.entry?.choices.permitNumber)
  const [permitNumber, setPermitNumber] = useState(saved)
  // Until the client types, the field follows the saved number (it may arrive after the page).
  const [touched, setTouched] = useState(false)
  const [seed, setSeed] = useState(saved)
  if (!touched && seed !== saved) {
    setSeed(saved)
    setPermitNumber(saved)
  }
  // Sent and answered without a refusal: the number is saved (until the client types again).
  const [sent, setSent] = useState(false)
  const confirmed = sent && !calls.busy && !failure
  const fee = view.project.poolData.PermitFee
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSent(true)
    calls.run({ name: 'editPool', body: { Title: 'Permits', choices: { permitNumber } } })
  }
  return (
    <section className="step-card" aria-labelledby="step-choices-title">
      <h2 id="step-choices-title">Your permit</h2>
      <p>
        {fee === null
          ? `${place.city}, ${place.state} has no permit fee on file yet.`
          : `The building permit fee in ${place.city}, ${place.state} is ${formatMoney(fee)}.`}
      </p>
      <form className="inline-form" onSubmit={submit} noValidate>
        <TextField
          id="permit-number"
          label="Permit number"
          hint="From the permit the city issued, once you have it."
          value={permitNumber}
          onChange={(value) => {
            setTouched(true)
            setSent(false)
            setPermitNumber(value)
          }}
          maxLength={40}
          error={fieldError(failure, 'permitNumber')}
        />
        <BusyButton
          type="submit"
          busy={calls.busy}
          busyLabel="Saving…"
          disabled={calls.pending !== null || permitNumber.trim() === saved}
        >
          Save permit number
        </BusyButton>
      </form>
      <p role="status" className="save-note">
        {confirmed && 'Permit number saved'}
      </p>
      <FieldAlert message={failure?.message} />
    </section>
  )
}
