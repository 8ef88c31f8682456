import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bidRequests } from '../../server/db/schema'
import { build } from '../support/build'
import { call } from '../support/call'
import { perTest } from '../support/per-test'
import { austinPerTest } from './client-kit'
import { mailsTo, steelTrade } from './bids-kit'
import { setToday } from './timeline-kit'

const PUBLIC_URL = 'https://pool.example.com'
const { t, client } = austinPerTest({ PUBLIC_URL })
/** A second server on the same database, whose job runs beside the first's. */
const second = perTest(
  () => build({ PUBLIC_URL }, { besides: t }),
  (made) => made.app.close(),
)

const today = (day: string) => {
  for (const made of [t, second]) setToday(made, day)
}
/** One run of both servers' jobs, at once. */
const run = () => Promise.all([t.app.bidReminders.run(), second.app.bidReminders.run()])

const reminders = async (email: string) =>
  (await mailsTo(email, t, second)).filter((mail) => mail.subject.startsWith('Reminder'))

async function requestOn(day: string, company: string, dueOn: string) {
  today(day)
  const trade = await steelTrade(t, client.headers, company)
  const body = { step: 'steel' as const, tradeIds: [trade.id], dueOn }
  const [made] = await call(t, 'requestBids', { body }, client.headers)
  return { trade, id: made?.id ?? '' }
}

describe('the due-date reminder', () => {
  it('goes out once, on the day before the due date, however many servers run', async () => {
    const { trade } = await requestOn('2030-03-01', 'Rebar Co', '2030-03-10')
    today('2030-03-08')
    await run()
    expect(await reminders(trade.email)).toEqual([])
    today('2030-03-09')
    await run()
    await run()
    const sent = await reminders(trade.email)
    expect(sent.map((mail) => mail.subject)).toEqual([
      'Reminder: your bid on Steel is due tomorrow',
    ])
    expect(sent[0]?.text).toContain('Sunday, March 10, 2030')
    today('2030-03-10')
    await run()
    expect((await reminders(trade.email)).length).toBe(1)
  })

  it('goes to trades that have not answered, and not for a request made that day', async () => {
    const viewed = await requestOn('2030-03-01', 'Viewed Co', '2030-03-10')
    const answered = await requestOn('2030-03-01', 'Answered Co', '2030-03-10')
    const withdrawn = await requestOn('2030-03-01', 'Withdrawn Co', '2030-03-10')
    const late = await requestOn('2030-03-09', 'Late Co', '2030-03-10')
    await t.app.db
      .update(bidRequests)
      .set({ status: 'viewed' })
      .where(eq(bidRequests.id, viewed.id))
    await t.app.db
      .update(bidRequests)
      .set({ status: 'declined', declineReason: 'Booked' })
      .where(eq(bidRequests.id, answered.id))
    await call(t, 'withdrawBidRequest', { id: withdrawn.id }, client.headers)
    today('2030-03-09')
    await run()
    expect((await reminders(viewed.trade.email)).length).toBe(1)
    for (const { trade } of [answered, withdrawn, late])
      expect(await reminders(trade.email)).toEqual([])
  })
})
