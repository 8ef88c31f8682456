import { useSelector } from '@xstate/react'
import { useState, type FormEvent } from 'react'
import { TradeVerifyBody } from '../../../contract/bids'
import { BusyButton } from '../../components/busy-button'
import { FieldAlert } from '../../components/form/field-alert'
import { TextField } from '../../components/text-field'
import { usePortal, usePortalFailure } from './use-portal'

/** "Send me a code", then the code from the email and "Verify" (PRODUCT.md §14). */
export function PortalSignIn() {
  const actor = usePortal()
  const sentTo = useSelector(actor, (s) => s.context.sentTo)
  const sending = useSelector(actor, (s) => s.matches('sendingCode'))
  const verifying = useSelector(actor, (s) => s.matches('verifying'))
  const loginFailure = usePortalFailure('login')
  const verifyFailure = usePortalFailure('verify')
  const [code, setCode] = useState('')
  const [local, setLocal] = useState<string | undefined>()

  const verify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const checked = TradeVerifyBody.shape.code.safeParse(code.trim())
    if (!checked.success) {
      setLocal('Enter the 6-digit code from the email')
      return
    }
    setLocal(undefined)
    actor.send({ type: 'auth.codeSubmitted', code: checked.data })
  }

  const codeError =
    local ?? (verifying ? undefined : (verifyFailure?.fields.code?.[0] ?? verifyFailure?.message))

  return (
    <section className="portal-card portal-sign-in" aria-labelledby="portal-sign-in-title">
      <h2 id="portal-sign-in-title" className="portal-h2">
        Sign in to answer
      </h2>
      {sentTo ? (
        <form onSubmit={verify} noValidate className="portal-form">
          <p className="portal-lede">
            We emailed a 6-digit code to <strong>{sentTo}</strong>. It works for 10 minutes.
          </p>
          <TextField
            id="portal-code"
            label="Code"
            className="portal-code-field"
            value={code}
            onChange={(value) => {
              setCode(value)
              setLocal(undefined)
            }}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={codeError}
          />
          <div className="portal-actions">
            <BusyButton type="submit" busy={verifying} busyLabel="Verifying…">
              Verify
            </BusyButton>
            <BusyButton
              type="button"
              variant="secondary"
              busy={sending}
              busyLabel="Sending…"
              onClick={() => actor.send({ type: 'auth.codeRequested' })}
            >
              Send a new code
            </BusyButton>
          </div>
        </form>
      ) : (
        <div className="portal-form">
          <p className="portal-lede">
            To see the bid package and send your bid, we email a one-time code to the address this
            request was sent to.
          </p>
          <FieldAlert message={loginFailure?.message} />
          <BusyButton
            type="button"
            busy={sending}
            busyLabel="Sending…"
            onClick={() => actor.send({ type: 'auth.codeRequested' })}
          >
            Send me a code
          </BusyButton>
        </div>
      )}
    </section>
  )
}
