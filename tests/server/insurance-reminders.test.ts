import { beforeEach, describe, expect, it } from 'vitest'
import type { z } from 'zod/mini'
import type { Trade, TradeBody } from '../../contract/trades'
import { notificationLog } from '../../server/db/schema'
import type { TestApp } from '../support/build'
import { call, callRaw } from '../support/call'
import { header, mimeParts } from '../support/smtp'
import { entryOf, newClient, quote, serveAustin, stageIds } from './client-kit'
import { notifyingServersPerTest } from './notify-kit'
import { emailsWithout, setToday } from './timeline-kit'

type NewTrade = z.input<typeof TradeBody>

const notifying = notifyingServersPerTest()
const { smtp } = notifying
/** The server the client uses. */
let t: TestApp
/** Servers on the same database whose jobs (run by the tests) email through the SMTP listener. */
let senders: TestApp[]
let client: Awaited<ReturnType<typeof newClient>>
let steel: string

/** The steel trade's cover ends on Tuesday, April 30, 2030. */
const EXPIRES = '2030-04-30'

const steelWorks = {
  company: 'Steel Works',
  contact: 'Sal',
  email: 'sal@steel.example',
  steps: ['steel'],
  licenceNumber: '7654321',
  licenceClass: 'C-50',
  licenceCheckedOn: '2030-02-20',
  insuranceExpiresOn: EXPIRES,
  compExempt: true,
} satisfies NewTrade

async function servers(count: number) {
  ;({ t, senders } = await notifying.build(count, '3600'))
  await serveAustin(t)
  client = await newClient(t, 'pat@example.com')
  steel = (await stageIds(t)).steel ?? ''
}

const today = (day: string) => {
  for (const made of [t, ...senders]) setToday(made, day)
}

/** One run of every sender's job, all at once. */
const run = () => Promise.all(senders.map((made) => made.app.notifier.run()))

const mails = () => smtp.received.filter((m) => header(m.raw, 'subject')?.includes('insurance'))

/** The trade, on `day`, quoting for steel: the quote accepted unless told otherwise. */
async function steelTrade(day: string, { accepted = true } = {}): Promise<Trade> {
  today(day)
  const trade: Trade = await call(t, 'createTrade', { body: steelWorks }, client.headers)
  const body = { StageId: steel, ...quote('Steel Works'), tradeId: trade.id }
  const added = await callRaw(t, 'addQuote', { body }, client.headers)
  const quoteId = entryOf(added).quotes[0]?.id ?? ''
  if (accepted) {
    // Its insurance may end within 30 days: a warning the owner acknowledges.
    const accept = { StageId: steel, quoteId, acknowledge: true }
    expect((await callRaw(t, 'acceptQuote', { body: accept }, client.headers)).statusCode).toBe(200)
  }
  return trade
}

/** The log's insurance rows: each reminder's window, in the order claimed, and whether sent. */
async function logged() {
  const rows = await t.app.db.select().from(notificationLog)
  return rows
    .filter((row) => row.kind === 'insurance')
    .sort((a, b) => a.id - b.id)
    .map((row) => ({ window: row.subject.split('/')[1], onDate: row.onDate, sent: !!row.sentAt }))
}

describe('the insurance reminders of a trade holding an accepted quote', () => {
  beforeEach(() => servers(1))

  it('go out once in each window, 30, 14 and 7 days before the cover ends', async () => {
    await steelTrade('2030-03-01')
    const expected: [string, number][] = [
      ['2030-03-30', 0],
      ['2030-03-31', 1],
      ['2030-04-15', 1],
      ['2030-04-16', 2],
      ['2030-04-22', 2],
      ['2030-04-23', 3],
      ['2030-04-29', 3],
      ['2030-04-30', 3],
    ]
    for (const [day, count] of expected) {
      today(day)
      await run()
      await run()
      expect(mails(), day).toHaveLength(count)
    }
    expect(await logged()).toEqual(
      ['30', '14', '7'].map((window) => ({ window, onDate: EXPIRES, sent: true })),
    )
    const [mail] = mails()
    if (!mail) throw new Error('no reminder')
    expect(mail.to).toEqual(['pat@example.com'])
    expect(header(mail.raw, 'subject')).toBe(
      'The insurance of Steel Works ends on Tuesday, April 30, 2030',
    )
    const headers = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/))
    expect(header(headers, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const link = (header(headers, 'list-unsubscribe') ?? '').slice(1, -1)
    for (const part of mimeParts(mail.raw)) {
      expect(part.body).toContain('Steel Works')
      expect(part.body).toContain('https://pool.example.com/builder/trades')
      expect(part.body).toContain(link)
    }

    const page = await t.app.inject({ method: 'GET', url: new URL(link).pathname })
    expect(page.body).toContain("Stop the emails about trades' insurance?")
    // The one-click unsubscribe turns this switch off, and only it.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.json()).toEqual({ Data: { turnedOff: 'tradeInsurance' } })
    expect((await callRaw(t, 'notifications', {}, client.headers)).json()).toEqual({
      Data: {
        inspectionReminders: true,
        stepUpdates: true,
        warrantyReminders: true,
        tradeInsurance: false,
      },
    })
  })

  it('start with the window the expiry was entered in, never an earlier one', async () => {
    await steelTrade('2030-04-18')
    await run()
    today('2030-04-19')
    await run()
    expect(await logged()).toEqual([{ window: '14', onDate: EXPIRES, sent: true }])
    expect(mails()).toHaveLength(1)
  })

  it('go out anew for a later expiry date', async () => {
    const trade = await steelTrade('2030-03-31')
    await run()
    const later = { ...steelWorks, insuranceExpiresOn: '2030-05-31' }
    expect(
      (await callRaw(t, 'editTrade', { id: trade.id, body: later }, client.headers)).statusCode,
    ).toBe(200)
    await run()
    today('2030-05-01')
    await run()
    expect(await logged()).toEqual([
      { window: '30', onDate: EXPIRES, sent: true },
      { window: '30', onDate: '2030-05-31', sent: true },
    ])
    expect(mails()).toHaveLength(2)
  })

  it('are not sent for a quote not accepted', async () => {
    await steelTrade('2030-03-31', { accepted: false })
    await run()
    expect(mails()).toEqual([])
  })

  it('are not sent once the step is done', async () => {
    await steelTrade('2030-03-01')
    const done = { StageId: steel, done: true }
    expect((await callRaw(t, 'markDone', { body: done }, client.headers)).statusCode).toBe(200)
    today('2030-03-31')
    await run()
    expect(mails()).toEqual([])
  })

  it('are not sent with the switch off', async () => {
    await steelTrade('2030-03-01')
    await emailsWithout(t, client.headers, 'tradeInsurance')
    today('2030-03-31')
    await run()
    expect(mails()).toEqual([])
    expect(await logged()).toEqual([])
  })
})

describe('two servers on one database', () => {
  it('send each insurance reminder once between them, running at once', async () => {
    await servers(2)
    await steelTrade('2030-03-31')
    await run()
    await run()
    expect(mails()).toHaveLength(1)
    expect(await logged()).toEqual([{ window: '30', onDate: EXPIRES, sent: true }])
  })
})
