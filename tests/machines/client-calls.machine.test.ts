import { describe, expect, it, vi } from 'vitest'
import { createActor, createMachine, fromPromise, setup, waitFor, type ActorRefFrom } from 'xstate'
import {
  clientMachine,
  initialClientContext,
  type ClientCall,
  type ClientCallResult,
  type ClientContext,
} from '../../machines/client/client.machine'
import { noStorage } from '../support/storage-fakes'
import { managerRequest, nonStageEntry, stageEntry, uuid } from './fixtures'
import { REFERENCE_POOL } from '../../contract/estimator'

type Port = (call: ClientCall) => Promise<ClientCallResult>

/** A promise the test settles by hand, so the state while a call is in flight can be seen. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {}
  let reject: (error: unknown) => void = () => {}
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/**
 * The client actor with a fake `clientCall` port and a recording `persist`, started beside an
 * admin recorder with systemId 'admin' as the session spawns them.
 */
function start(port: Port, restored: ClientContext = initialClientContext()) {
  const saved: ClientContext[] = []
  const adminEvents: string[] = []
  const client = clientMachine.provide({
    actors: { clientCall: fromPromise(({ input }: { input: ClientCall }) => port(input)) },
    actions: { persist: (_, context) => void saved.push(context) },
  })
  const admin = createMachine({
    on: { '*': { actions: ({ event }) => adminEvents.push(event.type) } },
  })
  const parent = setup({ actors: { client, admin } }).createMachine({
    invoke: [
      { src: 'client', id: 'client', systemId: 'client', input: { restored } },
      { src: 'admin', id: 'admin', systemId: 'admin' },
    ],
  })
  const root = createActor(parent).start()
  const actor: ActorRefFrom<typeof clientMachine> = root.system.get('client')
  return { actor, saved, adminEvents }
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => !s.hasTag('busy'))

const designCall: ClientCall = {
  name: 'editPool',
  body: {
    Title: 'Pool Design',
    choices: REFERENCE_POOL,
  },
}

describe('client machine: calls', () => {
  it('runs the call on the port, busy meanwhile, then applies and saves the answered entry', async () => {
    const answer = deferred<ClientCallResult>()
    const port = vi.fn<Port>(() => answer.promise)
    const { actor, saved } = start(port)
    actor.send({ type: 'client.callRequested', call: designCall })
    expect(port).toHaveBeenCalledWith(designCall)
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(actor.getSnapshot().context.pending).toEqual(designCall)

    const entry = nonStageEntry('Pool Design')
    answer.resolve({ name: 'editPool', data: entry })
    const snapshot = await settled(actor)
    expect(snapshot.context.poolData.nonStages).toEqual([entry])
    expect(snapshot.context.pending).toBeNull()
    expect(saved.at(-1)?.poolData.nonStages).toEqual([entry])
    expect(saved.at(-1)).not.toHaveProperty('pending')
  })

  it('runs a call asked for while one is in flight once that one answered, then the next', async () => {
    const first = deferred<ClientCallResult>()
    const second = deferred<ClientCallResult>()
    const port = vi
      .fn<Port>()
      .mockReturnValueOnce(first.promise)
      .mockReturnValueOnce(second.promise)
      .mockResolvedValueOnce({ name: 'requestBuilder', data: { BuilderRequested: true } })
    const { actor, saved } = start(port)
    actor.send({ type: 'client.callRequested', call: designCall })
    actor.send({ type: 'client.callRequested', call: { name: 'requestBuilder' } })
    actor.send({ type: 'client.callRequested', call: { name: 'requestBuilder' } })
    expect(port).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context.queued).toEqual([
      { name: 'requestBuilder' },
      { name: 'requestBuilder' },
    ])

    first.resolve({ name: 'editPool', data: stageEntry(4) })
    await vi.waitFor(() => expect(port).toHaveBeenCalledTimes(2))
    expect(port).toHaveBeenLastCalledWith({ name: 'requestBuilder' })
    expect(actor.getSnapshot().context.pending).toEqual({ name: 'requestBuilder' })
    expect(actor.getSnapshot().context.queued).toEqual([{ name: 'requestBuilder' }])
    expect(actor.getSnapshot().context.poolData.poolChoices).toEqual([stageEntry(4)])

    second.resolve({ name: 'requestBuilder', data: { BuilderRequested: true } })
    const snapshot = await settled(actor)
    expect(port).toHaveBeenCalledTimes(3)
    expect(snapshot.context.poolData.BuilderRequested).toBe(true)
    expect(snapshot.context.queued).toEqual([])
    expect(snapshot.context.callsSettled).toBe(3)
    expect(saved.at(-1)).not.toHaveProperty('queued')
  })

  it('keeps a refusal for its own form while the call queued behind it runs', async () => {
    const problem = Object.assign(new Error('No'), { detail: 'Check the highlighted fields.' })
    const port = vi
      .fn<Port>()
      .mockRejectedValueOnce(problem)
      .mockResolvedValueOnce({ name: 'requestBuilder', data: { BuilderRequested: true } })
    const { actor } = start(port)
    actor.send({ type: 'client.callRequested', call: designCall })
    actor.send({ type: 'client.callRequested', call: { name: 'requestBuilder' } })
    const snapshot = await settled(actor)
    expect(port).toHaveBeenCalledTimes(2)
    expect(snapshot.context.failure?.call).toEqual(designCall)
    expect(snapshot.context.poolData.BuilderRequested).toBe(true)
  })

  it('keeps a refusal with its call and field messages, changing and saving nothing', async () => {
    const problem = Object.assign(new Error('Check the fields'), {
      detail: 'Check the highlighted fields.',
      fieldErrors: { 'choices.deepDepthFt': ['Deep depth must be at least the shallow depth'] },
    })
    const restored = { ...initialClientContext(), Flag: true }
    const { actor, saved } = start(() => Promise.reject(problem), restored)
    actor.send({ type: 'client.callRequested', call: designCall })
    const snapshot = await settled(actor)
    expect(snapshot.context.failure).toEqual({
      call: designCall,
      message: 'Check the highlighted fields.',
      fields: { 'choices.deepDepthFt': ['Deep depth must be at least the shallow depth'] },
    })
    expect(snapshot.context.poolData).toEqual(restored.poolData)
    expect(saved).toHaveLength(0)
  })

  it('explains a failure that carries no problem in plain words', async () => {
    const { actor } = start(() => Promise.reject(new TypeError('x is undefined')))
    actor.send({ type: 'client.callRequested', call: { name: 'requestBuilder' } })
    const { context } = await settled(actor)
    expect(context.failure).toEqual({
      call: { name: 'requestBuilder' },
      message: 'That did not work. Please try again.',
      fields: {},
    })
  })

  it('clears the failure on the next call and on dismissal', async () => {
    const port = vi
      .fn<Port>()
      .mockRejectedValueOnce(new Error('no'))
      .mockResolvedValueOnce({ name: 'requestBuilder', data: { BuilderRequested: true } })
      .mockRejectedValueOnce(new Error('no'))
    const { actor } = start(port)
    const call: ClientCall = { name: 'requestBuilder' }
    actor.send({ type: 'client.callRequested', call })
    expect((await settled(actor)).context.failure).not.toBeNull()
    actor.send({ type: 'client.callRequested', call })
    expect(actor.getSnapshot().context.failure).toBeNull()
    await settled(actor)
    actor.send({ type: 'client.callRequested', call })
    expect((await settled(actor)).context.failure).not.toBeNull()
    actor.send({ type: 'client.failureDismissed' })
    expect(actor.getSnapshot().context.failure).toBeNull()
  })

  it('a builder request sets BuilderRequested and has the admin data refetched', async () => {
    const { actor, adminEvents, saved } = start(async () => ({
      name: 'requestBuilder',
      data: { BuilderRequested: true },
    }))
    actor.send({ type: 'client.callRequested', call: { name: 'requestBuilder' } })
    await settled(actor)
    expect(actor.getSnapshot().context.poolData.BuilderRequested).toBe(true)
    expect(saved.at(-1)?.poolData.BuilderRequested).toBe(true)
    expect(adminEvents).toEqual(['admin.refreshRequested'])
  })

  it('a manager request is added, then replaced by id, each time refetching admin data', async () => {
    const port = vi
      .fn<Port>()
      .mockResolvedValueOnce({ name: 'requestManager', data: managerRequest('open') })
      .mockResolvedValueOnce({ name: 'requestManager', data: managerRequest('contacted') })
    const { actor, adminEvents } = start(port)
    const call: ClientCall = { name: 'requestManager', body: { managerId: uuid(11) } }
    actor.send({ type: 'client.callRequested', call })
    await settled(actor)
    expect(actor.getSnapshot().context.poolData.ManagerRequests).toEqual([managerRequest('open')])
    actor.send({ type: 'client.callRequested', call })
    await settled(actor)
    expect(actor.getSnapshot().context.poolData.ManagerRequests).toEqual([
      managerRequest('contacted'),
    ])
    expect(adminEvents).toEqual(['admin.refreshRequested', 'admin.refreshRequested'])
  })

  it('an entry answer does not refetch the admin data', async () => {
    const { actor, adminEvents } = start(async () => ({ name: 'editPool', data: stageEntry(5) }))
    actor.send({ type: 'client.callRequested', call: designCall })
    await settled(actor)
    expect(adminEvents).toEqual([])
  })

  it('runs alone, without an admin actor in its system', async () => {
    const machine = clientMachine.provide({
      actors: {
        clientCall: fromPromise<ClientCallResult, ClientCall>(async () => ({
          name: 'requestBuilder',
          data: { BuilderRequested: true },
        })),
      },
      actions: noStorage,
    })
    const actor = createActor(machine, { input: {} }).start()
    actor.send({ type: 'client.callRequested', call: { name: 'requestBuilder' } })
    const snapshot = await settled(actor)
    expect(snapshot.status).toBe('active')
    expect(snapshot.context.poolData.BuilderRequested).toBe(true)
  })
})

describe('client machine: refreshed data against the calls', () => {
  const refreshed = (n: number) => ({
    poolData: { ...initialClientContext().poolData, poolChoices: [stageEntry(n)] },
    Flag: true,
    Engineers: [],
    Managers: [],
  })

  it('takes the pool data of a refresh when no call settled meanwhile', () => {
    const { actor, saved } = start(async () => ({
      name: 'requestBuilder',
      data: { BuilderRequested: true },
    }))
    actor.send({ type: 'client.refreshStarted' })
    actor.send({ type: 'client.dataRefreshed', data: refreshed(8) })
    expect(actor.getSnapshot().context.poolData.poolChoices).toEqual([stageEntry(8)])
    expect(saved.at(-1)?.poolData.poolChoices).toEqual([stageEntry(8)])
  })

  it('keeps the entry a call answered after the refresh started, taking only Flag', async () => {
    const { actor } = start(async () => ({ name: 'editPool', data: stageEntry(5, true) }))
    actor.send({ type: 'client.refreshStarted' })
    actor.send({ type: 'client.callRequested', call: designCall })
    await settled(actor)
    actor.send({ type: 'client.dataRefreshed', data: refreshed(8) })
    const { context } = actor.getSnapshot()
    expect(context.poolData.poolChoices).toEqual([stageEntry(5, true)])
    expect(context.Flag).toBe(true)
  })

  it('ignores the pool data of a refresh that started while a call was in flight', async () => {
    const answer = deferred<ClientCallResult>()
    const { actor } = start(() => answer.promise)
    actor.send({ type: 'client.callRequested', call: designCall })
    actor.send({ type: 'client.refreshStarted' })
    actor.send({ type: 'client.dataRefreshed', data: refreshed(8) })
    expect(actor.getSnapshot().context.poolData.poolChoices).toEqual([])
    answer.resolve({ name: 'editPool', data: stageEntry(5) })
    await settled(actor)
    expect(actor.getSnapshot().context.poolData.poolChoices).toEqual([stageEntry(5)])
  })
})

describe('client machine: the pool data read against the calls', () => {
  const poolWith = (n: number, done = false) => ({
    ...initialClientContext().poolData,
    poolChoices: [stageEntry(n, done)],
  })
  const isRead = (call: ClientCall) => call.name === 'poolData'

  it('replaces the entries with the answer and saves them', async () => {
    const { actor, saved } = start(async () => ({ name: 'poolData', data: poolWith(8) }))
    actor.send({ type: 'list.requested', list: 'poolData' })
    await waitFor(actor, (s) => s.matches({ poolData: 'idle' }))
    expect(actor.getSnapshot().context.poolData.poolChoices).toEqual([stageEntry(8)])
    expect(saved.at(-1)?.poolData.poolChoices).toEqual([stageEntry(8)])
  })

  it('reads again rather than take an answer from before a write that settled meanwhile', async () => {
    const [stale, fresh] = [deferred<ClientCallResult>(), deferred<ClientCallResult>()]
    let readsSent = 0
    const port = vi.fn<Port>(async (call) =>
      isRead(call)
        ? (readsSent++ === 0 ? stale : fresh).promise
        : { name: 'editPool', data: stageEntry(5, true) },
    )
    const { actor } = start(port)
    actor.send({ type: 'list.requested', list: 'poolData' })
    actor.send({ type: 'client.callRequested', call: designCall })
    await settled(actor)
    // Read before the write committed: the write's entry stays, and the data is read again.
    stale.resolve({ name: 'poolData', data: poolWith(5) })
    await vi.waitFor(() => expect(readsSent).toBe(2))
    expect(actor.getSnapshot().context.poolData.poolChoices).toEqual([stageEntry(5, true)])
    fresh.resolve({ name: 'poolData', data: poolWith(5, true) })
    await waitFor(actor, (s) => s.matches({ poolData: 'idle' }))
    expect(actor.getSnapshot().context.poolData.poolChoices).toEqual([stageEntry(5, true)])
  })
})
