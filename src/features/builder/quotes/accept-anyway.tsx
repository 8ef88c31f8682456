import type { FormEvent } from 'react'
import type { Quote } from '../../../../contract/domain'
import type { FormFailure } from '../../../components/form/form-call'
import { FormDialog } from '../../../components/form/form-dialog'
import { formatMoney } from '../../../lib/money'

type AcceptAnywayProps = {
  quote: Quote
  /** What the quote's trade is missing, as the owner reads it. */
  warnings: string[]
  /** The acknowledged acceptance: in flight, held back by another call, or refused. */
  call: { busy: boolean; blocked: boolean; failure: FormFailure | null }
  onAccept: () => void
  onClose: () => void
}

/**
 * "Accept anyway?": the quote's trade has warnings on a licensed step. The owner sees what is
 * missing and why it matters before accepting the quote regardless (PRODUCT.md §13).
 */
export function AcceptAnyway({ quote, warnings, call, onAccept, onClose }: AcceptAnywayProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onAccept()
  }
  return (
    <FormDialog
      title="Accept anyway?"
      lead={
        <>
          <p>
            Before you accept the quote from {quote.vendor} for {formatMoney(quote.amount)}, this is
            missing from their record:
          </p>
          <ul>
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
          <p>
            In California, a homeowner who hires an unlicensed contractor can become that worker’s
            employer: answerable for their injuries on the job, their wages and payroll taxes.
          </p>
        </>
      }
      form={{ submit, ...call }}
      submitLabel="Accept anyway"
      busyLabel="Accepting…"
      onClose={onClose}
      className="accept-anyway"
    >
      {null}
    </FormDialog>
  )
}
