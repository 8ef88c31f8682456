/**
 * The accountant's bill imports (PRODUCT.md §15, §18a): a bill per draw of every contract, from
 * the Money the Budget shows. A bill is dated the day its draw falls due; while the timeline
 * cannot tell that day, the day of the export.
 */
import type { Money } from '../../../contract/money'
import type { StepSlug } from '../../../contract/construction'
import { csvDollars, csvOf } from './csv'
import { usDate } from './us-date'

/** Who each contract pays: its trade's company, else the accepted quote's vendor. */
export type Claimants = Partial<Record<StepSlug, string>>

type Bill = {
  number: string
  vendor: string
  /** YYYY-MM-DD */
  date: string
  memo: string
  amount: number
}

function billsOf(money: Money, claimants: Claimants, today: string): Bill[] {
  return money.steps.flatMap(({ step, title, contract, draws }) =>
    contract
      ? draws.map((draw) => ({
          number: `${step}-${draw.label}`,
          vendor: claimants[step] ?? contract.vendor,
          date: draw.dueOn ?? today,
          memo: `${title}: ${draw.label}`,
          amount: draw.amount,
        }))
      : [],
  )
}

export const QUICKBOOKS_FIELDS = [
  'Bill No',
  'Vendor',
  'Bill Date',
  'Due Date',
  'Memo',
  'Account',
  'Line Description',
  'Line Amount',
] as const

export const XERO_FIELDS = [
  '*ContactName',
  '*InvoiceNumber',
  '*InvoiceDate',
  '*DueDate',
  'Description',
  '*Quantity',
  '*UnitAmount',
  '*AccountCode',
  '*TaxType',
] as const

/** QuickBooks Online's bill import, account "Pool construction". */
export const quickbooksCsv = (money: Money, claimants: Claimants, today: string) =>
  csvOf(
    QUICKBOOKS_FIELDS,
    billsOf(money, claimants, today).map((bill) => [
      bill.number,
      bill.vendor,
      usDate(bill.date),
      usDate(bill.date),
      bill.memo,
      'Pool construction',
      bill.memo,
      csvDollars(bill.amount),
    ]),
  )

/** Xero's bill import: one line of quantity 1, account code POOL, tax exempt. */
export const xeroCsv = (money: Money, claimants: Claimants, today: string) =>
  csvOf(
    XERO_FIELDS,
    billsOf(money, claimants, today).map((bill) => [
      bill.vendor,
      bill.number,
      bill.date,
      bill.date,
      bill.memo,
      1,
      csvDollars(bill.amount),
      'POOL',
      'Tax Exempt',
    ]),
  )
