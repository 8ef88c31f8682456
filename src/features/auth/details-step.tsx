import { useId, useState, type FormEvent } from 'react'
import { z } from 'zod/mini'
import { LoginBody } from '../../../contract/api'
import { OnboardingBody } from '../../../contract/api-onboarding'
import { BusyButton } from '../../components/busy-button'
import { fieldsOf } from '../../components/form/field-props'
import { TextField } from '../../components/text-field'
import { RememberMe } from './remember-me'

/** What the last step checks: the onboarding body without the code, plus the email. */
export const DetailsBody = z.extend(
  z.omit(OnboardingBody, { code: true, rememberMe: true }),
  LoginBody.shape,
)
export type Details = z.input<typeof DetailsBody>

type DetailsStepProps = {
  values: Details
  onChange: (field: keyof Details) => (value: string) => void
  errorOf: (field: keyof Details) => string | undefined
  busy: boolean
  /**
   * Verify has proved the email: it is shown, not typed, and the account is created at once
   * with "Remember me" as chosen here. Otherwise "Send code" emails a code to the email typed.
   */
  verified: boolean
  onUseAnotherEmail: () => void
  onSubmit: (rememberMe: boolean) => void
}

/** Step 2 of onboarding: who the visitor is, and the button that finishes signing up. */
export function DetailsStep(props: DetailsStepProps) {
  const { busy, verified } = props
  const field = fieldsOf('onboarding', props.values, props.onChange, props.errorOf)
  const [rememberMe, setRememberMe] = useState(false)
  const headingId = useId()

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    props.onSubmit(rememberMe)
  }

  return (
    <form className="auth-step" noValidate onSubmit={submit} aria-labelledby={headingId}>
      <h2 id={headingId} className="auth-step-title">
        <span className="auth-step-number" aria-hidden="true">
          2
        </span>
        About you
      </h2>
      <TextField {...field('name')} label="Full name" autoComplete="name" />
      <TextField
        {...field('email')}
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        readOnly={verified}
        className={verified ? 'field-confirmed' : undefined}
        hint={verified ? 'Confirmed with the code we emailed you.' : undefined}
      />
      {verified && (
        <button type="button" className="link-button" onClick={props.onUseAnotherEmail}>
          Use another email
        </button>
      )}
      <TextField {...field('phone')} label="Phone" type="tel" autoComplete="tel" />
      <TextField {...field('address')} label="Street address" autoComplete="address-line1" />
      {verified ? (
        <>
          <RememberMe checked={rememberMe} onChange={setRememberMe} />
          <BusyButton type="submit" busy={busy} busyLabel="Creating your account…">
            Create account
          </BusyButton>
        </>
      ) : (
        <BusyButton type="submit" busy={busy} busyLabel="Sending…">
          Send code
        </BusyButton>
      )}
    </form>
  )
}
