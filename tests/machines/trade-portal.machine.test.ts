import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import type { TradeView } from '../../contract/bids'
import type { StoredFile } from '../../contract/documents'
import { portalWithPorts } from '../../machines/trade-portal/trade-portal.machine'
import type { TradePortalPorts } from '../../machines/trade-portal/trade-portal.types'

const view = (status: TradeView['request']['status'] = 'viewed'): TradeView => ({
  request: { step: 'excavation', title: 'Excavation', dueOn: '2030-03-15', status, message: '' },
  project: {
    ownerName: 'Pat Swimmer',
    address: '1 Main St',
    city: 'Austin',
    state: 'TX',
    timeZone: 'America/Chicago',
  },
  quantities: [{ label: 'Dig', value: 130.3, unit: 'yd³' }],
  scope: [],
  planned: null,
  files: [],
  bid: null,
  award: null,
  payments: [],
})

/** A refusal as the API port makes one: a status, a sentence and messages by field. */
const problem = (status: number, fieldErrors: Record<string, string[]> = {}) =>
  Object.assign(new Error('refused'), { status, detail: `Refused with ${status}`, fieldErrors })

const proposal = { id: 'f1', name: 'bid.pdf' } as StoredFile

function start(ports: Partial<TradePortalPorts> = {}) {
  const calls: string[] = []
  const all: TradePortalPorts = {
    link: async () => ({
      step: 'excavation',
      title: 'Excavation',
      ownerName: 'Pat Swimmer',
      city: 'Austin',
    }),
    login: async (token) => (calls.push(`login ${token}`), { sentTo: 'd•••@example.com' }),
    verify: async (token, code) => (calls.push(`verify ${token} ${code}`), view()),
    view: async () => {
      throw problem(401)
    },
    answer: async (answer) => (calls.push(`answer ${answer.kind}`), view('submitted')),
    upload: async () => proposal,
    signOut: async () => (calls.push('signOut'), {}),
    messages: async () => [],
    postMessage: async () => {
      throw problem(410)
    },
    ...ports,
  }
  const actor = createActor(portalWithPorts(all), { input: { token: 'link-token' } }).start()
  return { actor, calls }
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => !s.hasTag('pending') && !s.hasTag('busy'))

describe('the trade portal actor', () => {
  it('opens on what the link is for, says when it is gone, and retries a failed open', async () => {
    const opened = start()
    expect((await settled(opened.actor)).context.link?.title).toBe('Excavation')
    const gone = start({
      link: async () => {
        throw problem(410)
      },
    })
    expect((await waitFor(gone.actor, (s) => s.status === 'done')).value).toBe('gone')
    let fail = true
    const flaky = start({
      link: async () => {
        if (fail) throw problem(503)
        return { step: 'steel', title: 'Steel', ownerName: 'Pat', city: 'Austin' }
      },
    })
    expect((await settled(flaky.actor)).value).toBe('unavailable')
    fail = false
    flaky.actor.send({ type: 'portal.retried' })
    expect((await settled(flaky.actor)).context.link?.title).toBe('Steel')
  })

  it('signs out → code sent → signed in with the view', async () => {
    const { actor, calls } = start()
    expect((await settled(actor)).value).toBe('signedOut')
    actor.send({ type: 'auth.codeRequested' })
    const sent = await settled(actor)
    expect(sent.value).toBe('codeSent')
    expect(sent.context.sentTo).toBe('d•••@example.com')
    actor.send({ type: 'auth.codeSubmitted', code: '123456' })
    const signedIn = await settled(actor)
    expect(signedIn.value).toEqual({ signedIn: 'idle' })
    expect(signedIn.context.view?.project.city).toBe('Austin')
    expect(calls).toEqual(['login link-token', 'verify link-token 123456'])
  })

  it('resumes a session from its cookie on a reload', async () => {
    const { actor, calls } = start({ view: async () => view() })
    expect((await settled(actor)).value).toEqual({ signedIn: 'idle' })
    expect(calls).toEqual([])
  })

  it('keeps a wrong code beside the field, and a gone link apart', async () => {
    const { actor } = start({
      verify: async () => {
        throw problem(401, { code: ['That code is not right. 4 tries left.'] })
      },
    })
    await settled(actor)
    actor.send({ type: 'auth.codeRequested' })
    await settled(actor)
    actor.send({ type: 'auth.codeSubmitted', code: '000000' })
    const refused = await settled(actor)
    expect(refused.value).toBe('codeSent')
    expect(refused.context.failure).toEqual({
      call: 'verify',
      message: 'Refused with 401',
      fields: { code: ['That code is not right. 4 tries left.'] },
    })

    const gone = start({
      login: async () => {
        throw problem(410)
      },
    })
    await settled(gone.actor)
    gone.actor.send({ type: 'auth.codeRequested' })
    expect((await waitFor(gone.actor, (s) => s.status === 'done')).value).toBe('gone')
  })

  it('sends an answer, keeps its refusal by form, and ends on a 401', async () => {
    let refuse: Error | null = problem(400, { amount: ['Amount must be more than zero'] })
    const { actor } = start({
      view: async () => view(),
      answer: async () => {
        if (refuse) throw refuse
        return view('declined')
      },
    })
    await settled(actor)
    actor.send({ type: 'trade.answered', answer: { kind: 'bid', body: { amount: 0, items: [] } } })
    const refused = await settled(actor)
    expect(refused.context.failure).toMatchObject({
      call: 'bid',
      fields: { amount: [expect.any(String)] },
    })
    refuse = null
    actor.send({ type: 'trade.answered', answer: { kind: 'decline', reason: 'Booked' } })
    const declined = await settled(actor)
    expect(declined.context).toMatchObject({
      failure: null,
      view: { request: { status: 'declined' } },
    })
    refuse = problem(401)
    actor.send({ type: 'trade.answered', answer: { kind: 'decline', reason: 'Booked' } })
    expect((await settled(actor)).value).toBe('signedOut')
  })

  it('after a session ends, says so and offers a new code rather than a used one', async () => {
    const { actor } = start({
      view: async () => {
        throw problem(401)
      },
      answer: async () => {
        throw problem(401)
      },
    })
    await settled(actor)
    actor.send({ type: 'auth.codeRequested' })
    await settled(actor)
    actor.send({ type: 'auth.codeSubmitted', code: '123456' })
    expect((await settled(actor)).value).toEqual({ signedIn: 'idle' })
    actor.send({ type: 'trade.answered', answer: { kind: 'decline', reason: 'Booked' } })
    const ended = await settled(actor)
    expect(ended.value).toBe('signedOut')
    expect(ended.context).toMatchObject({
      sentTo: null,
      view: null,
      failure: { call: 'login', message: 'Refused with 401' },
    })
  })

  it('keeps the uploaded proposal until the bid is sent, and signs out', async () => {
    const { actor, calls } = start({ view: async () => view() })
    await settled(actor)
    actor.send({ type: 'trade.proposalChosen', file: new File(['%PDF'], 'bid.pdf') })
    expect((await settled(actor)).context.proposal).toBe(proposal)
    actor.send({ type: 'trade.answered', answer: { kind: 'bid', body: { amount: 1, items: [] } } })
    expect((await settled(actor)).context.proposal).toBeNull()
    actor.send({ type: 'trade.signedOut' })
    const out = await settled(actor)
    expect(out.value).toBe('signedOut')
    expect(out.context).toMatchObject({ view: null, sentTo: null })
    expect(calls).toContain('signOut')
  })
})
