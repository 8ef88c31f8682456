import { useId, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import type { z } from 'zod/mini'
import { focusFirstInvalid, issuesByField, type FieldErrors } from '../form-errors'
import { fieldsOf } from './field-props'
import type { FormCall } from './form-call'

type ContractFormOptions<Values, Body, Call> = {
  initial: Values | (() => Values)
  /** The body the typed values stand for, before the contract checks it (numbers read). */
  toBody: (values: Values) => unknown
  /** The call that sends the checked body. */
  toCall: (body: Body) => NoInfer<Call>
  /** What the contract cannot check, by field: a dollar amount typed wrong, more than is owed. */
  check?: (values: Values) => FieldErrors
  /** What an empty required field says, by field: the contract says only "Required". */
  missing?: FieldErrors
  /** The values once the call went through, e.g. emptied when what it sent is in the list. */
  afterSend?: Partial<Values>
}

/**
 * One form over the contract's schema and the actor's call: the typed values, the contract's
 * check before anything is sent (focus then goes to the first field to fix), each field's message
 * (its own check first, then the server's), the refusal, and the submit.
 */
export function useContractForm<Values extends Record<string, unknown>, Body, Call>(
  schema: z.ZodMiniType<Body>,
  call: FormCall<Call>,
  options: ContractFormOptions<Values, Body, Call>,
) {
  const idPrefix = useId()
  const [values, setValues] = useState(options.initial)
  const [local, setLocal] = useState<FieldErrors>({})
  // Fields typed in since the last send: the server's message about them is out of date.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set())
  // The form's own check found something since the last send: so is the last refusal.
  const [checked, setChecked] = useState(false)
  const [sending, setSending] = useState(false)
  const failure = checked ? null : call.failure
  if (sending && !call.busy) {
    setSending(false)
    if (!call.failure && options.afterSend) setValues((now) => ({ ...now, ...options.afterSend }))
  }

  const error = (field: keyof Values & string): string | undefined =>
    local[field] ?? (edited.has(field) ? undefined : failure?.fields[field]?.[0])

  const set =
    <Field extends keyof Values & string>(field: Field) =>
    (value: Values[Field]) => {
      setValues((current) => ({ ...current, [field]: value }))
      setLocal((current) => ({ ...current, [field]: undefined }))
      setEdited((current) => new Set(current).add(field))
    }

  /** A field's id, value, change and message, spread on its control. */
  const field = fieldsOf(idPrefix, values, set, error)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    const parsed = schema.safeParse(options.toBody(values))
    const found: FieldErrors = {
      ...(parsed.success ? {} : issuesByField(parsed.error, options.missing)),
      ...options.check?.(values),
    }
    if (!parsed.success || Object.keys(found).length > 0) {
      flushSync(() => {
        setLocal(found)
        setChecked(true)
      })
      focusFirstInvalid(element)
      return
    }
    setLocal({})
    setEdited(new Set())
    setChecked(false)
    setSending(true)
    call.run(options.toCall(parsed.data))
  }

  return {
    values,
    set,
    field,
    error,
    submit,
    busy: call.busy,
    blocked: call.blocked ?? false,
    /** This form's last refusal, while it is up to date. */
    failure,
  }
}

export type ContractForm = ReturnType<typeof useContractForm>
