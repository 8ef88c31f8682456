import { useState, type FormEvent } from 'react'
import type { ClientCall } from '../../../../machines/client/client.machine'
import { BusyButton } from '../../../components/busy-button'
import { fieldError, useClientCalls } from '../use-client'

const MESSAGE_MAX = 1000

const isRequestTo = (call: ClientCall | null, managerId: string) =>
  call?.name === 'requestManager' && call.body.managerId === managerId

type FormProps = { managerId: string; managerName: string }

/** Asks this manager to run the build, with an optional note about the project. */
export function ManagerRequestForm({ managerId, managerName }: FormProps) {
  const { run, pending, failure } = useClientCalls()
  const [message, setMessage] = useState('')
  const refused = failure && isRequestTo(failure.call, managerId) ? failure : null
  const error = fieldError(refused, 'message')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const note = message.trim()
    run({ name: 'requestManager', body: note ? { managerId, message: note } : { managerId } })
  }
  return (
    <form className="manager-form" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field-label" htmlFor="manager-message">
          Message
        </label>
        <p id="manager-message-hint" className="field-hint">
          Optional. Tell {managerName} about your project and when you hope to build (up to 1,000
          characters).
        </p>
        <textarea
          id="manager-message"
          className="field-input manager-message"
          rows={5}
          maxLength={MESSAGE_MAX}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            error ? 'manager-message-hint manager-message-error' : 'manager-message-hint'
          }
        />
        {error && (
          <p id="manager-message-error" className="field-error">
            {error}
          </p>
        )}
      </div>
      {refused && (
        <p className="extras-alert" role="alert">
          {refused.message}
        </p>
      )}
      <BusyButton
        type="submit"
        busy={isRequestTo(pending, managerId)}
        busyLabel="Sending…"
        disabled={pending !== null}
      >
        Request this manager
      </BusyButton>
    </form>
  )
}
