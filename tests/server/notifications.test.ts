import { setTimeout as sleep } from 'node:timers/promises'
import { beforeEach, describe, expect, it } from 'vitest'
import { unsubscribeToken } from '../../server/lib/unsubscribe-token'
import { NOTIFY_LEASE_MS } from '../../server/plugins/app/notifications/notification-log'
import { notificationLog } from '../../server/db/schema'
import type { TestApp } from '../support/build'
import { expectProblem } from '../support/http'
import { callRaw } from '../support/call'
import { header, mimeParts } from '../support/smtp'
import { newClient, serveAustin } from './client-kit'
import { notifyingServersPerTest } from './notify-kit'
import { permitsDone, setToday } from './timeline-kit'

const REMINDER = 'Layout inspection tomorrow'

const notifying = notifyingServersPerTest()
const { smtp } = notifying
/** The server the client uses; its mail (sign-in codes) goes to the outbox. */
let t: TestApp
/** Servers on the same database whose jobs email through the SMTP listener. */
let senders: TestApp[]
let client: Awaited<ReturnType<typeof newClient>>

async function servers(count: number, notifyInterval: string) {
  ;({ t, senders } = await notifying.build(count, notifyInterval))
  return senders[0] ?? t
}

/** A client whose layout inspection is scheduled for April 10, 2030; today is `today`. */
async function inspectionOnApril10(today: string) {
  await serveAustin(t)
  client = await newClient(t, 'pat@example.com')
  for (const made of [t, ...senders]) setToday(made, '2030-03-01')
  expect(
    (await callRaw(t, 'setTimelineStart', { body: { startDate: '2030-03-04' } }, client.headers))
      .statusCode,
  ).toBe(200)
  await permitsDone(t, client.headers)
  const scheduled = { status: 'scheduled', date: '2030-04-10' }
  expect(
    (await callRaw(t, 'recordInspection', { slug: 'layout', body: scheduled }, client.headers))
      .statusCode,
  ).toBe(200)
  for (const made of [t, ...senders]) setToday(made, today)
}

const reminders = () => smtp.received.filter((m) => header(m.raw, 'subject') === REMINDER)

/** Waits (the job runs every second) until `count` reminders came, then 3 more runs. */
async function expectReminders(count: number) {
  for (let waited = 0; reminders().length < count && waited < 15_000; waited += 100)
    await sleep(100)
  await sleep(3_500)
  expect(reminders()).toHaveLength(count)
}

describe('the inspection reminder, from the job running every NOTIFY_INTERVAL=1 second', () => {
  beforeEach(async () => {
    await servers(1, '1')
  })

  it('arrives once, the day before, as text and HTML with a one-click unsubscribe', async () => {
    await inspectionOnApril10('2030-04-08')
    await sleep(2_500)
    expect(reminders()).toEqual([])

    for (const made of [t, ...senders]) setToday(made, '2030-04-09')
    await expectReminders(1)
    const [mail] = reminders()
    if (!mail) throw new Error('no reminder')
    expect(mail.to).toEqual(['pat@example.com'])
    const headers = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/))
    const link = header(headers, 'list-unsubscribe') ?? ''
    expect(link).toMatch(/^<https:\/\/pool\.example\.com\/api\/unsubscribe\/[\w.-]+>$/)
    expect(header(headers, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const parts = mimeParts(mail.raw)
    expect(parts.map((p) => p.type).sort()).toEqual(['text/html', 'text/plain'])
    const url = link.slice(1, -1)
    for (const part of parts) {
      expect(part.body).toContain('Wednesday, April 10, 2030')
      expect(part.body).toContain(url)
    }
  })

  it('stops after the one-click unsubscribe (RFC 8058), and its page changes nothing', async () => {
    await inspectionOnApril10('2030-04-09')
    await expectReminders(1)
    const headers = reminders()[0]?.raw ?? ''
    const path = new URL((header(headers, 'list-unsubscribe') ?? '').slice(1, -1)).pathname

    const page = await t.app.inject({ method: 'GET', url: path })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.body).toContain('Stop the emails about inspections?')
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>')
    const before = await callRaw(t, 'notifications', {}, client.headers)
    expect(before.json()).toEqual({
      Data: {
        inspectionReminders: true,
        stepUpdates: true,
        warrantyReminders: true,
        tradeInsurance: true,
      },
    })

    // As a mail provider posts it: a form, from no browser origin.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.statusCode, oneClick.body).toBe(200)
    expect(oneClick.json()).toEqual({ Data: { turnedOff: 'inspectionReminders' } })
    const after = await callRaw(t, 'notifications', {}, client.headers)
    expect(after.json()).toEqual({
      Data: {
        inspectionReminders: false,
        stepUpdates: true,
        warrantyReminders: true,
        tradeInsurance: true,
      },
    })

    // Moved to the 11th, the inspection is tomorrow again: a new reminder, not sent.
    const moved = { status: 'scheduled', date: '2030-04-11' }
    expect(
      (await callRaw(t, 'recordInspection', { slug: 'layout', body: moved }, client.headers))
        .statusCode,
    ).toBe(200)
    for (const made of [t, ...senders]) setToday(made, '2030-04-10')
    await expectReminders(1)
  })

  it('stops with its server: nothing is sent once the server closed', async () => {
    await inspectionOnApril10('2030-04-08')
    for (const made of senders) await made.app.close()
    for (const made of [t, ...senders]) setToday(made, '2030-04-09')
    await sleep(2_500)
    // Not even claimed: the closed server's job no longer runs.
    expect(await t.app.db.select().from(notificationLog)).toEqual([])
    expect(reminders()).toEqual([])
  })

  it('answers 404 to a link that is not ours', async () => {
    const payload = Buffer.from(`${crypto.randomUUID()}:stepUpdates`).toString('base64url')
    const forged = `${payload}.${'A'.repeat(22)}`
    expectProblem(await callRaw(t, 'unsubscribe', { token: forged }), 404)
    expectProblem(await callRaw(t, 'unsubscribePage', { token: 'nothing' }), 404)
  })

  it('answers 404 to our own link once its client is gone', async () => {
    const token = unsubscribeToken(t.app.keys.unsubscribe, {
      clientId: crypto.randomUUID(),
      turnOff: 'stepUpdates',
    })
    for (const name of ['unsubscribe', 'unsubscribePage'] as const)
      expect(expectProblem(await callRaw(t, name, { token }), 404).detail).toBe(
        'This unsubscribe link is not valid.',
      )
  })
})

describe('two servers on one database', () => {
  it('send the reminder once between them', async () => {
    await servers(2, '1')
    await inspectionOnApril10('2030-04-09')
    await expectReminders(1)
    await Promise.all(senders.map((made) => made.app.notifier.run()))
    expect(reminders()).toHaveLength(1)
  })
})

describe('a server that dies between claiming an email and sending it', () => {
  const notice = (clientId: string) => ({
    clientId,
    kind: 'inspection-tomorrow' as const,
    subject: 'layout',
    onDate: '2030-04-10',
  })

  let sender: TestApp
  beforeEach(async () => {
    sender = await servers(1, '3600')
  })

  it('leaves a claim to one server until the lease ends, then to one other', async () => {
    await serveAustin(t)
    client = await newClient(t, 'pat@example.com')
    const log = sender.app.notificationLog
    const now = sender.clock.now()
    const later = (ms: number) => new Date(now.getTime() + ms)

    const [claimed] = await log.claim([notice(client.id)], now)
    expect(claimed).toMatchObject(notice(client.id))
    expect(await log.claim([notice(client.id)], later(1))).toEqual([])
    expect(await log.reclaim(later(NOTIFY_LEASE_MS - 1_000))).toEqual([])
    expect(await log.reclaim(later(NOTIFY_LEASE_MS + 1_000))).toEqual([claimed])
    expect(await log.reclaim(later(NOTIFY_LEASE_MS + 1_000))).toEqual([])
    await log.markSent(claimed?.id ?? 0, later(NOTIFY_LEASE_MS + 2_000))
    expect(await log.reclaim(later(10 * NOTIFY_LEASE_MS))).toEqual([])
  })

  it('has its email sent once by a later run', async () => {
    await inspectionOnApril10('2030-04-09')
    // The dead server's claim: made, never sent.
    await sender.app.notificationLog.claim([notice(client.id)], sender.clock.now())
    await sender.app.notifier.run()
    expect(reminders()).toEqual([])

    sender.clock.advance(NOTIFY_LEASE_MS + 1_000)
    await sender.app.notifier.run()
    await sender.app.notifier.run()
    expect(reminders()).toHaveLength(1)
  })

  it('has its email dropped, not sent, when the client turned that email off meanwhile', async () => {
    await inspectionOnApril10('2030-04-09')
    await sender.app.notificationLog.claim([notice(client.id)], sender.clock.now())
    await sender.app.notificationPreferences.turnOff(client.id, 'inspectionReminders')

    sender.clock.advance(NOTIFY_LEASE_MS + 1_000)
    await sender.app.notifier.run()
    expect(reminders()).toEqual([])
    expect(await t.app.db.select().from(notificationLog)).toEqual([])
  })
})

describe('step updates', () => {
  const subjects = () => smtp.received.map((m) => header(m.raw, 'subject')).sort()

  it('say once that a step can start and once that it runs late, until turned off', async () => {
    const sender = await servers(1, '3600')
    await serveAustin(t)
    client = await newClient(t, 'pat@example.com')
    for (const made of [t, ...senders]) setToday(made, '2030-03-01')
    const start = { startDate: '2030-03-04' }
    expect((await callRaw(t, 'setTimelineStart', { body: start }, client.headers)).statusCode).toBe(
      200,
    )
    await sender.app.notifier.run()
    expect(subjects()).toEqual([])

    for (const made of [t, ...senders]) setToday(made, '2030-03-04')
    await sender.app.notifier.run()
    await sender.app.notifier.run()
    expect(subjects()).toEqual(['Pool Design can start'])

    // Pool Design's baseline ends on the 8th, its forecast today; Engineering's moves with it.
    for (const made of [t, ...senders]) setToday(made, '2030-03-12')
    await sender.app.notifier.run()
    await sender.app.notifier.run()
    expect(subjects()).toEqual([
      'Engineering is running late',
      'Pool Design can start',
      'Pool Design is running late',
    ])

    // Turned off from a browser, through the page's form: the answer is a page.
    const turnOff = 'stepUpdates' as const
    const token = unsubscribeToken(sender.app.keys.unsubscribe, {
      clientId: client.id,
      turnOff,
    })
    const form = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${token}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        'sec-fetch-site': 'same-origin',
      },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(form.statusCode, form.body).toBe(200)
    expect(form.body).toContain('You will no longer get emails about step updates.')

    // Pool Design done: Engineering can start, but no email says so.
    expect(
      (
        await callRaw(
          t,
          'markDone1',
          { body: { Title: 'Pool Design', done: true } },
          client.headers,
        )
      ).statusCode,
    ).toBe(200)
    await sender.app.notifier.run()
    expect(subjects()).toHaveLength(3)
  })

  it('say a step runs late once it has started, before its baseline start has come', async () => {
    const sender = await servers(1, '3600')
    const admin = await serveAustin(t)
    client = await newClient(t, 'pat@example.com')
    for (const made of [t, ...senders]) setToday(made, '2030-03-01')
    const start = { startDate: '2030-03-04' }
    expect((await callRaw(t, 'setTimelineStart', { body: start }, client.headers)).statusCode).toBe(
      200,
    )
    const started = { step: 'pool-design', startedOn: '2030-03-01' }
    expect((await callRaw(t, 'setStepStarted', { body: started }, client.headers)).statusCode).toBe(
      200,
    )
    // Pool Design now takes four weeks: its forecast ends 3 weeks after its baseline's end.
    const longer = { durationDays: 20, waitDays: 0 }
    expect(
      (await callRaw(t, 'editSchedule', { step: 'pool-design', body: longer }, admin)).statusCode,
    ).toBe(200)
    await sender.app.notifier.run()
    expect(subjects()).toEqual(['Pool Design is running late'])
  })
})
