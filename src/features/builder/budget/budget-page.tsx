import { useState } from 'react'
import { useNow } from '../../../app/clock'
import { useClientProfile } from '../../../app/session-hooks'
import { savedDesign } from '../../../../contract/budget'
import type { Money } from '../../../../contract/money'
import { BudgetChart } from './budget-chart'
import { BudgetFigures } from './budget-figures'
import { BudgetTable } from './budget-table'
import { useFiles } from '../documents/use-documents'
import { CashflowChart } from './cashflow-chart'
import { ExportsBar } from './exports-bar'
import { MoneyWarnings } from './money-warnings'
import { NoticesSection } from './notices-section'
import { paymentsCsv } from './payments-csv'
import { StepMoney } from './step-money'
import { useBudget, useProject } from '../use-project'
import { useMoney } from '../use-timeline'
import { downloadCsv } from '../../../lib/csv'
import './money.css'

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' })

/** The saved design in one line, e.g. "Rectangle, 32 × 16 ft, 3.5–6 ft deep, 4 ft deck". */
function designLine(design: NonNullable<ReturnType<typeof savedDesign>>): string {
  const shape = design.shape.charAt(0).toUpperCase() + design.shape.slice(1)
  return (
    `${shape}, ${design.lengthFt} × ${design.widthFt} ft, ` +
    `${design.shallowDepthFt}–${design.deepDepthFt} ft deep, ${design.deckWidthFt} ft deck`
  )
}

/**
 * /builder/budget: the figures, a chart and the table of every step's estimate and accepted
 * quote; then the money (PRODUCT.md §10): the cash flow, the warnings and each contract with
 * its draws, payments and change orders. Printed, it is a summary headed by the client, the
 * address and the design.
 */
export function BudgetPage() {
  const budget = useBudget()
  const money = useMoney()
  // The lien waivers linked to the draws, and those that may be.
  useFiles()
  const { poolData } = useProject()
  const client = useClientProfile()
  const design = savedDesign(poolData)
  const now = useNow()
  const [today] = useState(() => longDate.format(now()))
  return (
    <article className="budget-page">
      <header className="budget-page-head">
        <div>
          <p className="budget-print-brand">PoolPath</p>
          <h1>Budget</h1>
          <p className="budget-date">As of {today}</p>
        </div>
        <div className="budget-head-actions budget-no-print">
          <button
            type="button"
            className="button button-secondary"
            disabled={!money}
            onClick={() => money && downloadCsv('payments.csv', paymentsCsv(money))}
          >
            Export payments (CSV)
          </button>
          <ExportsBar />
          <button type="button" className="button button-secondary" onClick={() => window.print()}>
            Print summary
          </button>
        </div>
      </header>
      {client && (
        <p className="budget-print-only">
          {client.name}, {client.address}, {client.city}, {client.state}
          {design ? ` — ${designLine(design)}` : ''}
        </p>
      )}
      <BudgetFigures budget={budget} money={money} />
      {money && <MoneyWarnings warnings={money.warnings} />}
      <section className="money-section" aria-labelledby="by-step-title">
        <h2 id="by-step-title">By step</h2>
        <BudgetChart budget={budget} money={money} />
        <BudgetTable budget={budget} money={money} />
      </section>
      <section className="money-section" aria-labelledby="cashflow-title">
        <h2 id="cashflow-title">Cash flow by month</h2>
        {money ? <CashflowChart cashflow={money.cashflow} /> : <p>Loading the payments…</p>}
      </section>
      <section className="money-section" aria-labelledby="contracts-title">
        <h2 id="contracts-title">Contracts and payments</h2>
        {money && <Contracts money={money} />}
      </section>
      <NoticesSection />
    </article>
  )
}

/** Each step with an accepted quote, or a line saying where contracts come from. */
function Contracts({ money }: { money: Money }) {
  const steps = money.steps.filter((step) => step.contract)
  if (steps.length === 0) {
    return (
      <p className="money-empty">
        Accept a quote on a step and its contract, draws and payments show here.
      </p>
    )
  }
  return steps.map((step) => <StepMoney key={step.step} step={step} />)
}
