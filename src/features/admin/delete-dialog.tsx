import { useState } from 'react'
import type { AdminActor, AdminCall } from '../../../machines/admin/admin.machine'
import { ConfirmDelete } from '../../components/form/confirm-delete'
import { CallProblem } from './call-problem'
import { useAdminFormCall } from './use-admin'

type DeleteDialogProps = {
  actor: AdminActor
  title: string
  message: string
  confirmLabel: string
  call: AdminCall
  onClose: () => void
}

/** Asks before a delete; a refusal (e.g. the last admin) is shown here and the dialog stays. */
export function DeleteDialog({ actor, call, ...dialog }: DeleteDialogProps) {
  // The call that is sent is the one the failure names: fixed when the dialog opens.
  const [request] = useState(call)
  const formCall = useAdminFormCall(actor, dialog.onClose)
  return (
    <ConfirmDelete
      {...dialog}
      request={request}
      call={formCall}
      problem={<CallProblem failure={formCall.failure} />}
    />
  )
}
