import { useId, useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { Code } from '../../../contract/api'
import type { SessionProblem } from '../../../machines/session/session.types'
import { useSessionActor } from '../../app/session-context'
import { AuthCard } from './auth-card'
import { BusyButton } from '../../components/busy-button'
import { ProblemAlert } from '../../components/problem-alert'
import { useSessionBusy, useSessionProblem } from '../../app/session-hooks'
import { useSessionEmail, useSessionVerifying } from './sign-in-hooks'
import { RememberMe } from './remember-me'
import { useCooldown } from './use-cooldown'

/** Long enough to stop a stream of emails; short enough that a lost one is soon replaced. */
export const RESEND_COOLDOWN_SECONDS = 30

/**
 * Problems about the code itself: shown on the code field, with what to do next. An empty
 * hint means the detail says it all (CODE_INVALID counts the tries left, CODE_LOCKED asks for
 * a new code).
 */
const CODE_HINTS: Partial<Record<string, string>> = {
  CODE_INVALID: '',
  CODE_EXPIRED: 'Press Resend code to get a new one.',
  CODE_USED: 'Press Resend code to get a new one.',
  CODE_LOCKED: '',
  CODE_SUPERSEDED: 'Or press Resend code to get another one.',
  TEMP_TOKEN_INVALID: 'Press Resend code to get a new one.',
}

const codeMessage = (problem: SessionProblem | null) => {
  const hint = problem && CODE_HINTS[problem.code]
  if (!problem || hint === undefined) return undefined
  return hint ? `${problem.detail} ${hint}` : problem.detail
}

/**
 * /verify: the 6-digit code from the email. Success signs in; the router takes it from there.
 * `preload` starts loading the signed-in area as the code is typed, so it is at hand on Verify.
 */
export function VerifyPage({ preload }: { preload: () => void }) {
  const actor = useSessionActor()
  const busy = useSessionBusy()
  const verifying = useSessionVerifying()
  const problem = useSessionProblem()
  const email = useSessionEmail()
  const [code, setCode] = useState('')
  const [rememberMe, setRememberMe] = useState(false)
  const [localError, setLocalError] = useState<string | undefined>()
  const resend = useCooldown(RESEND_COOLDOWN_SECONDS)
  const codeRef = useRef<HTMLInputElement>(null)
  const errorId = useId()
  const cooldownId = useId()

  // A stale answer is hidden while a new one is on its way.
  const fieldMessage = localError ?? (busy ? undefined : codeMessage(problem))
  // Pressed recently, answered, and nothing went wrong: the new code is on its way.
  const resent = resend.coolingDown && !busy && !problem
  const otherProblem = problem && !busy && codeMessage(problem) === undefined ? problem : null

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = Code.safeParse(code)
    if (!parsed.success) {
      flushSync(() => setLocalError(parsed.error.issues[0]?.message))
      codeRef.current?.focus()
      return
    }
    setLocalError(undefined)
    actor.send({ type: 'auth.codeSubmitted', code: parsed.data, rememberMe })
  }

  const resendCode = () => {
    setLocalError(undefined)
    setCode('')
    resend.start()
    actor.send({ type: 'auth.codeResent' })
  }

  return (
    <AuthCard title="Check your email" lede={`We sent a 6-digit code to ${email ?? 'your email'}.`}>
      {otherProblem && <ProblemAlert problem={otherProblem} />}
      <form className="auth-form" noValidate onSubmit={submit}>
        <div className="field">
          <label className="field-label" htmlFor="verify-code">
            Verification code
          </label>
          <input
            ref={codeRef}
            id="verify-code"
            className="field-input field-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => {
              // Digits only: a pasted "123 456" or a stray letter never reaches the check.
              const digits = event.target.value.replace(/\D/g, '')
              if (digits && !code) preload()
              setCode(digits)
              setLocalError(undefined)
            }}
            aria-invalid={fieldMessage ? true : undefined}
            aria-describedby={fieldMessage ? errorId : undefined}
          />
          {fieldMessage && (
            <p id={errorId} className="field-error" role="alert">
              {fieldMessage}
            </p>
          )}
        </div>
        <RememberMe checked={rememberMe} onChange={setRememberMe} />
        <div className="auth-actions">
          <BusyButton
            type="submit"
            busy={verifying}
            // A locked code is burned (the session machine ignores it): Resend code brings a new one.
            disabled={busy || problem?.code === 'CODE_LOCKED'}
            busyLabel="Verifying…"
          >
            Verify
          </BusyButton>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy || resend.coolingDown}
            aria-describedby={resend.coolingDown ? cooldownId : undefined}
            onClick={resendCode}
          >
            Resend code
          </button>
        </div>
        {/* Beside the button, not in it: its name stays "Resend code" while the seconds count. */}
        {resend.coolingDown && (
          <p id={cooldownId} className="auth-note">
            Another code in <span className="countdown">{resend.secondsLeft} s</span>
          </p>
        )}
        <p role="status" className="auth-note">
          {resent && `We sent a new code to ${email ?? 'your email'}.`}
        </p>
      </form>
      <p className="auth-switch">
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => actor.send({ type: 'auth.restarted' })}
        >
          Use another email
        </button>
      </p>
    </AuthCard>
  )
}
