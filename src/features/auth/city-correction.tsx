import { useId, useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { ValidateBody } from '../../../contract/api-onboarding'
import type { SessionProblem } from '../../../machines/session/session.types'
import { useSessionActor } from '../../app/session-context'
import { BusyButton } from '../../components/busy-button'
import {
  focusFirstInvalid,
  issuesByField,
  serverFieldErrors,
  type FieldErrors,
} from '../../components/form-errors'
import { PlaceFields } from './place-fields'
import { useSavingCity } from './sign-in-hooks'

type CityCorrectionProps = {
  city: string
  state: string
  busy: boolean
  problem: SessionProblem | null
}

/**
 * Coming soon's second question: is the pool somewhere else? The corrected place is checked
 * with the same schema as onboarding's and saved; the session then decides again whether the
 * client belongs in the builder (we build there) or stays here for the new city.
 */
export function CityCorrection({ city, state, busy, problem }: CityCorrectionProps) {
  const actor = useSessionActor()
  const saving = useSavingCity()
  const [values, setValues] = useState({ city, state })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [sent, setSent] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const headingId = useId()
  const fromServer = sent ? serverFieldErrors(problem) : {}
  // Sent, answered, and nothing went wrong: still not served (a served city leaves this page).
  const saved = sent && !saving && !problem

  const edit = (field: 'city' | 'state') => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
    setSent(false)
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = ValidateBody.safeParse(values)
    if (!parsed.success) {
      flushSync(() => setErrors(issuesByField(parsed.error, { city: 'Enter the city' })))
      focusFirstInvalid(formRef.current)
      return
    }
    setErrors({})
    setSent(true)
    actor.send({ type: 'city.changed', place: parsed.data })
  }

  return (
    <form
      ref={formRef}
      className="city-correction"
      noValidate
      onSubmit={submit}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="city-correction-title">
        Is your pool somewhere else?
      </h2>
      <p className="auth-note">Correct the city and we will check again whether we build there.</p>
      <PlaceFields
        idPrefix="coming-soon"
        city={values.city}
        state={values.state}
        onCityChange={edit('city')}
        onStateChange={edit('state')}
        errors={{ city: errors.city ?? fromServer.city, state: errors.state ?? fromServer.state }}
      />
      <BusyButton
        type="submit"
        variant="secondary"
        busy={saving}
        disabled={busy}
        busyLabel="Saving…"
      >
        Save city
      </BusyButton>
      <p role="status" className="auth-note">
        {saved && `Saved. We don't build in ${city}, ${state} yet either.`}
      </p>
    </form>
  )
}
