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
type DrawAnswer = Extract<TradeAnswer, { kind: 'payment' | 'waiver' }>

/** What the form checks before anything is uploaded: the amount and both files chosen. */
const RequestFields = z.extend(z.pick(TradePaymentRequestBody, { amount: true }), {
  invoice: z.file('Choose your invoice'),
  conditionalWaiver: z.file('Choose your signed conditional waiver'),
})

const WaiverFields = z.object({ waiver: z.file('Choose your signed unconditional waiver') })

const STATUS_WORDS: Record<TradePayment['status'], string> = {
  open: 'Waiting for the owner',
  paid: 'Paid',
  declined: 'Declined',
}

/** The portal's call of `kind` on this draw: busy and refused only while it is this draw's. */
function useDrawCall<Kind extends DrawAnswer['kind']>(
  kind: Kind,
  drawId: string,
): FormCall<Extract<DrawAnswer, { kind: Kind }>> {
  const actor = usePortal()
  const mine = (answer: TradeAnswer | null) => answer?.kind === kind && answer.drawId === drawId
  const busy = useSelector(
    actor,
    (s) => s.matches({ signedIn: 'answering' }) && mine(s.context.answer),
  )
  const blocked = useSelector(actor, (s) => s.hasTag('busy'))
  const answeredHere = useSelector(actor, (s) => mine(s.context.answer))
  const failure = usePortalFailure(kind)
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
 * Once the owner has paid on it, and until the owner holds it, the unconditional waiver to send.
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
  const owes = draw.paid < draw.amount
  return (
    <li className="portal-draw">
      <div className="portal-draw-row">
        <span>{draw.label}</span>
        <span>{formatCents(draw.amount)}</span>
      </div>
      {children}
      {requests.length > 0 && (
        <ul className="portal-requests" aria-label={`Payment requests on ${draw.label}`}>
          {requests.map((request) => (
            <li key={request.id}>
              {`Requested ${formatCents(request.amount)} on ${longDate(request.requestedAt.slice(0, 10))}: ${STATUS_WORDS[request.status]}`}
            </li>
          ))}
        </ul>
      )}
      {draw.paid > 0 && !draw.unconditionalWaiver && <WaiverForm draw={draw} />}
      {/* Paid in full, the draw has nothing more to ask for. */}
      {owes && (
        <button
          type="button"
          className="button button-secondary button-small"
          aria-expanded={open}
          onClick={() => setOpenedAt(open ? null : requests.length)}
        >
          Request payment
        </button>
      )}
      {open && owes && <RequestForm draw={draw} />}
    </li>
  )
}

function RequestForm({ draw }: { draw: Draw }) {
  const form = useContractForm(RequestFields, useDrawCall('payment', draw.id), {
    initial: {
      // What the draw still owes: a request for more is refused.
      amount: ((draw.amount - draw.paid) / 100).toFixed(2),
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

/** What the owner paid asks for: the signed unconditional waiver, sent as the draw's. */
function WaiverForm({ draw }: { draw: Draw }) {
  const form = useContractForm(WaiverFields, useDrawCall('waiver', draw.id), {
    initial: { waiver: null as File | null },
    toBody: (values) => values,
    toCall: (body) => ({ kind: 'waiver' as const, drawId: draw.id, ...body }),
  })
  const askId = `waiver-ask-${draw.id}`
  return (
    <form className="portal-form" onSubmit={form.submit} noValidate aria-labelledby={askId}>
      <p id={askId} className="portal-ask">
        {`The owner paid ${formatCents(draw.paid)}: sign the unconditional waiver and send it to them.`}
      </p>
      <FieldAlert message={form.failure?.message} />
      <FileField {...form.field('waiver')} label="Signed unconditional waiver" />
      <BusyButton type="submit" busy={form.busy} disabled={form.blocked} busyLabel="Sending…">
        Send waiver
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
