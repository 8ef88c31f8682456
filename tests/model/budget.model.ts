import { setup, type SnapshotFrom } from 'xstate'
import { keyedTestModel } from './paths'

/**
 * A pure model of the owner's Budget (PRODUCT.md §10, §15): Excavation's contract with a recorded
 * trade, whose Deposit may not be paid before the trade's conditional waiver is on file (the
 * lien-safe payment's gate): paid anyway, left unpaid, or paid once the waiver is attached; and a
 * change order proposed, then approved or rejected. The owner has a saved design and Dig Co's
 * $9,000 quote for Excavation, from the trade Dig Co, accepted: a Deposit of $900 and a Balance of
 * $8,100. The owner who cancels a refused payment gets the waiver and pays with it, so four paths
 * take every transition. budget.walk.ts says how the owner does each event and what each state shows; its paths
 * run in jsdom (budget.model.test.tsx) and in Chromium (tests/e2e/budget-paths.test.ts). Free of
 * test-runner imports: the QA script loads it.
 */

export type BudgetModelEvent =
  /** "Record payment" on the Deposit, as the dialog fills it in (all it owes, by check, today). */
  | { type: 'PAY_DEPOSIT' }
  /** "Pay anyway", in the dialog that refused the payment. */
  | { type: 'PAY_ANYWAY' }
  /** "Cancel", in the dialog that refused the payment. */
  | { type: 'CANCEL_PAYMENT' }
  /** "Attach conditional waiver" on the Deposit, and the trade's signed waiver uploaded there. */
  | { type: 'ATTACH_WAIVER' }
  /** "Add change order": a description and $450. */
  | { type: 'ADD_CHANGE_ORDER' }
  | { type: 'APPROVE_CHANGE_ORDER' }
  | { type: 'REJECT_CHANGE_ORDER' }

export const budgetModel = setup({
  types: { events: {} as BudgetModelEvent },
}).createMachine({
  id: 'budget',
  initial: 'contract',
  states: {
    /** /builder/budget: the contract, "$0 paid of $900" on the Deposit, no conditional waiver. */
    contract: {
      on: { PAY_DEPOSIT: 'waiverRequired', ADD_CHANGE_ORDER: 'changeProposed' },
    },
    /** The payment's dialog says whose waiver is missing, links its form, offers "Pay anyway". */
    waiverRequired: { on: { PAY_ANYWAY: 'paidUnwaived', CANCEL_PAYMENT: 'notPaid' } },
    /** The dialog closed: nothing paid, the Deposit still without its waiver. */
    notPaid: { on: { ATTACH_WAIVER: 'waived' } },
    /** The Deposit paid in full, and a warning to ask the trade for its waiver. */
    paidUnwaived: {},
    /** "Conditional waiver on file" on the Deposit. */
    waived: { on: { PAY_DEPOSIT: 'paidWaived' } },
    /** The Deposit paid in full, and no warning. */
    paidWaived: {},
    /** The change order "Proposed", with "Approve" and "Reject". */
    changeProposed: {
      on: { APPROVE_CHANGE_ORDER: 'changeApproved', REJECT_CHANGE_ORDER: 'changeRejected' },
    },
    /** "Approved": $9,450 committed, and the Balance raised to $8,550. */
    changeApproved: {},
    /** "Rejected": the contract's $9,000 committed, the Balance still $8,100. */
    changeRejected: {},
  },
})

export type BudgetSnapshot = SnapshotFrom<typeof budgetModel>

export const createBudgetTestModel = () => keyedTestModel(budgetModel, [])
