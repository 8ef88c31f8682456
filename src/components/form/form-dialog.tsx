import type { ReactNode } from 'react'
import { DialogActions, ModalDialog } from '../modal-dialog'
import { FieldAlert } from './field-alert'
import type { ContractForm } from './use-contract-form'

type DialogFormProps = {
  form: Pick<ContractForm, 'submit' | 'busy' | 'blocked' | 'failure'>
  submitLabel: string
  busyLabel?: string
  onClose: () => void
  /** The form's class, e.g. its layout. */
  className: string
  /** How a refusal shows; a field alert under the fields unless said otherwise. */
  problem?: ReactNode
  /** The form's fields. */
  children: ReactNode
}

/** A dialog's form: its fields, the refusal of its call, and the dialog footer (submit, Cancel). */
export function DialogForm(props: DialogFormProps) {
  const { form, className, problem, children, onClose, ...labels } = props
  return (
    <form className={className} onSubmit={form.submit} noValidate>
      {children}
      {problem === undefined ? <FieldAlert message={form.failure?.message} /> : problem}
      <DialogActions {...labels} busy={form.busy} blocked={form.blocked} onCancel={onClose} />
    </form>
  )
}

type FormDialogProps = DialogFormProps & {
  title: string
  /** Said above the form, e.g. what is still owed. */
  lead?: ReactNode
}

/** A modal form: a dialog that is its form and, above it, what the form is about. */
export function FormDialog({ title, lead, ...form }: FormDialogProps) {
  return (
    <ModalDialog title={title} onClose={form.onClose} busy={form.form.busy}>
      {lead}
      <DialogForm {...form} />
    </ModalDialog>
  )
}
