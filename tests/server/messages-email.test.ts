import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { MESSAGE_EMAIL_GAP_MS } from '../../contract/messages'
import type { TradeBody } from '../../contract/trades'
import { bidRequests } from '../../server/db/schema'
import type { TestApp } from '../support/build'
import { callRaw } from '../support/call'
import { header, mimeParts } from '../support/smtp'
import { newClient, serveAustin } from './client-kit'
import { postedOf, signedInManager } from './messages-kit'
import { notifyingServersPerTest } from './notify-kit'
import { setToday } from './timeline-kit'
import { bidRequest, digger, tradeSignIn } from './trade-kit'

type Headers = Record<string, string>

/**
 * The emails of new messages (PRODUCT.md §18) over real SMTP: the thread's other participants,
 * at most once an hour per thread each, however many servers; one-click unsubscribe stops them.
 * Sign-ins happen on `t` (whose outbox carries the codes); posts on servers that send by SMTP.
 */
const servers = notifyingServersPerTest()
const MAX = 'max@example.com'
const OWNER = 'c@example.com'
const withdrawnTrade: TradeBody = { ...digger, company: 'Gone Co', email: 'gone@trade.example' }
const steelTrade: TradeBody = {
  ...digger,
  company: 'Rebar Bros',
  email: 'rb@rebar.example',
  steps: ['steel'],
}

let t: TestApp
let senders: TestApp[]
let owner: { id: string; headers: Headers }
let manager: Headers
let trade: Headers

beforeEach(async () => {
  ;({ t, senders } = await servers.build(2, '3600'))
  setToday(t, '2030-03-01')
  await serveAustin(t)
  owner = await newClient(t, OWNER)
  manager = (await signedInManager(t, { email: MAX, name: 'Max', assignedTo: owner.id })).headers
  trade = (await tradeSignIn(t, (await bidRequest(t, owner)).token)).headers
  const gone = await bidRequest(t, owner, { trade: withdrawnTrade })
  await t.app.db
    .update(bidRequests)
    .set({ status: 'withdrawn' })
    .where(eq(bidRequests.id, gone.request.id))
  await bidRequest(t, owner, { step: 'steel', trade: steelTrade })
})

const sender = (i = 0) => {
  const made = senders[i]
  if (!made) throw new Error('no sender')
  return made
}
const post = async (as: Headers, text: string, on = sender()) =>
  postedOf(await callRaw(on, 'postMessage', { thread: 'excavation', body: { text } }, as))
const managerPost = async (text: string, on = sender()) => {
  const input = { clientId: owner.id, thread: 'excavation', body: { text } }
  return postedOf(await callRaw(on, 'postProjectMessage', input, manager))
}

/** The emails the SMTP server received for `to`, once every sender handed its mail over. */
async function mailsTo(to: string) {
  for (const s of senders) await s.app.mailer.flush()
  return servers.smtp.received.filter((m) => m.to.includes(to))
}
const textOf = (raw: string) => mimeParts(raw).find((p) => p.type === 'text/plain')?.body ?? ''
const headersOf = (raw: string) => raw.slice(0, raw.search(/\r?\n\r?\n/))

describe('message emails', () => {
  it('go to the other participants once an hour per thread, with a link and one-click unsubscribe', async () => {
    await post(owner.headers, 'Can you dig on Monday?')
    await post(owner.headers, 'Or Tuesday?')
    const [toMax, ...moreToMax] = await mailsTo(MAX)
    expect(moreToMax).toEqual([])
    expect(await mailsTo(digger.email)).toHaveLength(1)
    expect(await mailsTo(OWNER)).toEqual([])
    expect(await mailsTo(withdrawnTrade.email)).toEqual([])
    expect(await mailsTo(steelTrade.email)).toEqual([])

    const text = textOf(toMax?.raw ?? '')
    expect(text).toContain('Can you dig on Monday?')
    expect(text).toContain(`https://pool.example.com/admin/projects/${owner.id}?thread=excavation`)
    const head = headersOf(toMax?.raw ?? '')
    expect(header(head, 'list-unsubscribe')).toMatch(
      /^<https:\/\/pool\.example\.com\/api\/unsubscribe\/.+>$/,
    )
    expect(header(head, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const [toTrade] = await mailsTo(digger.email)
    expect(textOf(toTrade?.raw ?? '')).toContain('Open your bid request link')

    await managerPost('Monday works.')
    const [toOwner] = await mailsTo(OWNER)
    expect(textOf(toOwner?.raw ?? '')).toContain(
      'https://pool.example.com/builder/messages?thread=excavation',
    )
    // The trade had its email about this thread this hour; the manager wrote this one.
    expect(await mailsTo(digger.email)).toHaveLength(1)
    expect(await mailsTo(MAX)).toHaveLength(1)

    for (const s of senders) s.clock.advance(MESSAGE_EMAIL_GAP_MS)
    await post(owner.headers, 'See you Monday.')
    expect(await mailsTo(MAX)).toHaveLength(2)
    expect(await mailsTo(digger.email)).toHaveLength(2)
    expect(await mailsTo(OWNER)).toHaveLength(1)
  })

  it('reach a step trade from the owner and the manager, and the owner from the trade', async () => {
    const fromTrade = postedOf(
      await callRaw(sender(), 'postTradeMessage', { body: { text: 'Soil is rocky.' } }, trade),
    )
    expect(fromTrade.author.name).toBe(digger.company)
    expect(await mailsTo(OWNER)).toHaveLength(1)
    expect(await mailsTo(MAX)).toHaveLength(1)
    expect(await mailsTo(digger.email)).toEqual([])
  })

  it('go out once from several servers posting at once', async () => {
    await Promise.all([
      post(owner.headers, 'From one', sender(0)),
      post(owner.headers, 'From two', sender(1)),
    ])
    expect(await mailsTo(MAX)).toHaveLength(1)
    expect(await mailsTo(digger.email)).toHaveLength(1)
  })

  it('stop for a recipient who unsubscribed, and only for them', async () => {
    await post(owner.headers, 'First')
    const [toMax] = await mailsTo(MAX)
    const link = /<https:\/\/pool\.example\.com\/api\/unsubscribe\/([^>]+)>/.exec(
      header(headersOf(toMax?.raw ?? ''), 'list-unsubscribe') ?? '',
    )
    const token = link?.[1] ?? ''
    const res = await callRaw(t, 'unsubscribe', { token })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ Data: { turnedOff: 'messages' } })
    const page = await callRaw(t, 'unsubscribePage', { token })
    expect(page.body).toContain('new messages')

    for (const s of senders) s.clock.advance(MESSAGE_EMAIL_GAP_MS)
    await post(owner.headers, 'Second')
    expect(await mailsTo(MAX)).toHaveLength(1)
    expect(await mailsTo(digger.email)).toHaveLength(2)
  })
})
