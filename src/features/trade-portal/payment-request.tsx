import { useSelector } from '@xstate/react'
import { useState, type ReactNode } from 'react'
import { z } from 'zod/mini'
import { TradePaymentRequestBody, type TradePayment, type TradeView } from '../../../contract/bids'
import { FILE_TYPES } from '../../../contract/documents'
import type { TradeAnswer } from '../../../machines/trade-portal/trade-portal.types'
import { BusyButton } from '../../components/busy-button'
import { FieldAlert } from '../../components/form/field-alert'
import type { FieldProps } from '../../components/form/field-props'
import type { FormCall } from '../../components/form/form-call'
import { useContractForm } from '../../components/form/use-contract-form'
import { TextField } from '../../components/text-field'
import { formatCents, readDollars } from '../../lib/money'
import { longDate } from './portal-format'
import { usePortal, usePortalFailure } from './use-portal'

type Draw = NonNullable<TradeView['award']>['draws'][number]
type PaymentAnswer = Extract<TradeAnswer, { kind: 'payment' }>

/** What the form checks before anything is uploaded: the amount and both files chosen. */
const RequestFields = z.extend(z.pick(TradePaymentRequestBody, { amount: true }), {
  invoice: z.file('Choose your invoice'),
  conditionalWaiver: z.file('Choose your signed conditional waiver'),
})

const STATUS_WORDS: Record<TradePayment['status'], string> = {
  open: 'Waiting for the owner',
  paid: 'Paid',
  declined: 'Declined',
}

/** The portal's call for this draw's request: busy and refused only while it is this draw's. */
function usePaymentCall(drawId: string): FormCall<PaymentAnswer> {
  const actor = usePortal()
  const mine = (answer: TradeAnswer | null) =>
    answer?.kind === 'payment' && answer.drawId === drawId
  const busy = useSelector(
    actor,
    (s) => s.matches({ signedIn: 'answering' }) && mine(s.context.answer),
  )
  const blocked = useSelector(actor, (s) => s.hasTag('busy'))
  const answeredHere = useSelector(actor, (s) => mine(s.context.answer))
  const failure = usePortalFailure('payment')
  return {
    run: (answer) => actor.send({ type: 'trade.answered', answer }),
    busy,
    blocked: blocked && !busy,
    failure: answeredHere ? failure : null,
  }
}

/**
 * A draw of the award (PRODUCT.md §15): its payment requests with their status, and "Request
 * payment" — the amount, the invoice and the conditional waiver, uploaded as the request is sent.
 */
export function DrawPayments({
  draw,
  requests,
  children,
}: {
  draw: Draw
  requests: TradePayment[]
  /** What else the draw offers: its waiver forms. */
  children?: ReactNode
}) {
  // The number of requests when the form was opened: one more means it went through.
  const [openedAt, setOpenedAt] = useState<number | null>(null)
  const open = openedAt === requests.length
  return (
    <li className="portal-draw">
      <div className="portal-draw-row">
        <span>{draw.label}</span>
        <span>{formatCents(draw.amount)}</span>
      </div>
      {children}
      {draw.paid > 0 && !draw.unconditionalWaiver && (
        <p className="portal-ask">
          {`The owner paid ${formatCents(draw.paid)}: sign the unconditional waiver and send it to them.`}
        </p>
      )}
      {requests.length > 0 && (
        <ul className="portal-requests" aria-label={`Payment requests on ${draw.label}`}>
          {requests.map((request) => (
            <li key={request.id}>
              {`Requested ${formatCents(request.amount)} on ${longDate(request.requestedAt.slice(0, 10))}: ${STATUS_WORDS[request.status]}`}
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button button-secondary button-small"
        aria-expanded={open}
        onClick={() => setOpenedAt(open ? null : requests.length)}
      >
        Request payment
      </button>
      {open && <RequestForm draw={draw} />}
    </li>
  )
}

function RequestForm({ draw }: { draw: Draw }) {
  const form = useContractForm(RequestFields, usePaymentCall(draw.id), {
    initial: {
      amount: (draw.amount / 100).toFixed(2),
      invoice: null as File | null,
      conditionalWaiver: null as File | null,
    },
    toBody: (values) => {
      const amount = readDollars(values.amount, '')
      return { ...values, amount: typeof amount === 'number' ? amount : 0 }
    },
    check: (values) => {
      const amount = readDollars(values.amount, 'e.g. 1,000')
      return typeof amount === 'number' ? {} : { amount: amount.error }
    },
    toCall: (body) => ({ kind: 'payment' as const, drawId: draw.id, ...body }),
  })
  return (
    <form className="portal-form" onSubmit={form.submit} noValidate>
      <FieldAlert message={form.failure?.message} />
      <TextField {...form.field('amount')} label="Amount" inputMode="decimal" autoComplete="off" />
      <FileField {...form.field('invoice')} label="Invoice" />
      <FileField {...form.field('conditionalWaiver')} label="Conditional waiver" />
      <BusyButton type="submit" busy={form.busy} disabled={form.blocked} busyLabel="Sending…">
        Send request
      </BusyButton>
    </form>
  )
}

/** A PDF or photo chosen for the request, uploaded when it is sent. */
function FileField({ id, onChange, error, label }: FieldProps<File | null> & { label: string }) {
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={FILE_TYPES.join(',')}
        className="portal-file-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}
