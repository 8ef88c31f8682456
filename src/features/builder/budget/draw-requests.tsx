import type { Draw, DrawPaymentRequest } from '../../../../contract/money'
import { Badge, type BadgeTone } from '../../../components/badge'
import { FieldAlert } from '../../../components/form/field-alert'
import { formatMoney } from '../../../lib/money'
import { useHeldFiles } from '../documents/use-documents'
import { useFormCall } from '../use-form-call'

const STATUS: Record<DrawPaymentRequest['status'], { label: string; tone: BadgeTone }> = {
  open: { label: 'Open', tone: 'info' },
  paid: { label: 'Paid', tone: 'success' },
  declined: { label: 'Declined', tone: 'neutral' },
}

/**
 * What "Record payment" fills in on a draw with open payment requests (PRODUCT.md §15): what
 * they ask together, never more than the draw still owes; null without one.
 */
export function requestedAmount(draw: Draw): number | null {
  const open = draw.requests.filter((request) => request.status === 'open')
  if (open.length === 0) return null
  const asked = open.reduce((sum, request) => sum + request.amount, 0)
  return Math.min(asked, draw.amount - draw.paid)
}

/**
 * A draw's payment requests from its trade: "Payment requested: $X", its invoice and its
 * conditional waiver (the trade's uploads, among the owner's documents), its status, and
 * "Decline" while it is open. Recording a payment that covers it pays it.
 */
export function DrawRequests({ draw }: { draw: Draw }) {
  const files = useHeldFiles()
  const decline = useFormCall(
    (c) => c.name === 'declinePaymentRequest' && draw.requests.some((r) => r.id === c.id),
  )
  if (draw.requests.length === 0) return null
  const fileOf = (id: string | null) => files.list?.find((file) => file.id === id)
  return (
    <>
      <FieldAlert message={decline.failure?.message} />
      <ul className="payment-list draw-requests" aria-label={`Payment requests on ${draw.label}`}>
        {draw.requests.map((request) => {
          const invoice = fileOf(request.invoiceFileId)
          const waiver = fileOf(request.conditionalWaiverFileId)
          const status = STATUS[request.status]
          return (
            <li key={request.id}>
              <span>Payment requested: {formatMoney(request.amount)}</span>
              <Badge tone={status.tone}>{status.label}</Badge>
              {invoice && (
                <a href={invoice.urls.original} download={invoice.name}>
                  Invoice
                </a>
              )}
              {waiver && (
                <a href={waiver.urls.original} download={waiver.name}>
                  Waiver
                </a>
              )}
              {request.status === 'open' && (
                <button
                  type="button"
                  className="button button-ghost button-small budget-no-print"
                  disabled={decline.blocked}
                  aria-label={`Decline the payment request of ${formatMoney(request.amount)} on ${draw.label}`}
                  onClick={() =>
                    decline.run({
                      name: 'declinePaymentRequest',
                      id: request.id,
                      body: { status: 'declined' },
                    })
                  }
                >
                  Decline
                </button>
              )}
            </li>
          )
        })}
      </ul>
    </>
  )
}
