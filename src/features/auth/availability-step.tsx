import { useId, type FormEvent } from 'react'
import { BusyButton } from '../../components/busy-button'
import type { FieldErrors } from '../../components/form-errors'
import { PlaceFields } from './place-fields'
import type { Availability } from './use-availability'

type AvailabilityStepProps = {
  city: string
  state: string
  onCityChange: (value: string) => void
  onStateChange: (value: string) => void
  errors: FieldErrors
  availability: Availability
  onCheck: (event: FormEvent<HTMLFormElement>) => void
}

/** Step 1 of onboarding: where the pool will be, and whether we build there. */
export function AvailabilityStep(props: AvailabilityStepProps) {
  const { city, state, errors, availability } = props
  const headingId = useId()
  return (
    <form className="auth-step" noValidate onSubmit={props.onCheck} aria-labelledby={headingId}>
      <h2 id={headingId} className="auth-step-title">
        <span className="auth-step-number" aria-hidden="true">
          1
        </span>
        Where will your pool be?
      </h2>
      <PlaceFields
        idPrefix="onboarding"
        city={city}
        state={state}
        onCityChange={props.onCityChange}
        onStateChange={props.onStateChange}
        errors={errors}
      />
      <BusyButton
        type="submit"
        variant="secondary"
        busy={availability.status === 'checking'}
        busyLabel="Checking…"
      >
        Check availability
      </BusyButton>
      <AvailabilityResult availability={availability} />
    </form>
  )
}

/**
 * The answer, in a polite live region that is always present: a region that appears with its
 * text is not reliably announced.
 */
function AvailabilityResult({ availability }: { availability: Availability }) {
  const known = availability.status === 'known' ? availability : null
  const place = known ? `${known.city}, ${known.state}` : ''
  const answer = !known
    ? ''
    : known.served
      ? `Great news — we build in ${place}.`
      : `We don't build in ${place} yet. You can still sign up and join the waiting list.`
  return (
    <>
      <p
        role="status"
        aria-live="polite"
        className={
          known ? `availability availability-${known.served ? 'yes' : 'no'}` : 'availability'
        }
      >
        {answer}
      </p>
      {availability.status === 'failed' && (
        <p role="alert" className="notice notice-error">
          We could not check availability. {availability.problem.detail}
        </p>
      )}
    </>
  )
}
