import { Link } from '@tanstack/react-router'
import { useId, useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { z } from 'zod/mini'
import { LoginBody } from '../../../contract/api'
import { OnboardingBody, ValidateBody } from '../../../contract/api-onboarding'
import { useSessionActor } from '../../app/session-context'
import { AuthCard } from './auth-card'
import { AvailabilityStep } from './availability-step'
import { BusyButton } from '../../components/busy-button'
import {
  focusFirstInvalid,
  issuesByField,
  serverFieldErrors,
  type FieldErrors,
} from '../../components/form-errors'
import { ProblemAlert } from '../../components/problem-alert'
import {
  useNeedsAccount,
  useOnboardingDraft,
  useSessionBusy,
  useSessionEmail,
  useSessionProblem,
} from '../../app/session-hooks'
import { TextField } from '../../components/text-field'
import { useAvailability, type ValidateAvailability } from './use-availability'

/** What "Send code" checks: the onboarding body without the code, plus where to send it. */
const DetailsBody = z.extend(
  z.omit(OnboardingBody, { code: true, rememberMe: true }),
  LoginBody.shape,
)
type Details = z.input<typeof DetailsBody>

const EMPTY: Details = { city: '', state: '', name: '', email: '', phone: '', address: '' }
const MISSING: FieldErrors = {
  city: 'Enter the city',
  name: 'Enter your full name',
  address: 'Enter your street address',
}

/**
 * /onboarding: where the pool will be (with an availability check) and who the visitor is.
 * "Send code" requests a code with the details; verify then creates the account, and the
 * router moves on to /verify by itself.
 */
export function OnboardingPage({ validate }: { validate: ValidateAvailability }) {
  const actor = useSessionActor()
  const busy = useSessionBusy()
  const problem = useSessionProblem()
  const needsAccount = useNeedsAccount()
  const sessionEmail = useSessionEmail()
  const draft = useOnboardingDraft()
  // Coming back (wrong email, or no account for it): what was typed before is filled in again.
  const [values, setValues] = useState<Details>(() => ({
    ...EMPTY,
    ...draft,
    email: (needsAccount || draft ? sessionEmail : null) ?? '',
  }))
  const [errors, setErrors] = useState<FieldErrors>({})
  const { availability, check, reset } = useAvailability(validate)
  const rootRef = useRef<HTMLDivElement>(null)
  const detailsHeadingId = useId()

  const showErrors = (next: FieldErrors) => {
    flushSync(() => setErrors(next))
    focusFirstInvalid(rootRef.current)
  }
  const edit = (field: keyof Details) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
    // The answer described the old place: it must not stay next to a new one.
    if (field === 'city' || field === 'state') reset()
  }

  const checkAvailability = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = ValidateBody.safeParse({ city: values.city, state: values.state })
    if (!parsed.success) {
      showErrors({ ...errors, ...issuesByField(parsed.error, MISSING) })
      return
    }
    setErrors((current) => ({ ...current, city: undefined, state: undefined }))
    void check(parsed.data)
  }

  const sendCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = DetailsBody.safeParse(values)
    if (!parsed.success) {
      showErrors(issuesByField(parsed.error, MISSING))
      return
    }
    setErrors({})
    const { email, ...onboarding } = parsed.data
    actor.send({ type: 'auth.codeRequested', email, onboarding })
  }

  const fromServer = {
    ...serverFieldErrors(problem),
    ...(availability.status === 'failed' ? serverFieldErrors(availability.problem) : {}),
  }
  const errorOf = (field: keyof Details) => errors[field] ?? fromServer[field]

  return (
    <AuthCard
      title="Tell us about your pool"
      lede="Two short steps, then we email you a 6-digit code to confirm it is you."
    >
      <div ref={rootRef} className="auth-steps">
        {needsAccount && sessionEmail && (
          <p className="notice notice-info">
            No account uses {sessionEmail} yet — tell us about your pool to create one.
          </p>
        )}
        {problem && problem.code !== 'ACCOUNT_NOT_FOUND' && <ProblemAlert problem={problem} />}
        <AvailabilityStep
          city={values.city}
          state={values.state}
          onCityChange={edit('city')}
          onStateChange={edit('state')}
          errors={{ city: errorOf('city'), state: errorOf('state') }}
          availability={availability}
          onCheck={checkAvailability}
        />
        <form
          className="auth-step"
          noValidate
          onSubmit={sendCode}
          aria-labelledby={detailsHeadingId}
        >
          <h2 id={detailsHeadingId} className="auth-step-title">
            <span className="auth-step-number" aria-hidden="true">
              2
            </span>
            About you
          </h2>
          <TextField
            id="onboarding-name"
            label="Full name"
            autoComplete="name"
            value={values.name}
            onChange={edit('name')}
            error={errorOf('name')}
          />
          <TextField
            id="onboarding-email"
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            value={values.email}
            onChange={edit('email')}
            error={errorOf('email')}
          />
          <TextField
            id="onboarding-phone"
            label="Phone"
            type="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={edit('phone')}
            error={errorOf('phone')}
          />
          <TextField
            id="onboarding-address"
            label="Street address"
            autoComplete="address-line1"
            value={values.address}
            onChange={edit('address')}
            error={errorOf('address')}
          />
          <BusyButton type="submit" busy={busy} busyLabel="Sending…">
            Send code
          </BusyButton>
        </form>
      </div>
      <p className="auth-switch">
        <Link to="/login" className="auth-link">
          Already have an account? Sign in
        </Link>
      </p>
    </AuthCard>
  )
}
