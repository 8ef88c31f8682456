import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import {
  adminMachine,
  appendItem,
  emptyAdminLists,
  initialAdminContext,
  listsFromFetch,
  parseAdminContext,
  POLL_INTERVAL_MS,
  removeItem,
  replaceItem,
  replaceStage,
  replaceTip,
  type AdminContext,
  type AdminFetchData,
  type AdminFetchInput,
  type AdminFetchResult,
  type AdminInput,
} from '../../machines/admin/admin.machine'
import { city, client, engineer, fetchData, manager, stage, tip, uuid } from './fixtures'

type FetchPort = (input: AdminFetchInput) => Promise<AdminFetchResult>

const ok = (etag: string | null = 'v1', data = fetchData()): AdminFetchResult => ({
  status: 'ok',
  data,
  etag,
})

/** Starts the admin actor on a simulated clock with a fake fetch and a recording `persist`. */
function start(input: Omit<AdminInput, 'now'>, fetch: FetchPort = async () => ok()) {
  const clock = new SimulatedClock()
  const fetchAdminData = vi.fn(fetch)
  const saved: AdminContext[] = []
  const machine = adminMachine.provide({
    actors: { fetchAdminData: fromPromise(({ input }) => fetchAdminData(input)) },
    actions: { persist: (_, stored) => void saved.push(stored) },
  })
  const actor = createActor(machine, { input: { ...input, now: () => clock.now() }, clock }).start()
  const context = () => actor.getSnapshot().context
  /** Waits for the invoked fetch to settle (its promise resolves on the microtask queue). */
  const settled = () => waitFor(actor, (s) => !s.hasTag('fetching'))
  return { actor, clock, context, fetchAdminData, saved, settled }
}

/** A fetch whose answers the test hands out one by one. */
function deferredFetches() {
  const pending: ((result: AdminFetchResult) => void)[] = []
  const fetch: FetchPort = () => new Promise((resolve) => pending.push(resolve))
  const answer = (index: number, result: AdminFetchResult) => pending[index]?.(result)
  return { fetch, answer, pending }
}

/** The context beside the seed's state while no admin write runs or has failed, and its clock. */
const noWrite = { pending: null, failure: null, now: expect.any(Function) }

const restoredWith = (patch: Partial<AdminContext>): AdminContext => ({
  ...initialAdminContext(),
  ...patch,
})

describe('admin machine: polling as ADMIN', () => {
  it('fetches at once with no etag and replaces every list', async () => {
    const { context, fetchAdminData, settled } = start({ role: 'ADMIN' })
    expect(fetchAdminData).toHaveBeenCalledTimes(1)
    expect(fetchAdminData).toHaveBeenLastCalledWith({ etag: null })
    await settled()
    expect(context()).toMatchObject({ ...listsFromFetch(fetchData()), etag: 'v1', error: null })
    expect(context().lastFetchedAt).toBe(0)
  })

  it('fetches again only once 5 minutes have passed, with the stored etag, and keeps polling', async () => {
    const { clock, context, fetchAdminData, settled } = start({ role: 'ADMIN' })
    await settled()
    clock.increment(POLL_INTERVAL_MS - 1)
    expect(fetchAdminData).toHaveBeenCalledTimes(1)
    clock.increment(1)
    expect(fetchAdminData).toHaveBeenCalledTimes(2)
    expect(fetchAdminData).toHaveBeenLastCalledWith({ etag: 'v1' })
    await settled()
    expect(context().lastFetchedAt).toBe(POLL_INTERVAL_MS)
    clock.increment(POLL_INTERVAL_MS)
    expect(fetchAdminData).toHaveBeenCalledTimes(3)
    await settled()
    clock.increment(POLL_INTERVAL_MS)
    expect(fetchAdminData).toHaveBeenCalledTimes(4)
  })

  it('replaces the lists on each full answer', async () => {
    const answers = [ok('v1'), ok('v2', fetchData({ Cities: [city(20), city(21)] }))]
    const { clock, context, settled } = start(
      { role: 'ADMIN' },
      async () => answers.shift() ?? ok(),
    )
    await settled()
    clock.increment(POLL_INTERVAL_MS)
    await settled()
    expect(context().Cities).toEqual([city(20), city(21)])
    expect(context().etag).toBe('v2')
  })

  it('fills UsersOnWaitingList from the answer’s UsersOnWaiting', async () => {
    const waiting = [client(30, true), client(31, true)]
    const { context, settled } = start({ role: 'ADMIN' }, async () =>
      ok('v1', fetchData({ UsersOnWaiting: waiting })),
    )
    await settled()
    expect(context().UsersOnWaitingList).toEqual(waiting)
    expect(context()).not.toHaveProperty('UsersOnWaiting')
  })

  it('on notModified keeps the lists and the etag, only records the time, and saves nothing', async () => {
    const restored = restoredWith({
      ...listsFromFetch(fetchData()),
      etag: 'v1',
      lastFetchedAt: null,
    })
    const { clock, context, fetchAdminData, saved, settled } = start(
      { role: 'ADMIN', restored },
      async () => ({ status: 'notModified' }),
    )
    expect(fetchAdminData).toHaveBeenLastCalledWith({ etag: 'v1' })
    await settled()
    clock.increment(POLL_INTERVAL_MS)
    await settled()
    expect(context()).toEqual({
      ...restored,
      ...noWrite,
      role: 'ADMIN',
      lastFetchedAt: POLL_INTERVAL_MS,
    })
    // What is stored is what was confirmed: a 304 does not rewrite it.
    expect(saved).toEqual([])
  })

  it('on an error keeps the data, sets error, polls again after 5 minutes and clears it on success', async () => {
    const restored = restoredWith({ ...listsFromFetch(fetchData()), etag: 'v1', lastFetchedAt: 7 })
    const answers: (() => Promise<AdminFetchResult>)[] = [
      () => Promise.reject(new Error('Network down')),
      async () => ok('v2', fetchData({ Cities: [] })),
    ]
    const { clock, context, fetchAdminData, settled } = start({ role: 'ADMIN', restored }, () =>
      (answers.shift() ?? (async () => ok()))(),
    )
    await settled()
    expect(context()).toEqual({ ...restored, ...noWrite, role: 'ADMIN', error: 'Network down' })
    clock.increment(POLL_INTERVAL_MS - 1)
    expect(fetchAdminData).toHaveBeenCalledTimes(1)
    clock.increment(1)
    expect(fetchAdminData).toHaveBeenCalledTimes(2)
    await settled()
    expect(context().error).toBeNull()
    expect(context().Cities).toEqual([])
  })

  it('records an error when no fetch port was provided', async () => {
    const clock = new SimulatedClock()
    const actor = createActor(adminMachine, {
      input: { role: 'ADMIN', now: () => clock.now() },
      clock,
    }).start()
    await waitFor(actor, (s) => !s.hasTag('fetching'))
    expect(actor.getSnapshot().context.error).toBe('fetchAdminData not provided')
  })
})

describe('admin machine: admin.refreshRequested', () => {
  it('fetches at once and restarts the 5-minute wait', async () => {
    const { actor, clock, fetchAdminData, settled } = start({ role: 'ADMIN' })
    await settled()
    clock.increment(2 * 60 * 1000)
    actor.send({ type: 'admin.refreshRequested' })
    expect(fetchAdminData).toHaveBeenCalledTimes(2)
    expect(fetchAdminData).toHaveBeenLastCalledWith({ etag: 'v1' })
    await settled()
    clock.increment(POLL_INTERVAL_MS - 1)
    expect(fetchAdminData).toHaveBeenCalledTimes(2)
    clock.increment(1)
    expect(fetchAdminData).toHaveBeenCalledTimes(3)
  })

  it('during a fetch starts a new one and ignores the answer of the old one', async () => {
    const { fetch, answer } = deferredFetches()
    const { actor, context, fetchAdminData, settled } = start({ role: 'ADMIN' }, fetch)
    actor.send({ type: 'admin.refreshRequested' })
    expect(fetchAdminData).toHaveBeenCalledTimes(2)
    answer(1, ok('fresh', fetchData({ Cities: [city(41)] })))
    await settled()
    // The first fetch answers last; a macrotask lets its promise settle before we look.
    answer(0, ok('stale', fetchData({ Cities: [city(40)] })))
    await new Promise((resolve) => setImmediate(resolve))
    expect(context().etag).toBe('fresh')
    expect(context().Cities).toEqual([city(41)])
  })
})

describe('admin machine: other roles', () => {
  it.each(['CLIENT', 'BUILDER'])('%s never fetches, even after 20 minutes or a refresh', (role) => {
    const restored = restoredWith({ ...listsFromFetch(fetchData()), etag: 'v1' })
    const { actor, clock, context, fetchAdminData } = start({ role, restored })
    clock.increment(20 * 60 * 1000)
    actor.send({ type: 'admin.refreshRequested' })
    clock.increment(POLL_INTERVAL_MS)
    expect(fetchAdminData).not.toHaveBeenCalled()
    expect(context()).toEqual({ ...restored, ...noWrite, role })
  })

  it('still toggles the sidebar', () => {
    const { actor, context } = start({ role: 'CLIENT' })
    actor.send({ type: 'layout.sidebarToggled' })
    expect(context().isOpen).toBe(false)
  })
})

describe('admin lists: the seed’s updates for what a write answered', () => {
  const lists = () => restoredWith(listsFromFetch(fetchData()))

  it('start empty, every one of them', () => {
    expect(emptyAdminLists()).toEqual({
      Admins: [],
      Cities: [],
      Clients: [],
      Managers: [],
      Engineers: [],
      NonStages: [],
      UsersWithPerks: [],
      BuilderRequests: [],
      ManagerRequests: [],
      Stages: [],
      UsersOnWaitingList: [],
      Schedule: [],
      Scope: [],
      Checklists: [],
    })
  })

  it('create appends the item to its list only', () => {
    const change = appendItem(lists(), { list: 'Engineers', item: engineer(50) })
    expect(change).toEqual({ Engineers: [engineer(6), engineer(50)] })
  })

  it('create of an item a poll already brought replaces it instead of doubling it', () => {
    const change = appendItem(lists(), { list: 'Engineers', item: engineer(6, 'Renamed') })
    expect(change).toEqual({ Engineers: [engineer(6, 'Renamed')] })
  })

  it('edit replaces the item with the same id, in place', () => {
    const managers = restoredWith({ Managers: [manager(1), manager(2), manager(3)] })
    const change = replaceItem(managers, { list: 'Managers', item: manager(2, 'Renamed') })
    expect(change).toEqual({ Managers: [manager(1), manager(2, 'Renamed'), manager(3)] })
  })

  it('edit of an unknown id changes nothing', () => {
    const change = replaceItem(lists(), { list: 'Managers', item: manager(99) })
    expect(change).toEqual({ Managers: lists().Managers })
  })

  it('delete removes the item with that id', () => {
    const cities = restoredWith({ Cities: [city(1), city(2), city(3)] })
    expect(removeItem(cities, { list: 'Cities', id: uuid(2) })).toEqual({
      Cities: [city(1), city(3)],
    })
  })

  it('tip edit replaces the designTip of the stage named by stageId', () => {
    const edited = tip(1002, uuid(2), 'Dig after the rains')
    expect(replaceTip([stage(1), stage(2)], edited)).toEqual([
      stage(1),
      { ...stage(2), designTip: edited },
    ])
  })

  it('stage edit replaces the stage with the same id', () => {
    expect(replaceStage([stage(1), stage(2)], stage(1, 75_000))).toEqual([
      stage(1, 75_000),
      stage(2),
    ])
  })
})

describe('admin machine: persist', () => {
  it('receives the new state, without the role or the clock, after every change', async () => {
    const { actor, context, saved, settled } = start({ role: 'ADMIN' })
    await settled()
    expect(saved).toHaveLength(1)
    for (const index of [0, 1]) {
      actor.send({ type: 'layout.sidebarToggled' })
      const { role, pending, failure, now, ...stored } = context()
      expect(role).toBe('ADMIN')
      expect({ pending, failure, now }).toEqual(noWrite)
      expect(saved).toHaveLength(index + 2)
      expect(saved.at(-1)).toEqual(stored)
      expect(saved.at(-1)).not.toHaveProperty('role')
      expect(saved.at(-1)).not.toHaveProperty('now')
    }
  })

  it('shows a full answer’s rows at once and saves them only once they are checked', async () => {
    const { actor, context, saved } = start({ role: 'ADMIN' })
    await waitFor(actor, (s) => s.matches({ data: { polling: 'checking' } }))
    expect(context().Clients).toEqual(fetchData().Clients)
    expect(saved).toHaveLength(0)
    await waitFor(actor, (s) => s.matches({ data: { polling: 'waiting' } }))
    expect(saved).toHaveLength(1)
    expect(saved[0]?.Clients).toEqual(fetchData().Clients)
  })

  const request = {
    id: uuid(10),
    clientId: uuid(9),
    clientName: 'Client 9',
    status: 'open' as const,
    createdAt: '2026-11-01T00:00:00Z',
  }
  const misfits: Partial<AdminFetchData>[] = [
    { Clients: [client(8), { ...client(9), createdAt: 'yesterday' }] },
    { UsersWithPerks: [{ ...client(9), paid: 1.5 }] },
    { UsersOnWaiting: [{ ...client(9), id: 'client 9' }] },
    { BuilderRequests: [{ ...request, clientId: 'nobody' }] },
    {
      ManagerRequests: [
        { ...request, managerId: null, managerName: '', message: 'Hi', createdAt: 'now' },
      ],
    },
  ]
  it.each(misfits)(
    'keeps a row that does not fit (%j) on screen, unsaved, with the error and no etag',
    async (lists) => {
      const { context, saved, settled } = start({ role: 'ADMIN' }, async () =>
        ok('v1', fetchData(lists)),
      )
      await settled()
      expect(context().error).toMatch(/does not fit/)
      expect(context().etag).toBeNull()
      expect(saved).toHaveLength(0)
    },
  )

  it('does not save after a failed fetch: nothing but the error changed', async () => {
    const { saved, settled, context } = start({ role: 'ADMIN' }, () =>
      Promise.reject(new Error('Network down')),
    )
    await settled()
    expect(context().error).toBe('Network down')
    expect(saved).toHaveLength(0)
  })
})

describe('parseAdminContext', () => {
  it('keeps a stored state of the current shape', () => {
    const stored = restoredWith({ ...listsFromFetch(fetchData()), etag: 'v1', lastFetchedAt: 5 })
    expect(parseAdminContext(JSON.parse(JSON.stringify(stored)))).toEqual(stored)
  })

  it.each([null, 'admin', { isOpen: true }, { ...initialAdminContext(), Cities: [{ id: 1 }] }])(
    'drops %j',
    (stored) => {
      expect(parseAdminContext(stored)).toBeNull()
    },
  )
})
