import { and, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Notice, NoticeBody } from '../../contract/notices'
import { auditLog } from '../../server/db/schema'
import { call, callRaw } from '../support/call'
import { expectProblem, lastMail, snapshot } from '../support/http'
import { austinPerTest, clientPerTest, entryOf, put, stageIds } from './client-kit'
import { pdf, png, uploaded } from './files-kit'
import { drawId, getMoney, moneyOf, stepIn } from './money-kit'
import { setToday } from './timeline-kit'
import { digger } from './trade-kit'

const { t, client } = austinPerTest()
const other = clientPerTest(t, 'other@example.com')
beforeEach(() => setToday(t, '2030-03-01'))

type Headers = Record<string, string>

const newNotice = (tradeId: string, claimant = 'Rebar Supply Inc'): NoticeBody => ({
  claimant,
  role: 'supplier',
  tradeId,
  receivedOn: '2030-02-25',
  amount: 120_000,
  address: '1 Steel Way, Austin TX',
})

const addNotice = (body: unknown, headers: Headers = client.headers) =>
  callRaw(t, 'createNotice', { body }, headers)

const noticeOf = async (tradeId: string, claimant?: string): Promise<Notice> => {
  const res = await addNotice(newNotice(tradeId, claimant))
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { Data: Notice }).Data
}

const waiverFile = async (headers: Headers = client.headers) =>
  uploaded(t, headers, { name: 'waiver.pdf', bytes: pdf() }, { kind: 'lien-waiver' })

/** Excavation's contract with the digger's quote: answers the trade and the Deposit's id. */
async function tradeContract(headers: Headers = client.headers) {
  const trade = await call(t, 'createTrade', { body: digger }, headers)
  const StageId = (await stageIds(t)).excavation
  const body = { StageId, vendor: digger.company, amount: 800_000, tradeId: trade.id }
  const quote = entryOf(await put(t, '/api/add-quote', body, headers)).quotes.at(-1)
  const accepted = await callRaw(
    t,
    'acceptQuote',
    { body: { StageId, quoteId: quote?.id } },
    headers,
  )
  expect(accepted.statusCode, accepted.body).toBe(200)
  return { trade, deposit: await drawId(t, headers, 'excavation', 0) }
}

const payment = { paidOn: '2030-03-01', amount: 50_000, method: 'check', reference: '1001' }
const pay = (id: string, extra: object = {}) =>
  callRaw(t, 'recordPayment', { id, body: { ...payment, ...extra } }, client.headers)

const attach = (id: string, fileId: string, kind?: 'conditional' | 'unconditional') =>
  callRaw(t, 'setLienWaiver', { id, body: { fileId, ...(kind ? { kind } : {}) } }, client.headers)

const attachForNotice = (
  id: string,
  noticeId: string,
  fileId: string,
  kind: 'conditional' | 'unconditional',
) => callRaw(t, 'setNoticeWaiver', { id, noticeId, body: { fileId, kind } }, client.headers)

const warningCodes = async () =>
  stepIn(await getMoney(t, client.headers), 'excavation').warnings.map((w) => w.code)

describe('preliminary notices', () => {
  it('are recorded, listed oldest first, edited and deleted', async () => {
    const { trade } = await tradeContract()
    const first = await noticeOf(trade.id)
    expect(first).toMatchObject({ ...newNotice(trade.id), id: expect.any(String) })
    const later = { ...newNotice(trade.id, 'Pump Rentals'), receivedOn: '2030-02-27' }
    const second = (await call(t, 'createNotice', { body: later }, client.headers)).id
    const bare: NoticeBody = {
      claimant: 'Lou Laborer',
      role: 'laborer',
      tradeId: trade.id,
      receivedOn: '2030-02-20',
    }
    const third = await call(t, 'createNotice', { body: bare }, client.headers)
    expect(third).toMatchObject({ amount: null, address: null })
    const listed = await call(t, 'notices', {}, client.headers)
    expect(listed.map((n) => n.id)).toEqual([third.id, first.id, second])
    const edited = await call(
      t,
      'editNotice',
      { id: first.id, body: { ...newNotice(trade.id), role: 'equipment', amount: null } },
      client.headers,
    )
    expect(edited).toMatchObject({ id: first.id, role: 'equipment', amount: null })
    expect(await call(t, 'deleteNotice', { id: second }, client.headers)).toEqual({ id: second })
    expect((await call(t, 'notices', {}, client.headers)).map((n) => n.id)).toEqual([
      third.id,
      first.id,
    ])
  })

  it('refuses bad fields and a trade that is not the client’s, changing nothing', async () => {
    const { trade } = await tradeContract()
    const theirs = await call(t, 'createTrade', { body: digger }, other.headers)
    const before = await snapshot(t)
    for (const [body, field] of [
      [{ ...newNotice(trade.id), claimant: ' ' }, 'claimant'],
      [{ ...newNotice(trade.id), role: 'owner' }, 'role'],
      [{ ...newNotice(trade.id), receivedOn: '2030-02-30' }, 'receivedOn'],
      [{ ...newNotice(trade.id), amount: -1 }, 'amount'],
      [newNotice(theirs.id), 'tradeId'],
      [newNotice(crypto.randomUUID()), 'tradeId'],
    ] as const) {
      const problem = expectProblem(await addNotice(body), 400, 'VALIDATION_FAILED')
      expect(Object.keys(problem.errors ?? {})).toEqual([field])
    }
    expect(await snapshot(t)).toBe(before)
  })

  it('are the owner’s own: another client’s notice is unknown (404)', async () => {
    const { trade } = await tradeContract(other.headers)
    const notice = await call(t, 'createNotice', { body: newNotice(trade.id) }, other.headers)
    const mine = await call(t, 'createTrade', { body: digger }, client.headers)
    const before = await snapshot(t)
    const edit = { id: notice.id, body: newNotice(mine.id) }
    expectProblem(await callRaw(t, 'editNotice', edit, client.headers), 404, 'NOT_FOUND')
    expectProblem(
      await callRaw(t, 'deleteNotice', { id: notice.id }, client.headers),
      404,
      'NOT_FOUND',
    )
    expect(await call(t, 'notices', {}, client.headers)).toEqual([])
    expect(await snapshot(t)).toBe(before)
  })

  it('go with their trade when it is deleted', async () => {
    const trade = await call(t, 'createTrade', { body: digger }, client.headers)
    await noticeOf(trade.id)
    await call(t, 'deleteTrade', { id: trade.id }, client.headers)
    expect(await call(t, 'notices', {}, client.headers)).toEqual([])
  })
})

describe('a draw’s waivers', () => {
  it('are a conditional and an unconditional one, and one of each per notice of its trade', async () => {
    const { trade, deposit } = await tradeContract()
    const notice = await noticeOf(trade.id)
    const [conditional, unconditional, claimant] = [
      await waiverFile(),
      await waiverFile(),
      await waiverFile(),
    ]
    moneyOf(await attach(deposit, conditional.id, 'conditional'))
    moneyOf(await attach(deposit, unconditional.id))
    const money = moneyOf(await attachForNotice(deposit, notice.id, claimant.id, 'conditional'))
    const [draw, balance] = stepIn(money, 'excavation').draws
    expect(draw).toMatchObject({
      conditionalWaiverFileId: conditional.id,
      unconditionalWaiverFileId: unconditional.id,
      lienWaiverFileId: unconditional.id,
      noticeWaivers: [
        {
          noticeId: notice.id,
          claimant: 'Rebar Supply Inc',
          conditionalWaiverFileId: claimant.id,
          unconditionalWaiverFileId: null,
        },
      ],
    })
    expect(balance?.noticeWaivers).toEqual([
      {
        noticeId: notice.id,
        claimant: 'Rebar Supply Inc',
        conditionalWaiverFileId: null,
        unconditionalWaiverFileId: null,
      },
    ])
    const unlinked = await callRaw(
      t,
      'setLienWaiver',
      { id: deposit, body: { fileId: null, kind: 'conditional' } },
      client.headers,
    )
    expect(stepIn(moneyOf(unlinked), 'excavation').draws[0]).toMatchObject({
      conditionalWaiverFileId: null,
      unconditionalWaiverFileId: unconditional.id,
    })
  })

  it('must be lien-waiver documents, and a notice of the draw’s trade', async () => {
    const { trade, deposit } = await tradeContract()
    const notice = await noticeOf(trade.id)
    const tiler = await call(
      t,
      'createTrade',
      { body: { ...digger, email: 'tim@tile.example', steps: ['tile'] } },
      client.headers,
    )
    const elsewhere = await noticeOf(tiler.id, 'Tile Depot')
    const photo = await uploaded(t, client.headers, { name: 'site.png', bytes: await png() })
    const waiver = await waiverFile()
    const before = await snapshot(t)
    expectProblem(await attach(deposit, photo.id, 'conditional'), 409, 'NOT_A_LIEN_WAIVER')
    expectProblem(
      await attachForNotice(deposit, notice.id, photo.id, 'unconditional'),
      409,
      'NOT_A_LIEN_WAIVER',
    )
    expectProblem(await attachForNotice(deposit, elsewhere.id, waiver.id, 'conditional'), 404)
    expectProblem(
      await attachForNotice(deposit, crypto.randomUUID(), waiver.id, 'conditional'),
      404,
    )
    expectProblem(await attach(deposit, waiver.id, 'partial' as 'conditional'), 400)
    expect(await snapshot(t)).toBe(before)
  })
})

describe('paying a trade’s draw', () => {
  it('is refused without the trade’s conditional waiver, recording nothing', async () => {
    const { deposit } = await tradeContract()
    const before = await snapshot(t)
    const problem = expectProblem(await pay(deposit), 409, 'WAIVER_REQUIRED')
    expect(problem.detail).toContain('Deep Dig Co')
    expect(problem.errors).toEqual({ WAIVER_REQUIRED: ['Deep Dig Co'] })
    expect(await snapshot(t)).toBe(before)
    moneyOf(await attach(deposit, (await waiverFile()).id, 'conditional'))
    const paid = stepIn(moneyOf(await pay(deposit), 201), 'excavation')
    expect(paid.draws[0]?.paid).toBe(50_000)
    expect(paid.warnings.map((w) => w.code)).toEqual([])
  })

  it('names a notice claimant whose conditional waiver is missing', async () => {
    const { trade, deposit } = await tradeContract()
    const notice = await noticeOf(trade.id)
    moneyOf(await attach(deposit, (await waiverFile()).id, 'conditional'))
    const before = await snapshot(t)
    const problem = expectProblem(await pay(deposit), 409, 'WAIVER_REQUIRED')
    expect(problem.detail).toContain('Rebar Supply Inc')
    expect(problem.detail).not.toContain('Deep Dig Co')
    expect(problem.errors).toEqual({ WAIVER_REQUIRED: ['Rebar Supply Inc'] })
    expect(await snapshot(t)).toBe(before)
    const waiver = await waiverFile()
    moneyOf(await attachForNotice(deposit, notice.id, waiver.id, 'conditional'))
    moneyOf(await pay(deposit), 201)
  })

  it('keeps today’s rules on a contract with no trade', async () => {
    const StageId = (await stageIds(t)).excavation
    const body = { StageId, vendor: 'Dig Co', amount: 800_000 }
    const quote = entryOf(await put(t, '/api/add-quote', body, client.headers)).quotes.at(-1)
    const res = await callRaw(
      t,
      'acceptQuote',
      { body: { StageId, quoteId: quote?.id } },
      client.headers,
    )
    expect(res.statusCode).toBe(200)
    moneyOf(await pay(await drawId(t, client.headers, 'excavation', 0)), 201)
  })

  it('goes through with acknowledge, audited, and warns CONDITIONAL_MISSING until it comes', async () => {
    const { trade, deposit } = await tradeContract()
    await noticeOf(trade.id)
    const money = moneyOf(await pay(deposit, { acknowledge: true }), 201)
    const paid = stepIn(money, 'excavation')
    expect(paid.draws[0]?.paid).toBe(50_000)
    const warning = paid.warnings.find((w) => w.code === 'CONDITIONAL_MISSING')
    expect(warning?.message).toBe(
      'Excavation was paid without a conditional waiver from Deep Dig Co and Rebar Supply Inc: ask for it.',
    )
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment'), eq(auditLog.actorId, client.id)))
    expect(rows).toMatchObject([
      {
        action: 'create',
        entityId: paid.draws[0]?.payments[0]?.id,
        after: {
          drawId: deposit,
          amount: 50_000,
          acknowledged: { waiversMissing: ['Deep Dig Co', 'Rebar Supply Inc'] },
        },
      },
    ])
    moneyOf(await attach(deposit, (await waiverFile()).id, 'conditional'))
    const [notice] = await call(t, 'notices', {}, client.headers)
    moneyOf(
      await attachForNotice(deposit, notice?.id ?? '', (await waiverFile()).id, 'conditional'),
    )
    expect(await warningCodes()).not.toContain('CONDITIONAL_MISSING')
  })

  it('is not audited when nothing was missing, acknowledge or not', async () => {
    const { deposit } = await tradeContract()
    moneyOf(await attach(deposit, (await waiverFile()).id, 'conditional'))
    moneyOf(await pay(deposit, { acknowledge: true }), 201)
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.entity, 'payment'))).toEqual([])
    expect(await warningCodes()).toEqual([])
  })

  it('emails the trade for its unconditional waiver', async () => {
    const { deposit } = await tradeContract()
    moneyOf(await attach(deposit, (await waiverFile()).id, 'conditional'))
    moneyOf(await pay(deposit), 201)
    const mail = await lastMail(t, digger.email)
    expect(mail.subject).toBe('Please send your unconditional waiver for Excavation')
    expect(mail.text).toContain('Hello Dee Digger,')
    expect(mail.text).toContain(
      'a payment of $500 to Deep Dig Co on Friday, March 1, 2030 for “Deposit”',
    )
    expect(mail.text).toContain('Unconditional Waiver and Release on Progress Payment')
    expect(mail.html).toContain('Please send your unconditional waiver for Excavation')
  })
})

describe('the waivers’ warnings', () => {
  /** Step warnings 9 days after the payment (none), then these 10 days after it. */
  async function tenDaysAfter(expected: { code: string; message: string }) {
    setToday(t, '2030-03-10')
    expect(await warningCodes()).toEqual([])
    setToday(t, '2030-03-11')
    expect(stepIn(await getMoney(t, client.headers), 'excavation').warnings).toEqual([expected])
  }

  it('MISSING_LIEN_WAIVER: no unconditional waiver 10 days after a payment', async () => {
    const { deposit } = await tradeContract()
    moneyOf(await attach(deposit, (await waiverFile()).id, 'conditional'))
    moneyOf(await pay(deposit), 201)
    await tenDaysAfter({
      code: 'MISSING_LIEN_WAIVER',
      message:
        'A payment on Excavation is 10 or more days old without an unconditional lien waiver',
    })
    moneyOf(await attach(deposit, (await waiverFile()).id))
    expect(await warningCodes()).toEqual([])
  })

  it('NOTICE_UNWAIVED: a claimant with no unconditional waiver 10 days after a payment', async () => {
    const { trade, deposit } = await tradeContract()
    const notice = await noticeOf(trade.id)
    moneyOf(await attach(deposit, (await waiverFile()).id, 'conditional'))
    moneyOf(await attach(deposit, (await waiverFile()).id))
    moneyOf(await attachForNotice(deposit, notice.id, (await waiverFile()).id, 'conditional'))
    moneyOf(await pay(deposit), 201)
    await tenDaysAfter({
      code: 'NOTICE_UNWAIVED',
      message:
        'Rebar Supply Inc sent a preliminary notice and has no unconditional waiver for a payment on Excavation made 10 or more days ago.',
    })
    moneyOf(await attachForNotice(deposit, notice.id, (await waiverFile()).id, 'unconditional'))
    expect(await warningCodes()).toEqual([])
  })
})
