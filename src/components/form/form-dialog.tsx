import type { ReactNode } from 'react'
import { DialogActions, ModalDialog } from '../modal-dialog'
import { FieldAlert } from './field-alert'
import type { ContractForm } from './use-contract-form'

type FormDialogProps = {
  title: string
  form: Pick<ContractForm, 'submit' | 'busy' | 'blocked' | 'failure'>
  submitLabel: string
  busyLabel?: string
  onClose: () => void
  /** The form's class, e.g. its layout. */
  className: string
  /** Said above the form, e.g. what is still owed. */
  lead?: ReactNode
  /** How a refusal shows; a field alert under the fields unless said otherwise. */
  problem?: ReactNode
  /** The form's fields. */
  children: ReactNode
}

/** A modal form: its fields, the refusal of its call, and the dialog footer (submit, Cancel). */
export function FormDialog(props: FormDialogProps) {
  const { form, onClose } = props
  return (
    <ModalDialog title={props.title} onClose={onClose} busy={form.busy}>
      {props.lead}
      <form className={props.className} onSubmit={form.submit} noValidate>
        {props.children}
        {props.problem === undefined ? (
          <FieldAlert message={form.failure?.message} />
        ) : (
          props.problem
        )}
        <DialogActions
          busy={form.busy}
          busyLabel={props.busyLabel}
          blocked={form.blocked}
          submitLabel={props.submitLabel}
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  )
}
