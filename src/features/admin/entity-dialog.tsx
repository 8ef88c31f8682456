import { useId } from 'react'
import type { z } from 'zod/mini'
import type { AdminActor, AdminCall } from '../../../machines/admin/admin.machine'
import { FormDialog } from '../../components/form/form-dialog'
import { useContractForm } from '../../components/form/use-contract-form'
import { CallProblem } from './call-problem'
import { formBody, FormFields, type FieldSpec, type FormValues } from './form-fields'
import { useAdminFormCall } from './use-admin'

type EntityDialogProps<B> = {
  actor: AdminActor
  title: string
  submitLabel: string
  fields: readonly FieldSpec[]
  initial: FormValues
  /** The contract's request schema: the form is checked with it before anything is sent. */
  schema: z.ZodMiniType<B>
  toCall: (body: B) => AdminCall
  onClose: () => void
}

/**
 * Add or edit one item. The form is checked locally first, then sent through the admin actor;
 * on success the dialog closes, on a refusal it stays open with what was typed and the server's
 * messages next to their fields.
 */
export function EntityDialog<B>(props: EntityDialogProps<B>) {
  const { fields, onClose } = props
  const idPrefix = useId()
  const form = useContractForm(props.schema, useAdminFormCall(props.actor, onClose), {
    initial: props.initial,
    toBody: (values) => formBody(fields, values).body,
    // Numbers are read here: the contract's "expected number" helps nobody.
    check: (values) => formBody(fields, values).errors,
    // An empty field is named as onboarding names it ("Enter the city"), not "Required".
    missing: Object.fromEntries(
      fields.map((field) => [field.name, `Enter the ${field.label.toLowerCase()}`]),
    ),
    toCall: props.toCall,
  })
  return (
    <FormDialog
      title={props.title}
      form={form}
      className="admin-form"
      submitLabel={props.submitLabel}
      onClose={onClose}
      problem={null}
    >
      <CallProblem failure={form.failure} />
      <FormFields
        idPrefix={idPrefix}
        fields={fields}
        values={form.values}
        error={form.error}
        onChange={(name, value) => form.set(name)(value)}
      />
    </FormDialog>
  )
}
