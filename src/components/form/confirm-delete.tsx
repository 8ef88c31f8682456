import type { ReactNode } from 'react'
import { ConfirmDialog } from '../confirm-dialog'
import { FieldAlert } from './field-alert'
import type { FormCall } from './form-call'

type ConfirmDeleteProps<Call> = {
  title: string
  message: string
  confirmLabel: string
  /** The delete the dialog asks about, and the actor's call that sends it. */
  request: Call
  call: FormCall<Call>
  onClose: () => void
  /** How a refusal shows; a field alert above the message unless said otherwise. */
  problem?: ReactNode
}

/** "Delete this …?": the delete is sent on confirm, and a refusal keeps the dialog open. */
export function ConfirmDelete<Call>({
  request,
  call,
  problem,
  ...dialog
}: ConfirmDeleteProps<Call>) {
  return (
    <ConfirmDialog
      {...dialog}
      busyLabel="Deleting…"
      busy={call.busy}
      problem={problem === undefined ? <FieldAlert message={call.failure?.message} /> : problem}
      onConfirm={() => call.run(request)}
    />
  )
}
