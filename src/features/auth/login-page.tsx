import { Link } from '@tanstack/react-router'
import { useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { LoginBody } from '../../../contract/api'
import { useSessionActor } from '../../app/session-context'
import { AuthCard } from './auth-card'
import { BusyButton } from '../../components/busy-button'
import { focusFirstInvalid, issuesByField, serverFieldErrors } from '../../components/form-errors'
import { ProblemAlert } from '../../components/problem-alert'
import { useSessionBusy, useSessionProblem } from '../../app/session-hooks'
import { TextField } from '../../components/text-field'

/**
 * /login: asks for the email and requests a code. When the code is sent the session moves to
 * awaiting it and the router shows /verify.
 */
export function LoginPage() {
  const actor = useSessionActor()
  const busy = useSessionBusy()
  const problem = useSessionProblem()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | undefined>()
  const formRef = useRef<HTMLFormElement>(null)

  const sendCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = LoginBody.safeParse({ email })
    if (!parsed.success) {
      flushSync(() => setError(issuesByField(parsed.error).email))
      focusFirstInvalid(formRef.current)
      return
    }
    setError(undefined)
    actor.send({ type: 'auth.codeRequested', email: parsed.data.email })
  }

  return (
    <AuthCard
      title="Sign in"
      lede="Enter your email and we will send you a 6-digit code. No password needed."
    >
      {problem && <ProblemAlert problem={problem} />}
      <form ref={formRef} className="auth-form" noValidate onSubmit={sendCode}>
        <TextField
          id="login-email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          value={email}
          onChange={(value) => {
            setEmail(value)
            setError(undefined)
          }}
          error={error ?? serverFieldErrors(problem).email}
        />
        <BusyButton type="submit" busy={busy} busyLabel="Sending…">
          Send code
        </BusyButton>
      </form>
      <p className="auth-switch">
        <Link to="/onboarding" className="auth-link">
          New here? Tell us about your pool
        </Link>
      </p>
    </AuthCard>
  )
}
