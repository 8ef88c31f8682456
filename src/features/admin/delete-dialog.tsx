import { useState } from 'react'
import type { AdminActor, AdminCall } from '../../../machines/admin/admin.machine'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { CallProblem } from './call-problem'
import { useAdminRequest, useAdminWrites } from './use-admin'

type DeleteDialogProps = {
  actor: AdminActor
  title: string
  message: string
  confirmLabel: string
  call: AdminCall
  onClose: () => void
}

/** Asks before a delete; a refusal (e.g. the last admin) is shown here and the dialog stays. */
export function DeleteDialog(props: DeleteDialogProps) {
  const { actor, onClose } = props
  // The call that is sent is the one the failure names: fixed when the dialog opens.
  const [call] = useState(props.call)
  const { busy, failure } = useAdminWrites(actor)
  const request = useAdminRequest(actor)
  const [sent, setSent] = useState(false)
  return (
    <ConfirmDialog
      title={props.title}
      message={props.message}
      confirmLabel={props.confirmLabel}
      busyLabel="Deleting…"
      busy={busy}
      onConfirm={() => {
        setSent(true)
        request(call, onClose)
      }}
      onClose={onClose}
      problem={<CallProblem failure={sent && failure?.call === call ? failure : null} />}
    />
  )
}
