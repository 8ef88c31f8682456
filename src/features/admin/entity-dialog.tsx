import { useId, useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import type { z } from 'zod/mini'
import type { AdminActor, AdminCall } from '../../../machines/admin/admin.machine'
import { focusFirstInvalid, issuesByField } from '../../components/form-errors'
import { CallProblem } from './call-problem'
import {
  formBody,
  FormFields,
  type FieldSpec,
  type FormErrors,
  type FormValues,
} from './form-fields'
import { DialogActions, ModalDialog } from '../../components/modal-dialog'
import { useAdminRequest, useAdminWrites } from './use-admin'

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
  const { actor, title, submitLabel, fields, initial, schema, toCall, onClose } = props
  const { busy, failure } = useAdminWrites(actor)
  const request = useAdminRequest(actor)
  const [values, setValues] = useState<FormValues>(initial)
  const [localErrors, setLocalErrors] = useState<FormErrors>({})
  const [sent, setSent] = useState<AdminCall | null>(null)
  // Fields typed in since the server answered: its message about them is out of date.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set())
  const formRef = useRef<HTMLFormElement>(null)
  const idPrefix = useId()

  const ours = failure && failure.call === sent ? failure : null
  const errors: FormErrors = { ...localErrors }
  for (const [name, messages] of Object.entries(ours?.fields ?? {})) {
    if (!edited.has(name) && errors[name] === undefined && messages[0]) errors[name] = messages[0]
  }

  const change = (name: string, value: string | boolean) => {
    setValues((current) => ({ ...current, [name]: value }))
    setLocalErrors((current) => ({ ...current, [name]: undefined }))
    setEdited((current) => new Set(current).add(name))
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const { body, errors: numberErrors } = formBody(fields, values)
    const parsed = schema.safeParse(body)
    // An empty field is named as onboarding names it ("Enter the city"), not "Required".
    const missing = Object.fromEntries(
      fields.map((field) => [field.name, `Enter the ${field.label.toLowerCase()}`]),
    )
    const found = {
      ...(parsed.success ? {} : issuesByField(parsed.error, missing)),
      ...numberErrors,
    }
    if (!parsed.success || Object.keys(numberErrors).length > 0) {
      flushSync(() => setLocalErrors(found))
      focusFirstInvalid(formRef.current)
      return
    }
    const call = toCall(parsed.data)
    setLocalErrors({})
    setEdited(new Set())
    setSent(call)
    request(call, onClose)
  }

  return (
    <ModalDialog title={title} onClose={onClose} busy={busy}>
      <form ref={formRef} className="admin-form" noValidate onSubmit={submit}>
        <CallProblem failure={ours} />
        <FormFields
          idPrefix={idPrefix}
          fields={fields}
          values={values}
          errors={errors}
          onChange={change}
        />
        <DialogActions busy={busy} submitLabel={submitLabel} onCancel={onClose} />
      </form>
    </ModalDialog>
  )
}
