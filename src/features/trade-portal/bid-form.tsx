import { useSelector } from '@xstate/react'
import { z } from 'zod/mini'
import { TradeBidBody, type TradeView } from '../../../contract/bids'
import { BusyButton } from '../../components/busy-button'
import { FieldAlert } from '../../components/form/field-alert'
import { TextAreaField } from '../../components/form/text-area-field'
import { useContractForm } from '../../components/form/use-contract-form'
import { TextField } from '../../components/text-field'
import { formatCents, readDollars } from '../../lib/money'
import { ProposalField } from './proposal-field'
import { useAnswerCall, usePortal } from './use-portal'

/** What the form sends: the body without the proposal, which the upload already made. */
const BidFields = z.omit(TradeBidBody, { fileId: true })

type Props = { view: TradeView }

/**
 * "Your bid" (PRODUCT.md §14): the amount, which scope items it includes, notes, how long it
 * holds and the proposal. A bid already sent fills it in, to change it.
 */
export function BidForm({ view }: Props) {
  const actor = usePortal()
  const proposal = useSelector(actor, (s) => s.context.proposal)
  const call = useAnswerCall('bid')
  const { bid, scope } = view
  const included = new Map(bid?.items.map((item) => [item.itemId, item.included]))
  const form = useContractForm(BidFields, call, {
    initial: () => ({
      amount: bid ? (bid.amount / 100).toFixed(2) : '',
      note: bid?.note ?? '',
      validUntil: bid?.validUntil ?? '',
      items: Object.fromEntries(scope.map((item) => [item.id, included.get(item.id) ?? true])),
    }),
    toBody: (values) => {
      const amount = readDollars(values.amount, '')
      return {
        amount: typeof amount === 'number' ? amount : 0,
        items: scope.map((item) => ({ itemId: item.id, included: values.items[item.id] ?? true })),
        ...(values.note.trim() ? { note: values.note } : {}),
        ...(values.validUntil ? { validUntil: values.validUntil } : {}),
      }
    },
    check: (values) => {
      const amount = readDollars(values.amount, 'e.g. 15,800')
      return typeof amount === 'number' ? {} : { amount: amount.error }
    },
    toCall: (body) => {
      const fileId = proposal?.id ?? bid?.fileId
      return { kind: 'bid' as const, body: { ...body, ...(fileId ? { fileId } : {}) } }
    },
  })
  const items = form.field('items')

  return (
    <form className="portal-form" onSubmit={form.submit} noValidate aria-labelledby="your-bid">
      <h2 id="your-bid" className="portal-h2">
        Your bid
      </h2>
      <FieldAlert message={form.failure?.message} />
      <TextField
        {...form.field('amount')}
        label="Amount"
        hint="In dollars, for the whole scope below"
        inputMode="decimal"
        autoComplete="off"
        className="portal-amount"
      />
      {scope.length > 0 && (
        <fieldset className="portal-items">
          <legend className="field-label">Included in your bid</legend>
          {scope.map((item) => (
            <label key={item.id} className="checkbox">
              <input
                type="checkbox"
                checked={items.value[item.id] ?? true}
                onChange={(event) =>
                  items.onChange({ ...items.value, [item.id]: event.target.checked })
                }
              />
              {item.text}
            </label>
          ))}
          {items.error && <p className="field-error">{items.error}</p>}
        </fieldset>
      )}
      <TextAreaField {...form.field('note')} label="Notes" rows={3} />
      <TextField {...form.field('validUntil')} label="Valid until" type="date" />
      <ProposalField current={proposal?.name ?? (bid?.fileId ? 'Attached' : null)} />
      <BusyButton type="submit" busy={form.busy} disabled={form.blocked} busyLabel="Sending…">
        Submit bid
      </BusyButton>
    </form>
  )
}

/** The bid as sent, with "Change bid" while bids are open. */
export function BidSent({ view, onChange }: { view: TradeView; onChange: (() => void) | null }) {
  if (!view.bid) return null
  const left = new Set(view.bid.items.filter((i) => !i.included).map((i) => i.itemId))
  const excluded = view.scope.filter((item) => left.has(item.id)).map((item) => item.text)
  return (
    <section className="portal-card portal-sent" aria-labelledby="bid-sent">
      <h2 id="bid-sent" className="portal-h2">
        Bid sent
      </h2>
      <p className="portal-sent-amount">{formatCents(view.bid.amount)}</p>
      {excluded.length > 0 && <p className="portal-muted">Not included: {excluded.join(', ')}</p>}
      <p className="portal-muted">
        {view.project.ownerName} has it beside the other quotes for {view.request.title}.
      </p>
      {onChange && (
        <button type="button" className="button button-secondary" onClick={onChange}>
          Change bid
        </button>
      )}
    </section>
  )
}
