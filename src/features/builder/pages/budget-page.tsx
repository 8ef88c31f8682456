import { useState } from 'react'
import { useClientProfile } from '../../../app/session-hooks'
import { savedDesign } from '../../../../contract/budget'
import { BudgetChart } from '../budget-chart'
import { BudgetFigures } from '../budget-figures'
import { BudgetTable } from '../budget-table'
import { useBudget, useProject } from '../use-project'

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
 * quote. Printed, it is a one-page summary headed by the client, the address and the design.
 */
export function BudgetPage() {
  const budget = useBudget()
  const { poolData } = useProject()
  const client = useClientProfile()
  const design = savedDesign(poolData)
  const [today] = useState(() => longDate.format(new Date()))
  return (
    <article className="budget-page">
      <header className="budget-page-head">
        <div>
          <p className="budget-print-brand">PoolPath</p>
          <h1>Budget</h1>
          <p className="budget-date">As of {today}</p>
        </div>
        <button
          type="button"
          className="button button-secondary budget-no-print"
          onClick={() => window.print()}
        >
          Print summary
        </button>
      </header>
      {client && (
        <p className="budget-print-only">
          {client.name}, {client.address}, {client.city}, {client.state}
          {design ? ` — ${designLine(design)}` : ''}
        </p>
      )}
      <BudgetFigures budget={budget} />
      <BudgetChart budget={budget} />
      <BudgetTable budget={budget} />
    </article>
  )
}
