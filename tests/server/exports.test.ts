import type { LightMyRequestResponse } from 'fastify'
import Papa from 'papaparse'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Money } from '../../contract/money'
import { callRaw } from '../support/call'
import { expectProblem } from '../support/http'
import { joined, pdfText } from '../support/pdf-text'
import { austinPerTest } from './client-kit'
import { getMoney, signed, stepIn } from './money-kit'
import { setToday } from './timeline-kit'

/**
 * The exports for the accountant and the lender (PRODUCT.md §15, §18a), parsed back: exact
 * headers, and every figure the one the Budget's Money shows.
 */
const { t, client } = austinPerTest()
const TODAY = '2030-04-20'

const payOn = async (drawId: string, amount: number, paidOn: string) => {
  const body = { paidOn, amount, method: 'check', reference: '' }
  const res = await callRaw(t, 'recordPayment', { id: drawId, body }, client.headers)
  expect(res.statusCode, res.body).toBe(201)
}

let money: Money

beforeEach(async () => {
  setToday(t, TODAY)
  await signed(t, client.headers, 'excavation', 1_580_000)
  await signed(t, client.headers, 'steel', 2_400_050)
  const before = await getMoney(t, client.headers)
  const [digDeposit, digBalance] = stepIn(before, 'excavation').draws
  const [steelDeposit] = stepIn(before, 'steel').draws
  await payOn(digDeposit?.id ?? '', 100_000, '2030-03-10')
  await payOn(digBalance?.id ?? '', 500_000, '2030-04-05')
  await payOn(steelDeposit?.id ?? '', 100_000, '2030-04-18')
  money = await getMoney(t, client.headers)
})

function csvOf(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?[a-z0-9-]+\.csv"?$/)
  expect(res.body).toContain('\r\n')
  const parsed = Papa.parse<Record<string, string>>(res.body, { header: true })
  expect(parsed.errors).toEqual([])
  return { fields: parsed.meta.fields, rows: parsed.data }
}

const dollars = (cents: number) => (cents / 100).toFixed(2)
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`

/** Every draw of every contract, as Money has them. */
const bills = () =>
  money.steps
    .filter((step) => step.contract)
    .flatMap((step) => step.draws.map((draw) => ({ step, draw })))

describe('the bill imports', () => {
  it('QuickBooks: a bill per draw, its exact columns, dated the day it falls due or today', async () => {
    const { fields, rows } = csvOf(await callRaw(t, 'quickbooksBills', {}, client.headers))
    expect(fields).toEqual([
      'Bill No',
      'Vendor',
      'Bill Date',
      'Due Date',
      'Memo',
      'Account',
      'Line Description',
      'Line Amount',
    ])
    expect(rows).toEqual(
      bills().map(({ step, draw }) => ({
        'Bill No': `${step.step}-${draw.label}`,
        Vendor: 'Dig Co',
        'Bill Date': us(draw.dueOn ?? TODAY),
        'Due Date': us(draw.dueOn ?? TODAY),
        Memo: `${step.title}: ${draw.label}`,
        Account: 'Pool construction',
        'Line Description': `${step.title}: ${draw.label}`,
        'Line Amount': dollars(draw.amount),
      })),
    )
    expect(rows.map((row) => row['Bill No'])).toContain('excavation-Deposit')
    expect(rows.find((row) => row['Bill No'] === 'steel-Balance')?.['Line Amount']).toBe('23000.50')
  })

  it('Xero: a bill per draw, its exact columns, quantity 1, POOL, tax exempt', async () => {
    const { fields, rows } = csvOf(await callRaw(t, 'xeroBills', {}, client.headers))
    expect(fields).toEqual([
      '*ContactName',
      '*InvoiceNumber',
      '*InvoiceDate',
      '*DueDate',
      'Description',
      '*Quantity',
      '*UnitAmount',
      '*AccountCode',
      '*TaxType',
    ])
    expect(rows).toEqual(
      bills().map(({ step, draw }) => ({
        '*ContactName': 'Dig Co',
        '*InvoiceNumber': `${step.step}-${draw.label}`,
        '*InvoiceDate': draw.dueOn ?? TODAY,
        '*DueDate': draw.dueOn ?? TODAY,
        Description: `${step.title}: ${draw.label}`,
        '*Quantity': '1',
        '*UnitAmount': dollars(draw.amount),
        '*AccountCode': 'POOL',
        '*TaxType': 'Tax Exempt',
      })),
    )
  })

  it('are the builder’s alone', async () => {
    expectProblem(await callRaw(t, 'quickbooksBills', {}, {}), 401)
    expectProblem(await callRaw(t, 'xeroBills', {}, {}), 401)
  })
})

describe('the schedule of values (AIA G703)', () => {
  const schedule = (through: string) =>
    callRaw(t, 'scheduleOfValuesCsv', { query: { through } }, client.headers)

  it('splits what was paid before the month of the through date from what was paid in it', async () => {
    const { fields, rows } = csvOf(await schedule('2030-04-15'))
    expect(fields).toEqual([
      'A Item No.',
      'B Description of Work',
      'C Scheduled Value',
      'D From Previous Application',
      'E This Period',
      'F Materials Presently Stored',
      'G Total Completed and Stored to Date',
      'G ÷ C (%)',
      'H Balance to Finish',
      'I Retainage',
    ])
    const excavation = stepIn(money, 'excavation')
    const steel = stepIn(money, 'steel')
    const total = excavation.committed + steel.committed
    expect(rows).toEqual([
      {
        'A Item No.': '1',
        'B Description of Work': excavation.title,
        'C Scheduled Value': dollars(excavation.committed),
        'D From Previous Application': '1000.00',
        'E This Period': '5000.00',
        'F Materials Presently Stored': '0.00',
        'G Total Completed and Stored to Date': '6000.00',
        'G ÷ C (%)': ((600_000 / excavation.committed) * 100).toFixed(2),
        'H Balance to Finish': dollars(excavation.committed - 600_000),
        'I Retainage': '0.00',
      },
      {
        'A Item No.': '2',
        'B Description of Work': steel.title,
        'C Scheduled Value': dollars(steel.committed),
        'D From Previous Application': '0.00',
        'E This Period': '0.00',
        'F Materials Presently Stored': '0.00',
        'G Total Completed and Stored to Date': '0.00',
        'G ÷ C (%)': '0.00',
        'H Balance to Finish': dollars(steel.committed),
        'I Retainage': '0.00',
      },
      {
        'A Item No.': '',
        'B Description of Work': 'Totals',
        'C Scheduled Value': dollars(total),
        'D From Previous Application': '1000.00',
        'E This Period': '5000.00',
        'F Materials Presently Stored': '0.00',
        'G Total Completed and Stored to Date': '6000.00',
        'G ÷ C (%)': ((600_000 / total) * 100).toFixed(2),
        'H Balance to Finish': dollars(total - 600_000),
        'I Retainage': '0.00',
      },
    ])
  })

  it('totals the committed and the paid of the Budget once every payment is through', async () => {
    const { rows } = csvOf(await schedule(TODAY))
    const totals = rows.at(-1)
    expect(totals?.['C Scheduled Value']).toBe(dollars(money.totals.committed))
    expect(totals?.['G Total Completed and Stored to Date']).toBe(dollars(money.totals.paid))
    expect(totals?.['H Balance to Finish']).toBe(dollars(money.totals.remaining))
  })

  it('as a PDF: the continuation sheet with the same totals', async () => {
    const res = await callRaw(
      t,
      'scheduleOfValuesPdf',
      { query: { through: TODAY } },
      client.headers,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    const text = joined(await pdfText(res.rawPayload))
    expect(text).toContain('CONTINUATION SHEET')
    expect(text).toContain(`Period to: ${TODAY}`)
    const printed = (cents: number) =>
      (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })
    expect(text).toContain(`Totals ${printed(money.totals.committed)}`)
    expect(text).toContain(printed(money.totals.paid))
  })

  it('needs a through date as YYYY-MM-DD (400)', async () => {
    expectProblem(await schedule('15/04/2030'), 400)
    expectProblem(await callRaw(t, 'scheduleOfValuesCsv', {}, client.headers), 400)
    expectProblem(
      await callRaw(t, 'scheduleOfValuesPdf', { query: { through: 'x' } }, client.headers),
      400,
    )
  })
})
