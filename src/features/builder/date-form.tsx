import type { FormEvent, ReactNode } from 'react'
import type { FieldProps } from '../../components/form/field-props'
import { TextField } from '../../components/text-field'
import { CallButton } from './call-button'
import type { ClientCall } from '../../../machines/client/client.machine'

type DateFormProps = {
  className: string
  label: string
  hint?: string | undefined
  /** The date field of the form's useContractForm. */
  field: FieldProps<string>
  form: { submit: (event: FormEvent<HTMLFormElement>) => void; failure: { message: string } | null }
  calls: { busy: boolean; pending: ClientCall | null }
  variant?: 'primary' | 'secondary'
  /** The submit button's label. */
  children: ReactNode
}

/**
 * One date and the button that saves it (a step's start, the project's): a refusal that names
 * no field is shown by the date, the form's only field.
 */
export function DateForm({
  className,
  label,
  hint,
  field,
  form,
  calls,
  variant,
  children,
}: DateFormProps) {
  return (
    <form className={className} onSubmit={form.submit} noValidate>
      <TextField
        {...field}
        label={label}
        type="date"
        hint={hint}
        error={field.error ?? form.failure?.message}
      />
      <CallButton type="submit" variant={variant} calls={calls} busyLabel="Saving…">
        {children}
      </CallButton>
    </form>
  )
}
