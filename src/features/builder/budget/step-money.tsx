import { useState } from 'react'
import type { StepSlug } from '../../../../contract'
import type { Draw, MoneyStep, Payment } from '../../../../contract/money'
import { Badge } from '../../../components/badge'
import { ConfirmDelete } from '../../../components/form/confirm-delete'
import { FieldAlert } from '../../../components/form/field-alert'
import { formatMoney, signedMoney } from '../../../lib/money'
import { formatDate } from '../timeline-dates'
import { useClientCalls } from '../use-client'
import { ChangeOrderDialog } from './change-order-dialog'
import { DrawRequests, requestedAmount } from './draw-requests'
import { LienWaiver, lienWaiverAnchor, type WaiverTarget } from './lien-waiver'
import { WaiverLinks } from './waiver-links'
import { DrawsDialog } from './draws-dialog'
import { CHANGE_ORDER_STATUS, DUE_WORDS, METHOD_WORDS } from './money-words'
import { PaymentDialog } from './payment-dialog'
import { useFormCall } from '../use-form-call'

type Open =
  | { kind: 'payment'; draw: Draw; amount: number | null }
  | { kind: 'delete'; payment: Payment }
  | { kind: 'draws' }
  | { kind: 'change' }
  | null

/**
 * One step's contract on the Budget page: the vendor and amount, the draws with their payments
 * and lien waiver, the change orders, and the buttons that change them. Its warnings are in the
 * page's list above.
 */
export function StepMoney({ step }: { step: MoneyStep }) {
  const [open, setOpen] = useState<Open>(null)
  const close = () => setOpen(null)
  const { contract } = step
  if (!contract) return null
  const headingId = `money-${step.step}`
  return (
    <section className="money-step" aria-labelledby={headingId}>
      <header className="money-step-head">
        <h3 id={headingId}>{step.title}</h3>
        <p>
          {contract.vendor}, {formatMoney(contract.amount)}
          {step.committed !== contract.amount && ` — ${formatMoney(step.committed)} committed`}
        </p>
      </header>
      <div className="money-step-head">
        <h4>Draws</h4>
        <button
          type="button"
          className="button button-secondary button-small budget-no-print"
          onClick={() => setOpen({ kind: 'draws' })}
        >
          Edit draws
        </button>
      </div>
      <ul className="draw-list">
        {step.draws.map((draw) => (
          <DrawItem
            key={draw.id}
            draw={draw}
            step={step}
            onPay={() => setOpen({ kind: 'payment', draw, amount: requestedAmount(draw) })}
            onDelete={(payment) => setOpen({ kind: 'delete', payment })}
          />
        ))}
      </ul>
      <ChangeOrders step={step} onAdd={() => setOpen({ kind: 'change' })} />
      {open?.kind === 'payment' && (
        <PaymentDialog
          draw={open.draw}
          amount={open.amount}
          stepTitle={step.title}
          final={step.draws.at(-1)?.id === open.draw.id}
          onClose={close}
        />
      )}
      {open?.kind === 'delete' && <DeletePayment payment={open.payment} onClose={close} />}
      {open?.kind === 'draws' && <DrawsDialog step={step} onClose={close} />}
      {open?.kind === 'change' && <ChangeOrderDialog step={step} onClose={close} />}
    </section>
  )
}

/** One draw: what is due when, how much is paid (a bar), its payments and its lien waiver. */
function DrawItem({
  draw,
  step,
  onPay,
  onDelete,
}: {
  draw: Draw
  step: MoneyStep
  onPay: () => void
  onDelete: (payment: Payment) => void
}) {
  const { pending } = useClientCalls()
  const owed = draw.amount - draw.paid
  const labelId = `draw-${draw.id}`
  return (
    <li className="draw" aria-labelledby={labelId}>
      <div className="draw-head">
        <span id={labelId} className="draw-label">
          {draw.label}
        </span>
        <span className="draw-amount">{formatMoney(draw.amount)}</span>
      </div>
      <p className="draw-due">
        Due {DUE_WORDS[draw.due]}
        {draw.dueOn ? ` · ${formatDate(draw.dueOn)}` : ''}
      </p>
      <label className="draw-paid">
        {owed === 0
          ? `Paid in full, ${formatMoney(draw.paid)}`
          : `${formatMoney(draw.paid)} paid of ${formatMoney(draw.amount)}`}
        <progress max={Math.max(draw.amount, 1)} value={draw.paid} />
      </label>
      {draw.payments.length > 0 && (
        <ul className="payment-list" aria-label={`Payments on ${draw.label}`}>
          {draw.payments.map((payment) => (
            <li key={payment.id}>
              <span>
                {formatMoney(payment.amount)} on {formatDate(payment.paidOn)} by{' '}
                {METHOD_WORDS[payment.method].toLowerCase()}
                {payment.reference ? ` (${payment.reference})` : ''}
              </span>
              <button
                type="button"
                className="button button-danger-quiet button-small budget-no-print"
                disabled={pending !== null}
                aria-label={`Delete the payment of ${formatMoney(payment.amount)} on ${formatDate(payment.paidOn)}`}
                onClick={() => onDelete(payment)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <DrawRequests draw={draw} />
      <DrawWaivers draw={draw} step={step} labelId={labelId} />
      <WaiverLinks drawId={draw.id} lastDraw={draw.id === step.draws.at(-1)?.id} />
      {owed > 0 && (
        <button
          type="button"
          className="button button-secondary button-small budget-no-print"
          disabled={pending !== null}
          onClick={onPay}
        >
          Record payment
        </button>
      )}
    </li>
  )
}

/**
 * A draw's waivers (PRODUCT.md §15): its trade's conditional and unconditional ones, then each
 * preliminary notice claimant's of that trade.
 */
function DrawWaivers({ draw, step, labelId }: { draw: Draw; step: MoneyStep; labelId: string }) {
  const context = `${step.title}, ${draw.label}`
  const paid = draw.paid > 0
  const common = { drawId: draw.id, context, describedBy: labelId }
  return (
    <>
      <BothWaivers
        target={common}
        files={draw}
        paid={paid}
        step={step.step}
        anchor={lienWaiverAnchor(draw.id)}
      />
      {draw.noticeWaivers.length > 0 && (
        <ul className="notice-waivers" aria-label={`Notice claimants’ waivers on ${draw.label}`}>
          {draw.noticeWaivers.map((waiver) => {
            const claimantId = `claimant-${draw.id}-${waiver.noticeId}`
            const target = {
              drawId: draw.id,
              noticeId: waiver.noticeId,
              context: `${waiver.claimant}, ${context}`,
              describedBy: claimantId,
            }
            return (
              <li key={waiver.noticeId} aria-labelledby={claimantId}>
                <span id={claimantId} className="notice-claimant">
                  {waiver.claimant}
                </span>
                <BothWaivers target={target} files={waiver} paid={paid} step={step.step} />
              </li>
            )
          })}
        </ul>
      )}
    </>
  )
}

/** Someone's two waivers for a draw: conditional, then unconditional (at `anchor`, if given). */
function BothWaivers({
  target,
  files,
  paid,
  step,
  anchor,
}: {
  target: Omit<WaiverTarget, 'kind' | 'fileId'>
  files: Pick<
    Draw['noticeWaivers'][number],
    'conditionalWaiverFileId' | 'unconditionalWaiverFileId'
  >
  paid: boolean
  step: StepSlug
  anchor?: string
}) {
  return (
    <>
      <LienWaiver
        target={{ ...target, kind: 'conditional', fileId: files.conditionalWaiverFileId }}
        paid={paid}
        step={step}
      />
      <LienWaiver
        target={{ ...target, kind: 'unconditional', fileId: files.unconditionalWaiverFileId }}
        paid={paid}
        step={step}
        anchor={anchor}
      />
    </>
  )
}

function DeletePayment({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const call = useFormCall((c) => c.name === 'deletePayment' && c.id === payment.id, onClose)
  return (
    <ConfirmDelete
      title="Delete this payment?"
      message={`The payment of ${formatMoney(payment.amount)} on ${formatDate(payment.paidOn)} will be deleted. This cannot be undone.`}
      confirmLabel="Delete payment"
      call={call}
      request={{ name: 'deletePayment', id: payment.id }}
      onClose={onClose}
    />
  )
}

/** The step's change orders, newest last; a proposed one is approved or rejected here. */
function ChangeOrders({ step, onAdd }: { step: MoneyStep; onAdd: () => void }) {
  const { run, pending, failure } = useClientCalls()
  const refused = failure?.call.name === 'decideChangeOrder' ? failure.call.id : null
  const refusal = step.changeOrders.some((order) => order.id === refused) ? failure : null
  return (
    <>
      <div className="money-step-head">
        <h4>Change orders</h4>
        <button
          type="button"
          className="button button-secondary button-small budget-no-print"
          disabled={pending !== null}
          onClick={onAdd}
        >
          Add change order
        </button>
      </div>
      {step.changeOrders.length === 0 ? (
        <p className="money-empty">No change orders.</p>
      ) : (
        <ul className="change-orders">
          {step.changeOrders.map((order) => {
            const status = CHANGE_ORDER_STATUS[order.status]
            const decide = (status: 'approved' | 'rejected') =>
              run({ name: 'decideChangeOrder', id: order.id, body: { status } })
            return (
              <li key={order.id} className="change-order">
                <span id={`order-${order.id}`} className="change-order-text">
                  {order.description}
                </span>
                <span className="change-order-amount">{signedMoney(order.amount)}</span>
                <Badge tone={status.tone}>{status.label}</Badge>
                {order.status === 'proposed' && (
                  <span className="change-order-actions budget-no-print">
                    <button
                      type="button"
                      className="button button-small"
                      disabled={pending !== null}
                      aria-describedby={`order-${order.id}`}
                      onClick={() => decide('approved')}
                    >
                      Approve
                    </button>
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      disabled={pending !== null}
                      aria-describedby={`order-${order.id}`}
                      onClick={() => decide('rejected')}
                    >
                      Reject
                    </button>
                  </span>
                )}
              </li>
            )
          })}
        </ul>
      )}
      <FieldAlert message={refusal?.message} />
    </>
  )
}
