import { beforeEach, describe, expect, it } from 'vitest'
import type { StepSlug } from '../../contract/construction'
import type { Timeline } from '../../contract/timeline'
import { dateProposals } from '../../server/db/schema'
import { call, callRaw } from '../support/call'
import { expectProblem, lastMail } from '../support/http'
import { austinPerTest, newClient } from './client-kit'
import { setToday } from './timeline-kit'
import { awardExcavation, bidRequest, digger, saveDesign, tradeCall, viewOf } from './trade-kit'

/**
 * The owner's answer to an awarded trade's proposed start (PRODUCT.md §14, §18a). From Monday
 * 4 March 2030 the plan has excavation on 15–16 April, steel from 17 April and shotcrete on the
 * 22nd; the trade proposes to dig from Monday 22 April.
 */
const { t, client } = austinPerTest()
const PROPOSED = '2030-04-22'
let trade: Record<string, string>
let proposalId: string

beforeEach(async () => {
  setToday(t, '2030-03-01')
  await saveDesign(t, client.headers)
  trade = await awardExcavation(t, client)
  await call(t, 'setTimelineStart', { body: { startDate: '2030-03-04' } }, client.headers)
  const dates = { start: PROPOSED, note: 'Our rig is on another job that week.' }
  viewOf(await tradeCall(t, 'PUT', '/api/trade/dates', trade, dates))
  const [proposal] = (await call(t, 'timeline', {}, client.headers)).proposals
  proposalId = proposal?.id ?? ''
})

const answer = (body: unknown, id = proposalId, headers: Record<string, string> = client.headers) =>
  callRaw(t, 'answerDateProposal', { id, body }, headers)
const timelineOf = (res: { statusCode: number; body: string }): Timeline => {
  expect(res.statusCode, res.body).toBe(200)
  return (JSON.parse(res.body) as { Data: Timeline }).Data
}
const forecastOf = (timeline: Timeline, step: StepSlug) =>
  timeline.steps.find((s) => s.step === step)?.forecast

describe("a trade's date proposal on the owner's Timeline", () => {
  it('is listed open, named by the trade’s company, with its note', async () => {
    const timeline = await call(t, 'timeline', {}, client.headers)
    expect(timeline.proposals).toEqual([
      {
        id: proposalId,
        step: 'excavation',
        company: digger.company,
        start: PROPOSED,
        note: 'Our rig is on another job that week.',
        status: 'open',
        createdAt: expect.any(String),
      },
    ])
    expect(forecastOf(timeline, 'excavation')).toEqual({ start: '2030-04-15', end: '2030-04-16' })
  })

  it('accepted, moves the forecast of the step and its followers, keeps the plan, tells the trade', async () => {
    const timeline = timelineOf(await answer({ status: 'accepted' }))
    expect(timeline.proposals.map((p) => p.status)).toEqual(['accepted'])
    expect(forecastOf(timeline, 'excavation')).toEqual({ start: PROPOSED, end: '2030-04-23' })
    expect(forecastOf(timeline, 'steel')?.start).toBe('2030-04-24')
    expect(forecastOf(timeline, 'shotcrete')?.start).toBe('2030-04-29')
    const excavation = timeline.steps.find((s) => s.step === 'excavation')
    expect(excavation?.planned).toEqual({ start: '2030-04-15', end: '2030-04-16' })
    expect(timeline.end.slipDays).toBe(7)
    const mail = await lastMail(t, digger.email)
    expect(mail.subject).toBe('Your proposed start for Excavation was accepted')
    expect(mail.text).toContain(
      'accepted your proposed start for Excavation: Monday, April 22, 2030',
    )
    // The trade's portal shows the step's dates as they now stand, no proposal open.
    const view = viewOf(await tradeCall(t, 'GET', '/api/trade', trade))
    expect(view.award?.dates).toMatchObject({ start: PROPOSED, proposed: null })
  })

  it('rejected, keeps the dates and tells the trade the owner keeps the plan', async () => {
    const timeline = timelineOf(await answer({ status: 'rejected' }))
    expect(timeline.proposals.map((p) => p.status)).toEqual(['rejected'])
    expect(forecastOf(timeline, 'excavation')).toEqual({ start: '2030-04-15', end: '2030-04-16' })
    expect(timeline.end.slipDays).toBe(0)
    const mail = await lastMail(t, digger.email)
    expect(mail.subject).toBe('Your proposed start for Excavation: the owner keeps the plan')
    expect(mail.text).toContain('start on Monday, April 15, 2030')
  })

  it('answers one proposal only, leaving the others open', async () => {
    const steel = await bidRequest(t, client, {
      trade: { ...digger, company: 'Rebar Co', email: 'rebar@trade.example', steps: ['steel'] },
      step: 'steel',
    })
    await t.app.db.insert(dateProposals).values({
      clientId: client.id,
      bidRequestId: steel.request.id,
      step: 'steel',
      start: PROPOSED,
    })
    const timeline = timelineOf(await answer({ status: 'accepted' }))
    const statuses = timeline.proposals.map((p) => [p.company, p.status])
    expect(statuses.toSorted()).toEqual([
      ['Deep Dig Co', 'accepted'],
      ['Rebar Co', 'open'],
    ])
  })

  it('is answered once: a second answer is refused with 409 PROPOSAL_ANSWERED', async () => {
    timelineOf(await answer({ status: 'rejected' }))
    expectProblem(await answer({ status: 'accepted' }), 409, 'PROPOSAL_ANSWERED')
    const timeline = await call(t, 'timeline', {}, client.headers)
    expect(forecastOf(timeline, 'excavation')?.start).toBe('2030-04-15')
  })

  it('is unknown (404) to another client, and to the owner under an id that is not one', async () => {
    const other = await newClient(t, 'other@example.com')
    expectProblem(await answer({ status: 'accepted' }, proposalId, other.headers), 404)
    for (const id of [crypto.randomUUID(), 'not-an-id'])
      expectProblem(await answer({ status: 'accepted' }, id), 404)
    const [row] = await t.app.db.select().from(dateProposals)
    expect(row?.status).toBe('open')
  })

  it('refuses a body that is no answer (400)', async () => {
    for (const body of [{ status: 'open' }, {}, { status: 'accepted', start: PROPOSED }])
      expectProblem(await answer(body), 400, 'VALIDATION_FAILED')
    const [row] = await t.app.db.select().from(dateProposals)
    expect(row?.status).toBe('open')
  })

  it("is not the trade's to answer: its session is refused", async () => {
    expectProblem(await answer({ status: 'accepted' }, proposalId, trade), 401)
    const [row] = await t.app.db.select().from(dateProposals)
    expect(row?.status).toBe('open')
  })
})
