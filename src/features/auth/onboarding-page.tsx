import { useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { ValidateBody } from '../../../contract/api-onboarding'
import { useSessionActor } from '../../app/session-context'
import { AuthCard, SignInInstead } from './auth-card'
import { AvailabilityStep } from './availability-step'
import { DetailsBody, DetailsStep, type Details } from './details-step'
import {
  focusFirstInvalid,
  issuesByField,
  serverFieldErrors,
  type FieldErrors,
} from '../../components/form-errors'
import { ProblemAlert } from '../../components/problem-alert'
import { useSessionBusy, useSessionProblem } from '../../app/session-hooks'
import { useNeedsAccount, useOnboardingDraft, useSessionEmail } from './sign-in-hooks'
import { useAvailability, type ValidateAvailability } from './use-availability'
import './auth.css'

const EMPTY: Details = { city: '', state: '', name: '', email: '', phone: '', address: '' }
const MISSING: FieldErrors = {
  city: 'Enter the city',
  name: 'Enter your full name',
  address: 'Enter your street address',
}

/**
 * /onboarding: where the pool will be (with an availability check) and who the visitor is.
 * "Send code" requests a code with the details; verify then creates the account, and the
 * router moves on to /verify by itself. When verify has already proved the email (a code from
 * /login for an email with no account), "Create account" creates it with no second code.
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
  const [otherEmail, setOtherEmail] = useState(false)
  const { availability, check, reset } = useAvailability(validate)
  const rootRef = useRef<HTMLDivElement>(null)
  // A 401 says the verified temp token is spent, superseded or too old: a new code it is.
  const verified = needsAccount && !otherEmail && problem?.status !== 401

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

  const submit = (rememberMe: boolean) => {
    const parsed = DetailsBody.safeParse(values)
    if (!parsed.success) {
      showErrors(issuesByField(parsed.error, MISSING))
      return
    }
    setErrors({})
    const { email, ...onboarding } = parsed.data
    actor.send(
      verified
        ? { type: 'auth.accountSubmitted', onboarding, rememberMe }
        : { type: 'auth.codeRequested', email, onboarding },
    )
  }

  const useAnotherEmail = () => {
    flushSync(() => {
      setOtherEmail(true)
      setValues((current) => ({ ...current, email: '' }))
    })
    rootRef.current?.querySelector<HTMLInputElement>('#onboarding-email')?.focus()
  }

  const fromServer = {
    ...serverFieldErrors(problem),
    ...(availability.status === 'failed' ? serverFieldErrors(availability.problem) : {}),
  }
  const errorOf = (field: keyof Details) => errors[field] ?? fromServer[field]
  // A stale answer is hidden while a new one is on its way; "no account" is said below, and
  // field errors next to their fields.
  const onFields = Object.keys(serverFieldErrors(problem)).length > 0
  const shownProblem =
    problem && !busy && !onFields && problem.code !== 'ACCOUNT_NOT_FOUND' ? problem : null

  return (
    <AuthCard
      title="Tell us about your pool"
      lede={
        verified
          ? 'Your email is confirmed: two short steps and your account is ready.'
          : 'Two short steps, then we email you a 6-digit code to confirm it is you.'
      }
    >
      <div ref={rootRef} className="auth-steps">
        {verified && sessionEmail && (
          <p className="notice notice-info">
            No account uses {sessionEmail} yet — tell us about your pool to create one.
          </p>
        )}
        {shownProblem && <ProblemAlert problem={shownProblem} />}
        <AvailabilityStep
          city={values.city}
          state={values.state}
          onCityChange={edit('city')}
          onStateChange={edit('state')}
          errors={{ city: errorOf('city'), state: errorOf('state') }}
          availability={availability}
          onCheck={checkAvailability}
        />
        <DetailsStep
          values={values}
          onChange={edit}
          errorOf={errorOf}
          busy={busy}
          verified={verified}
          onUseAnotherEmail={useAnotherEmail}
          onSubmit={submit}
        />
      </div>
      <SignInInstead />
    </AuthCard>
  )
}
