import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { dayIn } from '../../contract'
import { notificationLog } from '../../server/db/schema'
import { todayOf } from '../../server/lib/today'
import { call, callRaw } from '../support/call'
import { bearer, signIn } from '../support/http'
import { austinPerTest } from './client-kit'
import { steelTrade } from './bids-kit'
import { bidRequest, saveDesign, tradeCall, tradeSignIn, viewOf } from './trade-kit'
import { permitsDone } from './timeline-kit'

const {
  t,
  admin,
  client: austin,
} = austinPerTest({
  NOTIFY_INTERVAL: '3600',
  PUBLIC_URL: 'https://pool.example.com',
})

type Client = { id: string; headers: Record<string, string> }

/** Honolulu served, and a client there. */
async function honoluluClient(): Promise<Client> {
  await call(t, 'createCity', { body: { name: 'Honolulu', state: 'HI', permitFee: 30_000 } }, admin)
  const details = { city: 'Honolulu', state: 'HI' }
  const { session } = await signIn(t, 'h@example.com', { asNewClient: true, details })
  return { id: session.userData.id, headers: bearer(session.Token) }
}

const at = (instant: string) =>
  t.clock.advance(new Date(instant).getTime() - t.clock.now().getTime())

/** 23:30 UTC on March 4 is still March 4 in Austin (17:30) and Honolulu (13:30). */
const EVENING = '2030-03-04T23:30:00Z'
/** 03:30 UTC on March 5 is the server's March 5, but Austin's (21:30) and Honolulu's (17:30) March 4. */
const NIGHT = '2030-03-05T03:30:00Z'

const startOn = (client: Client, startedOn: string) =>
  callRaw(t, 'setStepStarted', { body: { step: 'steel', startedOn } }, client.headers)

describe("a project's today is its city's day", () => {
  it('is the day of the clock in the zone of the city', () => {
    expect(dayIn(new Date(NIGHT), 'America/Chicago')).toBe('2030-03-04')
    expect(dayIn(new Date(NIGHT), 'Pacific/Honolulu')).toBe('2030-03-04')
    expect(dayIn(new Date(NIGHT), 'UTC')).toBe('2030-03-05')
    at(NIGHT)
    expect(todayOf(t.app, 'America/Chicago')).toBe('2030-03-04')
  })

  it.each([EVENING, NIGHT])(
    'at %s, takes a step started on March 4 and refuses one on March 5, in Austin and Honolulu',
    async (instant) => {
      const honolulu = await honoluluClient()
      at('2030-03-01T18:00:00Z')
      for (const client of [austin, honolulu])
        await call(t, 'setTimelineStart', { body: { startDate: '2030-03-04' } }, client.headers)
      at(instant)
      for (const client of [austin, honolulu]) {
        const future = await startOn(client, '2030-03-05')
        expect(future.statusCode, future.body).toBe(400)
        expect(future.json().errors).toEqual({ startedOn: ['A step cannot start after today'] })
        expect((await startOn(client, '2030-03-04')).statusCode).toBe(200)
      }
    },
  )

  it.each([EVENING, NIGHT])(
    'at %s, answers the timeline on March 4 and records a step done that day',
    async (instant) => {
      const honolulu = await honoluluClient()
      at(instant)
      for (const client of [austin, honolulu]) {
        await permitsDone(t, client.headers)
        const timeline = await call(t, 'timeline', {}, client.headers)
        expect(timeline.today).toBe('2030-03-04')
        const done = timeline.steps.filter((step) => step.doneOn !== null)
        expect(done.map((step) => step.doneOn)).toEqual(['2030-03-04', '2030-03-04', '2030-03-04'])
      }
    },
  )

  it.each([EVENING, NIGHT])(
    'at %s, reminds both of an inspection on March 5, the morrow of their day',
    async (instant) => {
      const honolulu = await honoluluClient()
      at('2030-03-01T18:00:00Z')
      for (const client of [austin, honolulu]) {
        await call(t, 'setTimelineStart', { body: { startDate: '2030-03-04' } }, client.headers)
        await permitsDone(t, client.headers)
        const scheduled = { status: 'scheduled' as const, date: '2030-03-05' }
        await call(t, 'recordInspection', { slug: 'layout', body: scheduled }, client.headers)
      }
      at(instant)
      await t.app.notifier.run()
      const claimed = await t.app.db
        .select({ clientId: notificationLog.clientId, onDate: notificationLog.onDate })
        .from(notificationLog)
        .where(eq(notificationLog.kind, 'inspection-tomorrow'))
      expect(claimed).toEqual(
        expect.arrayContaining([
          { clientId: austin.id, onDate: '2030-03-05' },
          { clientId: honolulu.id, onDate: '2030-03-05' },
        ]),
      )
      expect(claimed).toHaveLength(2)
    },
  )

  it.each([EVENING, NIGHT])(
    'at %s, reminds the trades of a bid due March 5, the morrow of their day',
    async (instant) => {
      const honolulu = await honoluluClient()
      at('2030-03-01T18:00:00Z')
      for (const client of [austin, honolulu]) {
        const trade = await steelTrade(t, client.headers, 'Rebar Co')
        const body = { step: 'steel' as const, tradeIds: [trade.id], dueOn: '2030-03-05' }
        await call(t, 'requestBids', { body }, client.headers)
      }
      at(instant)
      expect(await t.app.bidReminders.run()).toBe(2)
    },
  )

  it("takes a trade's bid on the due date of the project's city, and shows its zone", async () => {
    const honolulu = await honoluluClient()
    at('2030-03-01T18:00:00Z')
    await saveDesign(t, honolulu.headers)
    const { token } = await bidRequest(t, honolulu, { dueOn: '2030-03-04' })
    at(NIGHT)
    const trade = (await tradeSignIn(t, token)).headers
    const view = viewOf(await tradeCall(t, 'GET', '/api/trade', trade))
    expect(view.project.timeZone).toBe('Pacific/Honolulu')
    const bid = { amount: 1_580_000, items: [] }
    // The server's March 5, Honolulu's March 4: still open.
    viewOf(await tradeCall(t, 'PUT', '/api/trade/bid', trade, bid))
  })

  it("carries the zone to the session, the state's while the city is not served", async () => {
    const hilo = await signIn(t, 'h@example.com', {
      asNewClient: true,
      details: { city: 'Hilo', state: 'HI' },
    })
    expect(hilo.session.userData).toMatchObject({ timeZone: 'Pacific/Honolulu' })
    const again = await signIn(t, 'c@example.com')
    expect(again.session.userData).toMatchObject({ timeZone: 'America/Chicago' })
  })

  it("follows the admin changing the city's zone, at once", async () => {
    at('2030-03-01T18:00:00Z')
    await call(t, 'setTimelineStart', { body: { startDate: '2030-03-04' } }, austin.headers)
    at(NIGHT)
    expect((await startOn(austin, '2030-03-05')).statusCode).toBe(400)
    const [city] = (await call(t, 'adminFetch', {}, admin)).Cities
    await call(t, 'editCity', { id: city?.id ?? '', body: { timeZone: 'Europe/Berlin' } }, admin)
    // 04:30 on March 5 in Berlin.
    expect((await startOn(austin, '2030-03-05')).statusCode).toBe(200)
    expect((await signIn(t, 'c@example.com')).session.userData).toMatchObject({
      timeZone: 'Europe/Berlin',
    })
  })
})
