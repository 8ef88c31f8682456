import { useState } from 'react'
import type { AdminActor, AdminCall } from '../../../machines/admin/admin.machine'
import { BusyButton } from '../../components/busy-button'
import { CallProblem } from './call-problem'
import { ModalDialog } from './modal-dialog'
import { useAdminRequest, useAdminWrites } from './use-admin'

type ConfirmDialogProps = {
  actor: AdminActor
  title: string
  message: string
  confirmLabel: string
  call: AdminCall
  onClose: () => void
}

/** Asks before a delete; a refusal (e.g. the last admin) is shown here and the dialog stays. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { actor, title, message, confirmLabel, onClose } = props
  // The call that is sent is the one the failure names: fixed when the dialog opens.
  const [call] = useState(props.call)
  const { busy, failure } = useAdminWrites(actor)
  const request = useAdminRequest(actor)
  const [sent, setSent] = useState(false)
  return (
    <ModalDialog title={title} onClose={onClose} busy={busy}>
      <CallProblem failure={sent && failure?.call === call ? failure : null} />
      <p>{message}</p>
      <div className="dialog-actions dialog-actions-danger">
        <BusyButton
          type="button"
          busy={busy}
          busyLabel="Deleting…"
          onClick={() => {
            setSent(true)
            request(call, onClose)
          }}
        >
          {confirmLabel}
        </BusyButton>
        <button type="button" className="button button-secondary" disabled={busy} onClick={onClose}>
          Cancel
        </button>
      </div>
    </ModalDialog>
  )
}
