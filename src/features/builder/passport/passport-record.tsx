import { useId, type ReactNode } from 'react'
import type { Passport } from '../../../../contract/passport'
import { Badge } from '../../../components/badge'
import { formatMoney, signedMoney } from '../../../lib/money'
import { CHANGE_ORDER_STATUS, METHOD_WORDS } from '../budget/money-words'
import { stepTitle, termWords } from '../documents/document-words'
import { formatDate, inspectionStatus } from '../timeline-dates'
import { LicenceFacts } from '../trades/licence-facts'

/** One part of the record: its h2 and, with nothing in it yet, what will be. */
function RecordPart(props: { title: string; empty: string | null; children: ReactNode }) {
  const id = useId()
  return (
    <section className="passport-section" aria-labelledby={id}>
      <h2 id={id}>{props.title}</h2>
      {props.empty === null ? props.children : <p className="passport-empty">{props.empty}</p>}
    </section>
  )
}

const none = (list: readonly unknown[], empty: string) => (list.length === 0 ? empty : null)

/**
 * The record of the build (PRODUCT.md §17): each inspection and what it found, the trades with
 * their licence and insurance, each step's contract, change orders, payments and lien waivers,
 * the warranties, and the cost basis.
 */
export function PassportRecord({ passport }: { passport: Passport }) {
  return (
    <>
      <Inspections inspections={passport.inspections} />
      <Trades trades={passport.trades} />
      <Contracts steps={passport.steps} />
      <Warranties warranties={passport.warranties} />
      <CostBasis costBasis={passport.costBasis} />
    </>
  )
}

function Inspections({ inspections }: Pick<Passport, 'inspections'>) {
  return (
    <RecordPart title="Inspections" empty={none(inspections, 'No inspections yet.')}>
      <ul className="passport-cards">
        {inspections.map((inspection) => {
          const status = inspectionStatus(inspection.status)
          return (
            <li key={inspection.slug} className="passport-card">
              <p className="passport-card-title">
                {inspection.title} <Badge tone={status.tone}>{status.label}</Badge>
              </p>
              <p className="passport-muted">
                {inspection.date ? formatDate(inspection.date) : 'Not scheduled'}
              </p>
              {inspection.history.length > 0 && (
                <ul className="passport-history" aria-label={`${inspection.title} results`}>
                  {inspection.history.map((event, n) => (
                    <li key={n}>
                      {inspectionStatus(event.status).label} on {formatDate(event.date)}
                      {event.notes && ` — ${event.notes}`}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          )
        })}
      </ul>
    </RecordPart>
  )
}

function Trades({ trades }: Pick<Passport, 'trades'>) {
  return (
    <RecordPart title="Trades" empty={none(trades, 'No trades on record.')}>
      <ul className="passport-cards">
        {trades.map((trade) => (
          <li key={trade.company} className="passport-card">
            <p className="passport-card-title">{trade.company}</p>
            <dl className="passport-facts">
              <LicenceFacts trade={trade} />
            </dl>
          </li>
        ))}
      </ul>
    </RecordPart>
  )
}

/** The waivers of a step by draw, numbered in the order the draws come. */
function waiversByDraw(waivers: Passport['steps'][number]['waivers']) {
  const draws = [...new Set(waivers.map((waiver) => waiver.drawId))]
  return draws.map((drawId, n) => ({
    label: `Draw ${n + 1}`,
    kinds: waivers.filter((w) => w.drawId === drawId).map((w) => w.kind),
  }))
}

function Contracts({ steps }: Pick<Passport, 'steps'>) {
  return (
    <RecordPart title="Contracts and payments" empty={none(steps, 'No contracts yet.')}>
      <ul className="passport-cards">
        {steps.map((step) => (
          <li key={step.step} className="passport-card">
            <p className="passport-card-title">{step.title}</p>
            <p>
              {step.contract
                ? `${step.contract.vendor}, ${formatMoney(step.contract.amount)}`
                : 'No contract'}
            </p>
            {step.changeOrders.length > 0 && (
              <ul className="passport-lines" aria-label={`${step.title} change orders`}>
                {step.changeOrders.map((order) => (
                  <li key={order.id}>
                    Change order: {order.description}, {signedMoney(order.amount)}{' '}
                    <Badge tone={CHANGE_ORDER_STATUS[order.status].tone}>
                      {CHANGE_ORDER_STATUS[order.status].label}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
            {step.payments.length > 0 && (
              <ul className="passport-lines" aria-label={`${step.title} payments`}>
                {step.payments.map((payment) => (
                  <li key={payment.id}>
                    Paid {formatMoney(payment.amount)} on {formatDate(payment.paidOn)},{' '}
                    {METHOD_WORDS[payment.method].toLowerCase()}
                    {payment.reference && ` ${payment.reference}`}
                  </li>
                ))}
              </ul>
            )}
            {step.waivers.length > 0 && (
              <ul className="passport-lines" aria-label={`${step.title} lien waivers`}>
                {waiversByDraw(step.waivers).map((draw) => (
                  <li key={draw.label}>
                    {draw.label}: {draw.kinds.join(' and ')} lien waiver
                    {draw.kinds.length > 1 ? 's' : ''}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </RecordPart>
  )
}

function Warranties({ warranties }: Pick<Passport, 'warranties'>) {
  return (
    <RecordPart title="Warranties" empty={none(warranties, 'No warranties on record.')}>
      <ul className="passport-cards">
        {warranties.map((warranty) => (
          <li key={warranty.id} className="passport-card">
            <p className="passport-card-title">{warranty.provider}</p>
            <p className="passport-muted">
              {stepTitle(warranty.step)} · {termWords(warranty.termMonths)}
            </p>
            <p>
              {warranty.expiresOn
                ? `Expires ${formatDate(warranty.expiresOn)}`
                : 'Starts when the step is done'}
            </p>
          </li>
        ))}
      </ul>
    </RecordPart>
  )
}

function CostBasis({ costBasis }: Pick<Passport, 'costBasis'>) {
  return (
    <RecordPart title="Cost basis" empty={null}>
      <p className="passport-total">
        {formatMoney(costBasis.total)} <span>paid in all</span>
      </p>
      {costBasis.steps.length > 0 && (
        <table className="passport-cost-table">
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Paid</th>
            </tr>
          </thead>
          <tbody>
            {costBasis.steps.map((step) => (
              <tr key={step.step}>
                <th scope="row">{stepTitle(step.step)}</th>
                <td>{formatMoney(step.paid)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </RecordPart>
  )
}
