import type { ReactNode } from 'react'
import type { AdminCall } from '../../../machines/admin/admin.machine'
import { BusyButton } from '../../components/busy-button'
import type { FormCall } from '../../components/form/form-call'
import type { FieldErrors } from '../../components/form-errors'
import { CallProblem } from './call-problem'

/**
 * The messages of a list saved whole (the Scope, the Checklists): the server's, keyed by path
 * as the local ones (`items.2.text`), with the local ones over them.
 */
export function listErrors(call: FormCall<AdminCall>, local: FieldErrors): FieldErrors {
  const server = Object.entries(call.failure?.fields ?? {}).map(([field, [first]]) => [
    field,
    first,
  ])
  return { ...Object.fromEntries(server), ...local }
}

/** A row's Remove, named for a screen reader by its text, or its place while it has none. */
export function RemoveRow(props: {
  text: string
  index: number
  onRemove: () => void
  className: string
}) {
  return (
    <button
      type="button"
      className={`button button-secondary ${props.className}`}
      onClick={props.onRemove}
    >
      Remove <span className="visually-hidden">{props.text || `item ${props.index + 1}`}</span>
    </button>
  )
}

type ListFooterProps = {
  call: FormCall<AdminCall>
  /** The list's own message (too many items, none at all), above the server's refusal. */
  listError: string | undefined
  /** Whether another row fits. */
  canAdd: boolean
  onAdd: () => void
  saveLabel: string
  saved: boolean
  /** What stands between the rows and the footer, e.g. a running total. */
  children?: ReactNode
}

/** Below a list's rows: its message, the refusal, "Add item", the save button and "Saved". */
export function ListFooter({
  call,
  listError,
  canAdd,
  onAdd,
  saveLabel,
  saved,
  children,
}: ListFooterProps) {
  return (
    <>
      {children}
      {listError && (
        <p className="field-error" role="alert">
          {listError}
        </p>
      )}
      <CallProblem failure={call.failure} />
      <div className="scope-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={!canAdd}
          onClick={onAdd}
        >
          Add item
        </button>
        <BusyButton type="submit" busy={call.busy} busyLabel="Saving…">
          {saveLabel}
        </BusyButton>
      </div>
      <p role="status" className="scope-status">
        {saved && !call.busy && !call.failure ? 'Saved' : ''}
      </p>
    </>
  )
}
