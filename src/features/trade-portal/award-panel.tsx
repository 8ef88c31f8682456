import { TradeDatesProposal, type TradeView } from '../../../contract/bids'
import { tradeWaiverPath, waiverFormsOf } from '../../../contract/waiver-forms'
import { BusyButton } from '../../components/busy-button'
import { FieldAlert } from '../../components/form/field-alert'
import { TextAreaField } from '../../components/form/text-area-field'
import { useContractForm } from '../../components/form/use-contract-form'
import { TextField } from '../../components/text-field'
import { formatCents } from '../../lib/money'
import { DrawPayments } from './payment-request'
import { PortalFigure } from './portal-figure'
import { dateSpan, longDate } from './portal-format'
import { useAnswerCall, useAnswerForm } from './use-portal'

type Award = NonNullable<TradeView['award']>

/**
 * After award: the contract, its draws with the trade's payment requests, and the step's dates
 * to confirm or move.
 */
export function AwardPanel({ award, payments }: { award: Award; payments: TradeView['payments'] }) {
  const { dates } = award
  return (
    <section className="portal-card portal-award" aria-labelledby="portal-award-title">
      <h2 id="portal-award-title" className="portal-h2">
        Your bid was accepted
      </h2>
      <dl className="portal-figures">
        <PortalFigure term="Contract">
          {formatCents(award.amount + award.changeOrders)}
        </PortalFigure>
        {dates.start && dates.end && (
          <PortalFigure term="Dates">
            {dateSpan({ start: dates.start, end: dates.end })}
          </PortalFigure>
        )}
      </dl>
      {award.changeOrders !== 0 && (
        <p className="portal-muted">
          Bid {formatCents(award.amount)}, approved change orders {formatCents(award.changeOrders)}
        </p>
      )}
      {award.draws.length > 0 && (
        <>
          <h3 className="portal-h3">Payment plan</h3>
          <ul className="portal-draws">
            {award.draws.map((draw, index) => (
              <DrawPayments
                key={draw.id}
                draw={draw}
                requests={payments.filter((p) => p.drawId === draw.id)}
              >
                <WaiverForms drawId={draw.id} lastDraw={index === award.draws.length - 1} />
              </DrawPayments>
            ))}
          </ul>
        </>
      )}
      <DatesAnswer dates={dates} />
    </section>
  )
}

/**
 * The statutory waivers of a draw, filled for the trade to sign (PRODUCT.md §15): the final
 * forms for the last draw. The trade's session cookie goes with a plain link.
 */
function WaiverForms({ drawId, lastDraw }: { drawId: string; lastDraw: boolean }) {
  const forms = waiverFormsOf(lastDraw)
  return (
    <span className="portal-waivers">
      <a href={`/api${tradeWaiverPath(forms.conditional, drawId)}`} download>
        Conditional waiver (PDF)
      </a>
      <a href={`/api${tradeWaiverPath(forms.unconditional, drawId)}`} download>
        Unconditional waiver (PDF)
      </a>
    </span>
  )
}

function DatesAnswer({ dates }: { dates: Award['dates'] }) {
  const confirm = useAnswerCall('dates')
  const [proposing, setProposing] = useAnswerForm()
  return (
    <div className="portal-dates">
      {dates.confirmed && <p className="portal-ok">You confirmed these dates.</p>}
      {dates.proposed && (
        <p className="portal-muted">
          You proposed starting {longDate(dates.proposed)}: the owner will answer.
        </p>
      )}
      <FieldAlert message={proposing ? null : confirm.failure?.message} />
      <div className="portal-actions">
        {!dates.confirmed && (
          <BusyButton
            type="button"
            busy={confirm.busy && !proposing}
            busyLabel="Confirming…"
            onClick={() => confirm.run({ kind: 'dates', body: { confirm: true } })}
          >
            Confirm dates
          </BusyButton>
        )}
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={proposing}
          onClick={() => setProposing(!proposing)}
        >
          Propose other dates
        </button>
      </div>
      {proposing && <ProposeForm />}
    </div>
  )
}

function ProposeForm() {
  const form = useContractForm(TradeDatesProposal, useAnswerCall('dates'), {
    initial: { start: '', note: '' },
    toBody: (values) => ({ start: values.start, ...(values.note ? { note: values.note } : {}) }),
    missing: { start: 'Choose the day you can start' },
    toCall: (body) => ({ kind: 'dates' as const, body }),
  })
  return (
    <form className="portal-form" onSubmit={form.submit} noValidate>
      <FieldAlert message={form.failure?.message} />
      <TextField {...form.field('start')} label="Start date" type="date" />
      <TextAreaField {...form.field('note')} label="Note" rows={2} />
      <BusyButton type="submit" busy={form.busy} busyLabel="Sending…">
        Send
      </BusyButton>
    </form>
  )
}
