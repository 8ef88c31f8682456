import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import {
  adminMachine,
  initialAdminContext,
  listsFromFetch,
  POLL_INTERVAL_MS,
  type AdminCall,
  type AdminCallResult,
  type AdminContext,
  type AdminFetchResult,
} from '../../machines/admin/admin.machine'
import { adminEffects, staleOf } from '../../contract/routes/effects'
import { admin, city, client, engineer, fetchData, manager, stage, tip, uuid } from './fixtures'

type CallPort = (call: AdminCall) => Promise<AdminCallResult>

const ok = (data = fetchData()): AdminFetchResult => ({ status: 'ok', data, etag: 'v1' })

/** An API failure as the adapters reject with it (an ApiError has these fields). */
const refused = (detail: string, fieldErrors: Record<string, string[]> = {}) =>
  Object.assign(new Error(detail), { status: 409, code: 'CONFLICT', detail, fieldErrors })

/** The admin actor as an ADMIN, polling on a simulated clock, with fake fetch and write ports. */
async function start(adminCall: CallPort, fetch = async () => ok()) {
  const clock = new SimulatedClock()
  const call = vi.fn(adminCall)
  const fetchAdminData = vi.fn(fetch)
  const saved: AdminContext[] = []
  const machine = adminMachine.provide({
    actors: {
      fetchAdminData: fromPromise(() => fetchAdminData()),
      adminCall: fromPromise(({ input }) => call(input)),
    },
    actions: { persist: (_, stored) => void saved.push(stored) },
  })
  const actor = createActor(machine, {
    input: { role: 'ADMIN', now: () => clock.now() },
    clock,
  }).start()
  await waitFor(actor, (s) => !s.hasTag('fetching'))
  const context = () => actor.getSnapshot().context
  const busy = () => actor.getSnapshot().hasTag('busy')
  const request = async (adminCallToRun: AdminCall) => {
    actor.send({ type: 'admin.callRequested', call: adminCallToRun })
    await waitFor(actor, (s) => !s.hasTag('busy'))
  }
  return { actor, clock, call, context, busy, fetchAdminData, request, saved }
}

/** A write port whose answers the test hands out. */
function deferred() {
  const resolvers: ((result: AdminCallResult) => void)[] = []
  const port: CallPort = () => new Promise((resolve) => resolvers.push(resolve))
  return { port, answer: (result: AdminCallResult) => resolvers.shift()?.(result) }
}

const cityBody = { name: 'Austin', state: 'TX', permitFee: 40_000 }
const engineerBody = {
  name: 'Eve',
  company: 'Structa',
  email: 'eve@example.com',
  phone: '555 0100',
  licenseNo: 'PE-1',
  fee: 150_000,
}

describe('admin machine: writes', () => {
  it('runs the call, is busy meanwhile, and appends a created item', async () => {
    const { port, answer } = deferred()
    const { actor, busy, call, context } = await start(port)
    const created: AdminCall = { name: 'createEngineer', body: engineerBody }
    actor.send({ type: 'admin.callRequested', call: created })
    expect(busy()).toBe(true)
    expect(context().pending).toBe(created)
    expect(call).toHaveBeenCalledWith(created)
    answer({ name: 'createEngineer', data: engineer(50) })
    await waitFor(actor, (s) => !s.hasTag('busy'))
    expect(context().Engineers).toEqual([engineer(6), engineer(50)])
    expect(context().pending).toBeNull()
  })

  it('replaces an edited item and removes a deleted one', async () => {
    const answers: AdminCallResult[] = [
      { name: 'editEngineer', data: engineer(6, 'Renamed') },
      { name: 'deleteAdmin', data: uuid(1) },
    ]
    const { context, request } = await start(async () => {
      const next = answers.shift()
      if (!next) throw new Error('no answer left')
      return next
    })
    await request({ name: 'editEngineer', id: uuid(6), body: { name: 'Renamed' } })
    expect(context().Engineers).toEqual([engineer(6, 'Renamed')])
    await request({ name: 'deleteAdmin', id: uuid(1) })
    expect(context().Admins).toEqual([])
  })

  it('replaces the tip of its stage and an edited stage', async () => {
    const edited = tip(1003, uuid(3), 'Dig after the rains')
    const answers: AdminCallResult[] = [
      { name: 'editTip', data: edited },
      { name: 'editStage', data: stage(3, 9_900) },
    ]
    const { context, request } = await start(async () => {
      const next = answers.shift()
      if (!next) throw new Error('no answer left')
      return next
    })
    await request({ name: 'editTip', id: edited.id, body: { text: edited.text } })
    expect(context().Stages[0]?.designTip).toEqual(edited)
    await request({ name: 'editStage', id: uuid(3), body: { pricing: stage(3, 9_900).pricing } })
    expect(context().Stages).toEqual([stage(3, 9_900)])
  })

  it('replaces the Schedule row of the edited step, without fetching again', async () => {
    const steel = { step: 'steel', title: 'Steel', durationDays: 3, waitDays: 0 }
    const tile = { step: 'tile', title: 'Tile & Coping', durationDays: 4, waitDays: 0 }
    const rows = [steel, tile]
    const { context, request, fetchAdminData } = await start(
      async () => ({ name: 'editSchedule', data: { ...tile, durationDays: 9 } }),
      async () => ok(fetchData({ Schedule: rows })),
    )
    await request({ name: 'editSchedule', step: 'tile', body: { durationDays: 9, waitDays: 0 } })
    expect(context().Schedule).toEqual([steel, { ...tile, durationDays: 9 }])
    expect(fetchAdminData).toHaveBeenCalledTimes(1)
  })

  it('replaces the Scope of the edited step only', async () => {
    const scope = (step: 'steel' | 'tile', text: string) => ({
      step,
      items: [{ id: uuid(8), text, share: 5 }],
    })
    const { context, request } = await start(
      async () => ({ name: 'editScope', data: scope('tile', 'Setting bed') }),
      async () => ok(fetchData({ Scope: [scope('steel', 'Chairs'), scope('tile', 'Grout')] })),
    )
    await request({
      name: 'editScope',
      step: 'tile',
      body: { items: [{ id: uuid(8), text: 'Setting bed', share: 5 }] },
    })
    expect(context().Scope).toEqual([scope('steel', 'Chairs'), scope('tile', 'Setting bed')])
  })

  it("replaces a city's checklist of one inspection, or adds one it did not have", async () => {
    const list = (cityId: string, inspection: 'barrier' | 'final', someoneHome = false) => ({
      cityId,
      inspection,
      someoneHome,
      items: [],
    })
    const held = [list(uuid(2), 'final'), list(uuid(2), 'barrier'), list(uuid(3), 'final')]
    const answers: AdminCallResult[] = [
      { name: 'editChecklist', data: list(uuid(2), 'final', true) },
      { name: 'editChecklist', data: list(uuid(3), 'barrier') },
    ]
    const { context, request } = await start(
      async () => {
        const next = answers.shift()
        if (!next) throw new Error('no answer left')
        return next
      },
      async () => ok(fetchData({ Checklists: held })),
    )
    const edit = (cityId: string, inspection: 'barrier' | 'final', someoneHome: boolean) =>
      request({
        name: 'editChecklist',
        cityId,
        inspection,
        body: { someoneHome, items: [] },
      })
    await edit(uuid(2), 'final', true)
    expect(context().Checklists).toEqual([
      list(uuid(2), 'final', true),
      list(uuid(2), 'barrier'),
      list(uuid(3), 'final'),
    ])
    await edit(uuid(3), 'barrier', false)
    expect(context().Checklists).toEqual([
      list(uuid(2), 'final', true),
      list(uuid(2), 'barrier'),
      list(uuid(3), 'final'),
      list(uuid(3), 'barrier'),
    ])
  })

  it('ignores a second call while one runs', async () => {
    const { port, answer } = deferred()
    const { actor, call, context } = await start(port)
    actor.send({ type: 'admin.callRequested', call: { name: 'deleteAdmin', id: uuid(1) } })
    actor.send({ type: 'admin.callRequested', call: { name: 'deleteEngineer', id: uuid(6) } })
    expect(call).toHaveBeenCalledTimes(1)
    answer({ name: 'deleteAdmin', data: uuid(1) })
    await waitFor(actor, (s) => !s.hasTag('busy'))
    expect(context().Engineers).toEqual([engineer(6)])
  })

  it('saves the change without the call in flight', async () => {
    const { actor, context, request, saved } = await start(async () => ({
      name: 'createCity',
      data: city(60),
    }))
    await request({ name: 'createCity', body: cityBody })
    // The write makes the data stale: its refetch is saved once its rows are checked.
    await waitFor(actor, (s) => !s.hasTag('fetching'))
    expect(saved.at(-1)?.Cities).toEqual(context().Cities)
    expect(saved.at(-1)).not.toHaveProperty('pending')
    expect(saved.at(-1)).not.toHaveProperty('failure')
  })
})

describe('admin machine: refused writes', () => {
  it('keeps the server’s message and field errors with the call, and changes no list', async () => {
    const { context, request, saved } = await start(async () => {
      throw Object.assign(refused('That email is taken.'), {
        fieldErrors: { email: ['Email already in use'], junk: 'not a list' },
      })
    })
    const before = context()
    const savedBefore = saved.length
    const create: AdminCall = {
      name: 'createAdmin',
      body: { name: 'Ann', email: 'a1@example.com' },
    }
    await request(create)
    expect(context().failure).toEqual({
      call: create,
      message: 'That email is taken.',
      fields: { email: ['Email already in use'] },
    })
    expect(context().pending).toBeNull()
    expect(context().Admins).toBe(before.Admins)
    expect(saved).toHaveLength(savedBefore)
  })

  it('falls back to the error message, then to a sentence, when there is no detail', async () => {
    const errors: unknown[] = [new Error('Network down'), 'odd']
    const { context, request } = await start(async () => {
      throw errors.shift()
    })
    await request({ name: 'deleteAdmin', id: uuid(1) })
    expect(context().failure?.message).toBe('Network down')
    await request({ name: 'deleteAdmin', id: uuid(1) })
    expect(context().failure?.message).toMatch(/could not be saved/)
    expect(context().failure?.fields).toEqual({})
  })

  it('is dismissed, and cleared by the next call', async () => {
    const results: (() => Promise<AdminCallResult>)[] = [
      () => Promise.reject(refused('No.')),
      () => Promise.reject(refused('No.')),
      async () => ({ name: 'deleteAdmin', data: uuid(1) }),
    ]
    const { actor, context, request } = await start(() => {
      const next = results.shift()
      return next ? next() : Promise.reject(new Error('no answer left'))
    })
    await request({ name: 'deleteAdmin', id: uuid(1) })
    actor.send({ type: 'admin.failureDismissed' })
    expect(context().failure).toBeNull()
    await request({ name: 'deleteAdmin', id: uuid(1) })
    expect(context().failure).not.toBeNull()
    await request({ name: 'deleteAdmin', id: uuid(1) })
    expect(context().failure).toBeNull()
  })

  it('records a failure when no write port was provided', async () => {
    const clock = new SimulatedClock()
    const actor = createActor(adminMachine, {
      input: { role: 'CLIENT', restored: initialAdminContext(), now: () => clock.now() },
      clock,
    }).start()
    actor.send({ type: 'admin.callRequested', call: { name: 'deleteCity', id: uuid(1) } })
    await waitFor(actor, (s) => !s.hasTag('busy'))
    expect(actor.getSnapshot().context.failure?.message).toBe('adminCall not provided')
  })
})

describe('admin machine: writes that change other lists refetch', () => {
  const cases: [AdminCall, AdminCallResult][] = [
    [
      { name: 'createCity', body: cityBody },
      { name: 'createCity', data: city(9) },
    ],
    [
      { name: 'editCity', id: uuid(2), body: cityBody },
      { name: 'editCity', data: city(2) },
    ],
    [
      { name: 'deleteCity', id: uuid(2) },
      { name: 'deleteCity', data: uuid(2) },
    ],
    [
      { name: 'editClient', id: uuid(4), body: { perk: 'Free tile' } },
      { name: 'editClient', data: client(4) },
    ],
    [
      { name: 'deleteClient', id: uuid(4) },
      { name: 'deleteClient', data: uuid(4) },
    ],
    [
      { name: 'editManager', id: uuid(5), body: { name: 'Renamed' } },
      { name: 'editManager', data: manager(5, 'Renamed') },
    ],
    [
      { name: 'deleteManager', id: uuid(5) },
      { name: 'deleteManager', data: uuid(5) },
    ],
  ]

  it.each(cases)(
    '%j fetches again at once and restarts the 5-minute wait',
    async (asked, result) => {
      const { clock, fetchAdminData, request } = await start(async () => result)
      clock.increment(60_000)
      await request(asked)
      expect(fetchAdminData).toHaveBeenCalledTimes(2)
      clock.increment(POLL_INTERVAL_MS - 1)
      expect(fetchAdminData).toHaveBeenCalledTimes(2)
    },
  )

  it('fetches again after exactly the writes whose entry makes the admin data stale', () => {
    const staleWrites = Object.entries(adminEffects)
      .filter(([, effect]) => staleOf(effect).includes('adminData'))
      .map(([name]) => name)
    expect(cases.map(([asked]) => asked.name).sort()).toEqual(staleWrites.sort())
  })

  it('an engineer create does not fetch again before the poll', async () => {
    const { clock, fetchAdminData, request } = await start(async () => ({
      name: 'createEngineer',
      data: engineer(50),
    }))
    await request({ name: 'createEngineer', body: engineerBody })
    expect(fetchAdminData).toHaveBeenCalledTimes(1)
    clock.increment(POLL_INTERVAL_MS)
    expect(fetchAdminData).toHaveBeenCalledTimes(2)
  })

  it('the refetched answer replaces the lists', async () => {
    const answers = [ok(), ok(fetchData({ UsersOnWaiting: [] }))]
    const { actor, context, request } = await start(
      async () => ({ name: 'createCity', data: city(9) }),
      async () => answers.shift() ?? ok(),
    )
    expect(context().UsersOnWaitingList).toHaveLength(1)
    await request({ name: 'createCity', body: cityBody })
    await waitFor(actor, (s) => !s.hasTag('fetching'))
    expect(context()).toMatchObject(listsFromFetch(fetchData({ UsersOnWaiting: [] })))
    expect(context().Cities).toEqual([city(2)])
  })
})

describe('admin machine: the poll keeps running beside a write', () => {
  it('fetches on time while a write is in flight', async () => {
    const { port, answer } = deferred()
    const { actor, busy, clock, fetchAdminData } = await start(port)
    actor.send({ type: 'admin.callRequested', call: { name: 'deleteAdmin', id: uuid(1) } })
    clock.increment(POLL_INTERVAL_MS)
    expect(fetchAdminData).toHaveBeenCalledTimes(2)
    expect(busy()).toBe(true)
    answer({ name: 'deleteAdmin', data: uuid(1) })
    await waitFor(actor, (s) => !s.hasTag('busy'))
    expect(actor.getSnapshot().context.Admins).not.toContainEqual(admin(1))
  })
})

describe('admin machine: a write beside a fetch already running', () => {
  it('fetches again, so the older answer cannot undo the write', async () => {
    const { port, answer } = deferred()
    let release: (result: AdminFetchResult) => void = () => {}
    const answers: (() => Promise<AdminFetchResult>)[] = [
      async () => ok(),
      () => new Promise((resolve) => (release = resolve)),
    ]
    const { actor, clock, context, fetchAdminData } = await start(port, () =>
      (answers.shift() ?? (async () => ok(fetchData({ Engineers: [engineer(50)] }))))(),
    )
    actor.send({
      type: 'admin.callRequested',
      call: { name: 'createEngineer', body: engineerBody },
    })
    clock.increment(POLL_INTERVAL_MS)
    expect(actor.getSnapshot().hasTag('fetching')).toBe(true)
    answer({ name: 'createEngineer', data: engineer(50) })
    await waitFor(actor, (s) => !s.hasTag('busy'))
    // The poll that started before the write answers with the data from before it: ignored.
    release(ok())
    await waitFor(actor, (s) => !s.hasTag('fetching'))
    expect(fetchAdminData).toHaveBeenCalledTimes(3)
    expect(context().Engineers).toContainEqual(engineer(50))
  })
})
