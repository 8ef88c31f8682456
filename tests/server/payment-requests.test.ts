import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Money } from '../../contract/money'
import { poolEntries, quotes } from '../../server/db/schema'
import { call, callRaw } from '../support/call'
import { expectProblem, json, lastMail } from '../support/http'
import { austinPerTest, stageIds } from './client-kit'
import { multipartBody, pdf, uploaded } from './files-kit'
import { pay, signed } from './money-kit'
import { setToday } from './timeline-kit'
import { bidRequest, digger, saveDesign, tradeCall, tradeSignIn, viewOf } from './trade-kit'

/**
 * "The trade asks to be paid" (PRODUCT.md §15): an awarded trade's payment request on a draw of
 * its contract, with its own invoice and conditional waiver; the owner's email, the request on
 * Money's draw, paid by a payment that covers it or declined by the owner.
 */
const { t, client } = austinPerTest()
let trade: Record<string, string>
/** Excavation's plan once the $15,800 bid is accepted: Deposit $1,000, Balance $14,800. */
let deposit: string
let balance: string

const ownOrigin = { origin: 'http://localhost:80', host: 'localhost:80' }

/** A PDF the trade uploads through its portal, as `kind`: its id. */
async function tradeUpload(kind: string, headers = trade) {
  const { payload, contentType } = await multipartBody(
    { kind },
    { name: `${kind}.pdf`, bytes: pdf() },
  )
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trade/files',
    headers: { ...headers, ...ownOrigin, 'content-type': contentType },
    payload,
  })
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { Data: { id: string } }).Data.id
}

async function acceptTheBid() {
  const [quote] = await t.app.db
    .select({ id: quotes.id })
    .from(quotes)
    .innerJoin(poolEntries, eq(poolEntries.id, quotes.entryId))
    .where(eq(poolEntries.clientId, client.id))
  const { excavation } = await stageIds(t)
  await call(
    t,
    'acceptQuote',
    { body: { StageId: excavation ?? '', quoteId: quote?.id ?? '', acknowledge: true } },
    client.headers,
  )
}

const money = () => call(t, 'money', {}, client.headers)
const drawsOf = (m: Money) => m.steps.find((s) => s.step === 'excavation')?.draws ?? []

beforeEach(async () => {
  setToday(t, '2030-03-01')
  await saveDesign(t, client.headers)
  trade = (await tradeSignIn(t, (await bidRequest(t, client)).token)).headers
  viewOf(await tradeCall(t, 'PUT', '/api/trade/bid', trade, { amount: 1_580_000, items: [] }))
  await acceptTheBid()
  ;[deposit, balance] = drawsOf(await money()).map((d) => d.id) as [string, string]
})

/** Another trade, asked to bid on the same step and not awarded it. */
async function unawardedTrade() {
  const trade = { ...digger, company: 'Other Dig', email: 'o@dig.example' }
  const { token } = await bidRequest(t, client, { trade })
  return tradeSignIn(t, token, trade.email)
}

/** The trade's request, with fresh uploads unless told which files. */
async function ask(body: Record<string, unknown> = {}, headers = trade) {
  const files =
    'invoiceFileId' in body
      ? {}
      : {
          invoiceFileId: await tradeUpload('invoice', headers),
          conditionalWaiverFileId: await tradeUpload('lien-waiver', headers),
        }
  return json(
    t.app,
    'POST',
    '/api/trade/payment-requests',
    { drawId: deposit, amount: 100_000, ...files, ...body },
    headers,
  )
}

describe("a trade's payment request", () => {
  it('is filed on a draw of its award: the trade sees it open, and so does Money', async () => {
    const invoiceFileId = await tradeUpload('invoice')
    const conditionalWaiverFileId = await tradeUpload('lien-waiver')
    const view = viewOf(await ask({ invoiceFileId, conditionalWaiverFileId, amount: 80_000 }), 201)
    const request = {
      id: expect.any(String),
      amount: 80_000,
      invoiceFileId,
      conditionalWaiverFileId,
      requestedAt: expect.any(String),
      status: 'open',
    }
    expect(view.payments).toEqual([{ ...request, drawId: deposit }])
    const [onDeposit, onBalance] = drawsOf(await money())
    expect(onDeposit?.requests).toEqual([request])
    expect(onDeposit?.conditionalWaiverFileId).toBe(conditionalWaiverFileId)
    expect(onBalance?.requests).toEqual([])
    expect(onBalance?.conditionalWaiverFileId).toBeNull()
    expect(viewOf(await tradeCall(t, 'GET', '/api/trade', trade)).payments).toHaveLength(1)
  })

  it("leaves a draw's conditional waiver as it is once it has one", async () => {
    const first = viewOf(await ask({ amount: 10_000 }), 201).payments[0]
    viewOf(await ask({ amount: 20_000 }), 201)
    expect(drawsOf(await money())[0]?.conditionalWaiverFileId).toBe(first?.conditionalWaiverFileId)
  })

  it('emails the owner who asks, how much, on which draw, with a link to the Budget', async () => {
    viewOf(await ask({ drawId: balance, amount: 500_000 }), 201)
    const mail = await lastMail(t, 'c@example.com')
    expect(mail.subject).toBe(`Payment requested by ${digger.company} for Excavation`)
    expect(mail.text).toContain('$5,000.00 on “Balance” of Excavation')
    expect(mail.text).toContain('/builder/budget')
  })

  it('asks at most what the draw still owes (409 PAYMENT_EXCEEDS_DRAW)', async () => {
    expectProblem(await ask({ amount: 100_001 }), 409, 'PAYMENT_EXCEEDS_DRAW')
    viewOf(await ask({ amount: 40_000 }), 201)
    expect((await pay(t, client.headers, deposit, 40_000)).statusCode).toBe(201)
    expectProblem(await ask({ amount: 60_001 }), 409, 'PAYMENT_EXCEEDS_DRAW')
    viewOf(await ask({ amount: 60_000 }), 201)
    expectProblem(await ask({ amount: 0 }), 400)
  })

  it('is refused before the award (409 NOT_AWARDED)', async () => {
    const other = await unawardedTrade()
    const problem = expectProblem(await ask({}, other.headers), 409, 'NOT_AWARDED')
    expect(problem.detail).toContain('once your bid is accepted')
  })

  it('is unknown (404) on a draw of another contract, or one that is not a draw', async () => {
    await signed(t, client.headers, 'steel', 900_000)
    const steel = (await money()).steps.find((s) => s.step === 'steel')?.draws[0]?.id
    expectProblem(await ask({ drawId: steel }), 404)
    expectProblem(await ask({ drawId: crypto.randomUUID() }), 404)
  })

  it("takes only the trade's own invoice and waiver, each of its kind", async () => {
    const owners = await uploaded(
      t,
      client.headers,
      { name: 'w.pdf', bytes: pdf() },
      {
        kind: 'lien-waiver',
      },
    )
    const invoiceFileId = await tradeUpload('invoice')
    const waiver = await tradeUpload('lien-waiver')
    const other = await tradeUpload('other')
    const fields = async (body: Record<string, unknown>) =>
      expectProblem(await ask(body), 400).errors ?? {}
    expect(
      Object.keys(await fields({ invoiceFileId, conditionalWaiverFileId: owners.id })),
    ).toEqual(['conditionalWaiverFileId'])
    expect(
      Object.keys(await fields({ invoiceFileId: other, conditionalWaiverFileId: waiver })),
    ).toEqual(['invoiceFileId'])
    expect(
      Object.keys(await fields({ invoiceFileId: waiver, conditionalWaiverFileId: invoiceFileId })),
    ).toEqual(['invoiceFileId', 'conditionalWaiverFileId'])
    expect(drawsOf(await money())[0]?.requests).toEqual([])
  })

  it('needs the trade session: the owner and nobody are refused', async () => {
    const body = {
      drawId: deposit,
      amount: 1,
      invoiceFileId: deposit,
      conditionalWaiverFileId: deposit,
    }
    expectProblem(
      await json(t.app, 'POST', '/api/trade/payment-requests', body, client.headers),
      401,
    )
    expectProblem(await json(t.app, 'POST', '/api/trade/payment-requests', body, {}), 401)
  })
})

describe('a payment request on the owner’s side', () => {
  const statusOf = async () => drawsOf(await money())[0]?.requests.map((r) => r.status)

  it('is paid by a payment on its draw that covers it, and open again if that payment goes', async () => {
    viewOf(await ask({ amount: 30_000 }), 201)
    viewOf(await ask({ amount: 50_000 }), 201)
    expect((await pay(t, client.headers, deposit, 40_000)).statusCode).toBe(201)
    expect(await statusOf()).toEqual(['paid', 'open'])
    const paid = await pay(t, client.headers, deposit, 60_000)
    expect(paid.statusCode).toBe(201)
    expect(await statusOf()).toEqual(['paid', 'paid'])
    const view = viewOf(await tradeCall(t, 'GET', '/api/trade', trade))
    expect(view.payments.map((p) => p.status)).toEqual(['paid', 'paid'])
    const last = drawsOf((paid.json() as { Data: Money }).Data)[0]?.payments.at(-1)?.id ?? ''
    expect((await callRaw(t, 'deletePayment', { id: last }, client.headers)).statusCode).toBe(200)
    expect(await statusOf()).toEqual(['paid', 'open'])
  })

  it('stays open under a payment smaller than it', async () => {
    viewOf(await ask({ amount: 80_000 }), 201)
    expect((await pay(t, client.headers, deposit, 10_000)).statusCode).toBe(201)
    expect(await statusOf()).toEqual(['open'])
  })

  it('may be declined by the owner, once', async () => {
    const [request] = viewOf(await ask(), 201).payments
    const decline = () =>
      callRaw(
        t,
        'declinePaymentRequest',
        { id: request?.id ?? '', body: { status: 'declined' } },
        client.headers,
      )
    expect((await decline()).statusCode).toBe(200)
    expect(await statusOf()).toEqual(['declined'])
    expect(viewOf(await tradeCall(t, 'GET', '/api/trade', trade)).payments[0]?.status).toBe(
      'declined',
    )
    expectProblem(await decline(), 409, 'PAYMENT_REQUEST_CLOSED')
    expect((await pay(t, client.headers, deposit, 100_000)).statusCode).toBe(201)
    expect(await statusOf()).toEqual(['declined'])
  })

  it('is unknown (404) under an id that is not one, and refuses a body other than declined', async () => {
    const [request] = viewOf(await ask(), 201).payments
    const id = request?.id ?? ''
    const body = { status: 'paid' }
    expectProblem(
      await callRaw(t, 'declinePaymentRequest', { id, body } as never, client.headers),
      400,
    )
    expectProblem(
      await callRaw(
        t,
        'declinePaymentRequest',
        { id: crypto.randomUUID(), body: { status: 'declined' } },
        client.headers,
      ),
      404,
    )
  })
})

describe("a trade's unconditional waiver", () => {
  /** The deposit paid in part on `paidOn`, its conditional waiver first sent with a request. */
  async function paidDeposit(paidOn = '2030-03-01') {
    viewOf(await ask({ amount: 100_000 }), 201)
    const body = { paidOn, amount: 40_000, method: 'check', reference: '1001' } as const
    const paid = await callRaw(t, 'recordPayment', { id: deposit, body }, client.headers)
    expect(paid.statusCode, paid.body).toBe(201)
  }
  const send = (body: Record<string, unknown>, headers = trade) =>
    json(t.app, 'PUT', '/api/trade/lien-waiver', body, headers)

  it('becomes the paid draw’s unconditional waiver: Money shows it, the warning goes, the portal stops asking', async () => {
    // Paid 11 days ago: the owner is told the unconditional waiver is missing.
    await paidDeposit('2030-02-18')
    const warned = (await money()).warnings.map((w) => w.code)
    expect(warned).toContain('MISSING_LIEN_WAIVER')
    const fileId = await tradeUpload('lien-waiver')
    const view = viewOf(await send({ drawId: deposit, fileId }))
    expect(view.award?.draws.map((d) => d.unconditionalWaiver)).toEqual([true, false])
    const after = await money()
    expect(drawsOf(after)[0]?.unconditionalWaiverFileId).toBe(fileId)
    expect(drawsOf(after)[0]?.lienWaiverFileId).toBe(fileId)
    expect(after.warnings.map((w) => w.code)).not.toContain('MISSING_LIEN_WAIVER')
  })

  it('waits for a payment on the draw, and keeps the waiver the owner holds (409)', async () => {
    const fileId = await tradeUpload('lien-waiver')
    const unpaid = expectProblem(await send({ drawId: deposit, fileId }), 409, 'CONFLICT')
    expect(unpaid.detail).toContain('has paid nothing on Deposit')
    await paidDeposit()
    viewOf(await send({ drawId: deposit, fileId }))
    const again = await tradeUpload('lien-waiver')
    const held = expectProblem(await send({ drawId: deposit, fileId: again }), 409, 'CONFLICT')
    expect(held.detail).toContain('already holds an unconditional waiver for Deposit')
    expect(drawsOf(await money())[0]?.unconditionalWaiverFileId).toBe(fileId)
  })

  it("takes only the trade's own lien waiver, on a draw of its own award", async () => {
    await paidDeposit()
    const owners = await uploaded(
      t,
      client.headers,
      { name: 'w.pdf', bytes: pdf() },
      {
        kind: 'lien-waiver',
      },
    )
    const invoice = await tradeUpload('invoice')
    for (const fileId of [owners.id, invoice]) {
      const problem = expectProblem(await send({ drawId: deposit, fileId }), 400)
      expect(Object.keys(problem.errors ?? {})).toEqual(['fileId'])
    }
    const fileId = await tradeUpload('lien-waiver')
    expectProblem(await send({ drawId: crypto.randomUUID(), fileId }), 404)
    expectProblem(await send({ drawId: deposit }), 400)
    expect(drawsOf(await money())[0]?.unconditionalWaiverFileId).toBeNull()
  })

  it('is refused before the award (409 NOT_AWARDED) and without the trade session (401)', async () => {
    const other = await unawardedTrade()
    const body = { drawId: deposit, fileId: deposit }
    expectProblem(await send(body, other.headers), 409, 'NOT_AWARDED')
    expectProblem(await send(body, client.headers), 401)
  })
})
