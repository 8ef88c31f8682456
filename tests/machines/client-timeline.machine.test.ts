import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import {
  clientMachine,
  initialClientContext,
  parseClientContext,
  type ClientCall,
  type ClientCallResult,
  type ClientContext,
  type ClientWrite,
} from '../../machines/client/client.machine'
import { createFakeTimelineApi } from '../app/builder/timeline-fake'
import { stageEntry, uuid } from './fixtures'

/** How long the fake server takes to answer, in simulated milliseconds. */
const LATENCY = 200

/**
 * The client actor on a simulated clock: the fake port answers `LATENCY` ms after each call,
 * so a test sees the actor busy until it moves the clock. `refuse` rejects the calls it names.
 */
function start(
  restored: ClientContext = initialClientContext(),
  refuse: Partial<Record<ClientCall['name'], Error>> = {},
) {
  const clock = new SimulatedClock()
  const api = createFakeTimelineApi()
  const calls: ClientCall[] = []
  const saved: ClientContext[] = []
  const answer = async (call: ClientCall): Promise<ClientCallResult> => {
    const refusal = refuse[call.name]
    if (refusal) throw refusal
    if (call.name === 'markDone') return { name: 'markDone', data: stageEntry(1, call.body.done) }
    if (call.name === 'rotateCalendarToken') {
      return { name: call.name, data: { url: `https://poolpath.test/api/calendar/${uuid(9)}.ics` } }
    }
    return api.handle(call)
  }
  const port = (call: ClientCall) =>
    new Promise<ClientCallResult>((resolve, reject) => {
      calls.push(call)
      clock.setTimeout(() => answer(call).then(resolve, reject), LATENCY)
    })
  const machine = clientMachine.provide({
    actors: { clientCall: fromPromise(({ input }: { input: ClientCall }) => port(input)) },
    actions: { persist: (_, context) => void saved.push(context) },
  })
  const actor = createActor(machine, { input: { restored }, clock }).start()
  /** Moves the clock past one answer and lets its promise settle. */
  const answered = async () => {
    clock.increment(LATENCY)
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { actor, calls, saved, answered }
}

const request = (actor: ReturnType<typeof start>['actor'], call: ClientWrite) =>
  actor.send({ type: 'client.callRequested', call })

describe('client machine: the timeline', () => {
  it('holds the fetched timeline and saves it, reading beside the writes', async () => {
    const { actor, saved, answered } = start()
    actor.send({ type: 'list.requested', list: 'timeline' })
    expect(actor.getSnapshot().matches({ timeline: 'reading' })).toBe(true)
    expect(actor.getSnapshot().hasTag('busy')).toBe(false)
    await answered()
    const { timeline } = actor.getSnapshot().context
    expect(timeline?.startDate).toBeNull()
    expect(timeline?.steps).toHaveLength(13)
    expect(saved).toHaveLength(1)
  })

  it('takes the dated plan a start date answers', async () => {
    const { actor, answered } = start()
    request(actor, { name: 'setTimelineStart', body: { startDate: '2026-06-01' } })
    await answered()
    const { timeline } = actor.getSnapshot().context
    expect(timeline?.startDate).toBe('2026-06-01')
    expect(timeline?.steps[0]?.planned).toEqual({ start: '2026-06-01', end: '2026-06-05' })
    expect(timeline?.baseline?.end).toBe(timeline?.end.planned)
  })

  it('fetches the timeline held again after a step is marked done, the write being settled', async () => {
    const { actor, calls, saved, answered } = start()
    request(actor, { name: 'setTimelineStart', body: { startDate: '2026-06-01' } })
    await answered()
    request(actor, { name: 'markDone', body: { StageId: uuid(1), done: true } })
    await answered()
    expect(actor.getSnapshot().matches({ writes: 'ready', timeline: 'reading' })).toBe(true)
    expect(actor.getSnapshot().hasTag('busy')).toBe(false)
    expect(calls.at(-1)).toEqual({ name: 'timeline' })
    await answered()
    expect(actor.getSnapshot().matches({ timeline: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.poolData.poolChoices).toEqual([stageEntry(1, true)])
    expect(actor.getSnapshot().context.timeline?.steps[4]?.step).toBe('steel')
    expect(saved.at(-1)?.poolData.poolChoices).toEqual([stageEntry(1, true)])
  })

  it('does not fetch a timeline it never held', async () => {
    const { actor, calls, answered } = start()
    request(actor, { name: 'markDone', body: { StageId: uuid(1), done: true } })
    await answered()
    expect(actor.getSnapshot().matches({ writes: 'ready', timeline: 'idle' })).toBe(true)
    expect(calls.map((c) => c.name)).toEqual(['markDone'])
  })

  it('keeps the server’s words when a gated step is refused', async () => {
    const detail = 'Pre-gunite inspection must pass before Shotcrete is done.'
    const { actor, calls, answered } = start(initialClientContext(), {
      markDone: Object.assign(new Error(detail), {
        status: 409,
        code: 'INSPECTION_REQUIRED',
        detail,
      }),
    })
    request(actor, { name: 'setTimelineStart', body: { startDate: '2026-06-01' } })
    await answered()
    request(actor, { name: 'markDone', body: { StageId: uuid(1), done: true } })
    await answered()
    expect(actor.getSnapshot().context.failure?.message).toBe(detail)
    expect(calls.at(-1)?.name).toBe('markDone')
  })

  it('holds the email switches', async () => {
    const { actor, answered } = start()
    const off = {
      inspectionReminders: false,
      stepUpdates: true,
      warrantyReminders: true,
      tradeInsurance: true,
    }
    request(actor, { name: 'setNotifications', body: off })
    await answered()
    expect(actor.getSnapshot().context.notifications).toEqual(off)
  })

  it('saves neither the timeline nor the switches: they are fetched per page view', async () => {
    const { actor, saved, answered } = start()
    request(actor, { name: 'setTimelineStart', body: { startDate: '2026-06-01' } })
    await answered()
    expect(saved.at(-1)).toEqual(initialClientContext())
    expect(parseClientContext(JSON.parse(JSON.stringify(saved.at(-1))))).toEqual(
      initialClientContext(),
    )
  })

  it('holds a new calendar address for the page view, and never saves it (the server keeps only its hash)', async () => {
    const { actor, saved, answered } = start()
    request(actor, { name: 'rotateCalendarToken' })
    await answered()
    expect(actor.getSnapshot().context.calendarUrl).toBe(
      `https://poolpath.test/api/calendar/${uuid(9)}.ics`,
    )
    expect(saved.at(-1)).toEqual(initialClientContext())
  })
})
