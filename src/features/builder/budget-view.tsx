import { useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import type { StepBudget } from './budget'
import { BudgetChart } from './budget-chart'
import { BudgetTable } from './budget-table'
import './budget-view.css'
import './extras.css'

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' })

type DialogProps = { budget: readonly StepBudget[]; onClosed: () => void }

/**
 * The project budget in a modal dialog. It is a direct child of <body>, so the print
 * stylesheet can print it alone; the native dialog traps focus and closes on Escape.
 */
function BudgetDialog({ budget, onClosed }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const headingId = useId()
  const [today] = useState(() => longDate.format(new Date()))
  useEffect(() => {
    // Strict mode runs this twice; opening an open dialog again is refused by older browsers.
    if (dialog.current && !dialog.current.open) dialog.current.showModal()
  }, [])
  return (
    <dialog ref={dialog} className="budget-dialog" aria-labelledby={headingId} onClose={onClosed}>
      <div className="budget-dialog-head">
        <div>
          <p className="budget-print-brand">PoolPath</p>
          <h2 id={headingId}>Project budget</h2>
          <p className="budget-date">As of {today}</p>
        </div>
        <button
          type="button"
          className="button button-secondary budget-no-print"
          onClick={() => dialog.current?.close()}
        >
          Close
        </button>
      </div>
      <BudgetChart budget={budget} />
      <BudgetTable budget={budget} />
      <div className="budget-actions budget-no-print">
        <button type="button" className="button" onClick={() => window.print()}>
          Print summary
        </button>
      </div>
    </dialog>
  )
}

/** Opens the project budget: estimate vs accepted quote per step, printable. */
export function BudgetButton({ budget }: { budget: readonly StepBudget[] }) {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const closed = () => {
    setOpen(false)
    // Browsers return focus themselves; saying so keeps it right where they do not.
    button.current?.focus()
  }
  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button-secondary budget-open"
        onClick={() => setOpen(true)}
      >
        View budget
      </button>
      {open && createPortal(<BudgetDialog budget={budget} onClosed={closed} />, document.body)}
    </>
  )
}
