import type { TestParam } from 'xstate/graph'
import type { BudgetModelEvent, BudgetSnapshot } from './budget.model'
import type { Driver } from './driver'

/** The trade whose quote for Excavation is the contract, and the quote's vendor. */
export const TRADE = 'Dig Co'
/** Its quote, in cents: a Deposit of $900 (10 %) and a Balance of $8,100. */
export const CONTRACT_CENTS = 900_000
const CHANGE = 'Drain under the deep end'
const WAIVER = 'dig-co-conditional-waiver.jpg'
const REFUSED = `Before paying “Deposit”, get a conditional waiver from ${TRADE}: without one, they may still lien your home for this money.`
const UNWAIVED = `Excavation was paid without a conditional waiver from ${TRADE}: ask for it.`

/** "Add change order" on the Budget: `description`, and $450. */
async function addChangeOrder(d: Driver, description: string) {
  await d.click('button', 'Add change order')
  await d.fill('Description', description)
  await d.fill('Amount', '450')
  await d.click('button', 'Add change order')
}

/**
 * How the owner does each event of the budget model, and what each of its states shows, through
 * a driver: the same walk runs in jsdom and in Chromium.
 */
export function budgetWalk(d: Driver): TestParam<BudgetSnapshot, BudgetModelEvent> {
  const budget = async () => {
    await d.expectScreen('Budget', '/builder/budget')
    await d.expectRole('heading', 'Excavation')
    await d.expectText(TRADE)
  }
  /** The Budget with no dialog open, the Deposit as `deposit` says. */
  const deposit = async (deposit: string) => {
    await budget()
    await d.expectNoRole('dialog')
    await d.expectText(deposit)
  }
  const unpaid = () => deposit('$0 paid of $900')
  const paid = () => deposit('Paid in full, $900')
  const unwaived = async () => {
    await unpaid()
    await d.expectText('No conditional waiver')
    await d.expectNoRole('heading', 'Warnings')
  }

  return {
    events: {
      PAY_DEPOSIT: async () => {
        await d.clickInItem('Deposit', 'button', 'Record payment')
        await d.click('button', 'Record payment')
      },
      PAY_ANYWAY: () => d.click('button', 'Pay anyway'),
      CANCEL_PAYMENT: () => d.click('button', 'Cancel'),
      ATTACH_WAIVER: async () => {
        await d.clickInItem('Deposit', 'button', 'Attach conditional waiver')
        await d.upload(WAIVER, 'Upload a lien waiver')
      },
      ADD_CHANGE_ORDER: () => addChangeOrder(d, CHANGE),
      APPROVE_CHANGE_ORDER: () => d.click('button', 'Approve'),
      REJECT_CHANGE_ORDER: () => d.click('button', 'Reject'),
    },
    states: {
      contract: async () => {
        await unwaived()
        await d.expectText('No change orders.')
      },
      notPaid: unwaived,
      waiverRequired: async () => {
        await budget()
        await d.expectRole('dialog', 'Record payment — Excavation, Deposit')
        await d.expectRole('alert', REFUSED)
        await d.expectRole('link', 'Conditional waiver (PDF)')
        await d.expectRole('button', 'Pay anyway')
        // Nothing was recorded.
        await d.expectText('$0 paid of $900')
      },
      paidUnwaived: async () => {
        await paid()
        await d.expectRole('heading', 'Warnings')
        await d.expectText(UNWAIVED)
      },
      waived: async () => {
        await unpaid()
        await d.expectText('Conditional waiver on file')
      },
      paidWaived: async () => {
        await paid()
        await d.expectText('Conditional waiver on file')
        await d.expectNoRole('heading', 'Warnings')
      },
      changeProposed: async () => {
        await unpaid()
        await d.expectText(CHANGE)
        await d.expectText(/^Proposed$/)
        await d.expectRole('button', 'Approve')
        await d.expectRole('button', 'Reject')
      },
      changeApproved: async () => {
        await unpaid()
        await d.expectText(/^Approved$/)
        await d.expectNoRole('button', 'Approve')
        await d.expectText('$9,450')
        await d.expectText('$0 paid of $8,550')
      },
      changeRejected: async () => {
        await unpaid()
        await d.expectText(/^Rejected$/)
        await d.expectNoRole('button', 'Reject')
        await d.expectText('$0 paid of $8,100')
      },
    },
  }
}
