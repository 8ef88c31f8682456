import type { CallFailure } from '../../../../machines/client/client.machine'

/** Why the server refused a dialog's call, when it named no field: those show at their fields. */
export function CallAlert({ failure }: { failure: CallFailure | null }) {
  if (!failure || Object.keys(failure.fields).length > 0) return null
  return (
    <p className="field-error" role="alert">
      {failure.message}
    </p>
  )
}
