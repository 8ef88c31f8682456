import { createSigner } from 'fast-jwt'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import type { ClientUser, RefreshData, SessionData } from '../../contract'
import { sessionMachine, toProblem, type StoredAuth } from '../../machines/session/session.machine'
import { realDataActors } from '../support/data-actors'
import {
  clientMachine,
  initialClientContext,
  keptDraft,
  type ClientCall,
  type ClientCallResult,
} from '../../machines/client/client.machine'
import { homePath, isManager, isSignedIn, routeKey } from '../../machines/session/session.selectors'
import type { AuthState, SessionInput, VerifyInput } from '../../machines/session/session.types'
import { REFRESH_LEAD_MS } from '../../machines/session/token'
import { noStorage } from '../support/storage-fakes'
import { emptyPoolData, stageEntry, uuid } from './fixtures'

const MINUTE = 60_000
/** The simulated clock's time when each test starts. */
const START = Date.UTC(2026, 10, 21, 12, 0, 0)

/**
 * A real HS256 JWT that lives `seconds`. It is issued by the wall clock, as a server would; the
 * session only reads its lifetime (exp − iat) and measures its age on the simulated clock.
 */
const token = (seconds = 900, role = 'CLIENT') =>
  createSigner({ key: 'test-secret-test-secret-test-secret', expiresIn: seconds * 1000 })({
    sub: uuid(1),
    role,
  })

const client: ClientUser = {
  id: uuid(1),
  email: 'pat@example.com',
  name: 'Pat',
  role: 'CLIENT',
  createdAt: '2026-01-01T00:00:00.000Z',
  phone: '5125550100',
  address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  onWaiting: false,
  perk: null,
}

const session = (over: Partial<SessionData> = {}): SessionData => ({
  Token: token(),
  userData: client,
  role: 'CLIENT',
  poolData: {
    poolChoices: [stageEntry(7)],
    nonStages: [],
    BuilderRequested: false,
    PermitFee: null,
    ManagerRequests: [],
  },
  Flag: true,
  Engineers: [],
  Managers: [],
  ...over,
})

const refreshed = (over: Partial<RefreshData> = {}): RefreshData => ({
  Token: token(),
  role: 'CLIENT',
  userData: client,
  Flag: true,
  ...over,
})

type Place = { city: string; state: string }

type Fakes = {
  requestCode?: () => Promise<{ tempToken?: string | null }>
  refresh?: () => Promise<RefreshData>
  verify?: (input: VerifyInput) => Promise<SessionData>
  changeCity?: (place: Place) => Promise<RefreshData>
  clientCall?: (call: ClientCall) => Promise<ClientCallResult>
}

function start(input: Partial<SessionInput> = {}, fakes: Fakes = {}) {
  const clock = new SimulatedClock()
  clock.set(START)
  const calls = {
    refresh: 0,
    logout: 0,
    persisted: [] as StoredAuth[],
    cleared: 0,
    verify: [] as VerifyInput[],
    requestCode: 0,
    changeCity: [] as Place[],
    clientCalls: [] as ClientCall[],
    keptClient: [] as unknown[],
    forgotten: [] as string[],
  }
  const machine = sessionMachine.provide({
    actors: {
      ...realDataActors,
      requestCode: fromPromise<{ tempToken?: string | null }, { email: string }>(async () => {
        calls.requestCode++
        return (fakes.requestCode ?? (async () => ({ tempToken: 'temp-1' })))()
      }),
      verify: fromPromise(async ({ input }: { input: VerifyInput }) => {
        calls.verify.push(input)
        return (fakes.verify ?? (async () => session()))(input)
      }),
      refresh: fromPromise(async () => {
        calls.refresh++
        return (fakes.refresh ?? (async () => refreshed()))()
      }),
      logout: fromPromise(async () => {
        calls.logout++
        return null
      }),
      editStatus: fromPromise(async ({ input }: { input: { onWaiting: boolean } }) => input),
      changeCity: fromPromise(async ({ input }: { input: Place }) => {
        calls.changeCity.push(input)
        return (fakes.changeCity ?? (async () => refreshed()))(input)
      }),
      client: clientMachine.provide({
        actions: noStorage,
        actors: {
          clientCall: fromPromise(async ({ input }: { input: ClientCall }) => {
            calls.clientCalls.push(input)
            if (!fakes.clientCall) throw new Error('no client call expected')
            return fakes.clientCall(input)
          }),
        },
      }),
    },
    actions: {
      persistAuth: (_, auth: StoredAuth) => void calls.persisted.push(auth),
      clearStorage: () => void calls.cleared++,
      persistClient: (_, client: unknown) => void calls.keptClient.push(client),
      forgetChildState: (_, keys: string[]) => void calls.forgotten.push(...keys),
    },
  })
  const actor = createActor(machine, {
    // A client's data saved by the last visit; a test that drops it says so.
    input: {
      restored: null,
      rememberLogin: false,
      restoredChildren: { client: initialClientContext(), admin: null },
      ...input,
      now: () => clock.now(),
    },
    clock,
  }).start()
  const advance = (ms: number) => clock.increment(ms)
  return { actor, clock, calls, advance }
}

const signedInAs = (
  accessToken: string,
  extra: Partial<NonNullable<SessionInput['restored']>> = {},
): SessionInput['restored'] => ({
  role: 'CLIENT',
  accessToken,
  tempToken: null,
  userData: client,
  isAuthenticated: true,
  flag: true,
  tokenReceivedAt: START,
  ...extra,
})

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => !s.hasTag('busy') && !s.hasTag('pending') && !s.hasTag('refreshing'))

const NEW_CLIENT = {
  name: 'Nia',
  phone: '5125550100',
  address: '1 Main St',
  city: 'Reno',
  state: 'NV',
}

/**
 * A code sent to new@example.com, which verify proves right but finds no account for; the
 * code-less call that follows (creating the account) answers with `created`.
 */
async function proveNewEmail(created: () => Promise<SessionData>) {
  const notFound = { status: 404, code: 'ACCOUNT_NOT_FOUND', detail: 'No account' }
  const started = start({}, { verify: ({ code }) => (code ? Promise.reject(notFound) : created()) })
  const { actor } = started
  actor.send({ type: 'auth.codeRequested', email: 'new@example.com' })
  await waitFor(actor, (s) => s.matches('awaitingCode'))
  actor.send({ type: 'auth.codeSubmitted', code: '123456', rememberMe: false })
  await waitFor(actor, (s) => s.matches({ loggedOut: 'needsAccount' }))
  return started
}

describe('sign-in', () => {
  it('goes from a code request through verify to the builder, filling the client actor', async () => {
    const { actor, calls } = start()
    expect(homePath(actor.getSnapshot())).toBe('/onboarding')
    actor.send({ type: 'auth.codeRequested', email: 'pat@example.com' })
    await waitFor(actor, (s) => s.matches('awaitingCode'))
    expect(actor.getSnapshot().context.tempToken).toBe('temp-1')
    expect(homePath(actor.getSnapshot())).toBe('/verify')

    actor.send({ type: 'auth.codeSubmitted', code: '123456', rememberMe: true })
    await waitFor(actor, (s) => s.hasTag('authenticated'))
    expect(calls.verify[0]).toMatchObject({
      code: '123456',
      rememberMe: true,
      tempToken: 'temp-1',
      onboarding: null,
    })
    const { context } = actor.getSnapshot()
    expect(context).toMatchObject({
      isAuthenticated: true,
      role: 'CLIENT',
      tempToken: null,
      flag: true,
    })
    expect(homePath(actor.getSnapshot())).toBe('/builder')
    expect(calls.persisted.at(-1)).toMatchObject({
      isAuthenticated: true,
      accessToken: context.accessToken,
    })
    const child = actor.system.get('client')
    expect(child?.getSnapshot().context.poolData.poolChoices).toEqual([stageEntry(7)])
    expect(child?.getSnapshot().context.Flag).toBe(true)
  })

  it('sends a client without Flag to coming soon, and an admin to /admin', async () => {
    const waiting = start({}, { verify: async () => session({ Flag: false }) })
    waiting.actor.send({ type: 'auth.codeRequested', email: 'pat@example.com' })
    await waitFor(waiting.actor, (s) => s.matches('awaitingCode'))
    waiting.actor.send({ type: 'auth.codeSubmitted', code: '123456', rememberMe: false })
    await waitFor(waiting.actor, (s) => s.hasTag('authenticated'))
    expect(homePath(waiting.actor.getSnapshot())).toBe('/coming-soon')

    const admin = start({
      restored: signedInAs(token(900, 'ADMIN'), { role: 'ADMIN', flag: false }),
    })
    expect(homePath(admin.actor.getSnapshot())).toBe('/admin')
    expect(admin.actor.system.get('admin')).toBeDefined()
    expect(admin.actor.system.get('client')).toBeUndefined()
  })

  it('keeps the email and the temp token, and goes to onboarding, when verify answers ACCOUNT_NOT_FOUND', async () => {
    const { actor } = await proveNewEmail(() => Promise.reject(new Error('not called')))
    const { context } = actor.getSnapshot()
    expect(context.email).toBe('new@example.com')
    // The proved code's temp token is kept for the account it creates.
    expect(context.tempToken).toBe('temp-1')
    expect(actor.getSnapshot().hasTag('route:onboarding')).toBe(true)
    expect(homePath(actor.getSnapshot())).toBe('/onboarding')
  })

  it('creates the account with the verified temp token, no second code', async () => {
    const { actor, calls } = await proveNewEmail(async () => session({ Flag: false }))
    actor.send({ type: 'auth.accountSubmitted', onboarding: NEW_CLIENT, rememberMe: true })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(homePath(actor.getSnapshot())).toBe('/onboarding')
    await waitFor(actor, (s) => s.hasTag('authenticated'))
    expect(calls.verify[1]).toMatchObject({
      code: '',
      rememberMe: true,
      tempToken: 'temp-1',
      onboarding: NEW_CLIENT,
    })
    expect(calls.requestCode).toBe(1)
    expect(homePath(actor.getSnapshot())).toBe('/coming-soon')
  })

  it('stays on onboarding with the problem when creating the account fails', async () => {
    const spent = { status: 401, code: 'CODE_EXPIRED', detail: 'Request a new code.' }
    const { actor } = await proveNewEmail(() => Promise.reject(spent))
    actor.send({ type: 'auth.accountSubmitted', onboarding: NEW_CLIENT, rememberMe: false })
    await waitFor(actor, (s) => s.context.problem?.code === 'CODE_EXPIRED')
    expect(actor.getSnapshot().matches({ loggedOut: { needsAccount: 'editing' } })).toBe(true)
    // The usual way remains: a new code for the same email.
    actor.send({ type: 'auth.codeRequested', email: 'new@example.com', onboarding: NEW_CLIENT })
    await waitFor(actor, (s) => s.matches('awaitingCode'))
  })

  it('stays on verify with the problem and the tries left after a wrong code', async () => {
    const wrong = {
      status: 401,
      code: 'CODE_INVALID',
      detail: 'That code is not right. 4 tries left.',
      triesLeft: 4,
    }
    const { actor } = start({}, { verify: async () => Promise.reject(wrong) })
    actor.send({ type: 'auth.codeRequested', email: 'pat@example.com' })
    await waitFor(actor, (s) => s.matches('awaitingCode'))
    actor.send({ type: 'auth.codeSubmitted', code: '000000', rememberMe: false })
    await waitFor(actor, (s) => s.matches('awaitingCode') && s.context.problem !== null)
    expect(actor.getSnapshot().context.problem).toMatchObject({
      code: 'CODE_INVALID',
      triesLeft: 4,
    })
  })

  it('verifies nothing more once the code is locked, until a new code is sent', async () => {
    const locked = { status: 401, code: 'CODE_LOCKED', detail: 'Too many wrong tries.' }
    const { actor, calls } = start({}, { verify: async () => Promise.reject(locked) })
    actor.send({ type: 'auth.codeRequested', email: 'pat@example.com' })
    await waitFor(actor, (s) => s.matches('awaitingCode'))
    actor.send({ type: 'auth.codeSubmitted', code: '000000', rememberMe: false })
    await waitFor(actor, (s) => s.matches('awaitingCode') && s.context.problem !== null)
    actor.send({ type: 'auth.codeSubmitted', code: '111111', rememberMe: false })
    expect(actor.getSnapshot().matches('awaitingCode')).toBe(true)
    expect(calls.verify).toHaveLength(1)
    actor.send({ type: 'auth.codeResent' })
    await waitFor(actor, (s) => s.matches('awaitingCode') && s.context.problem === null)
    actor.send({ type: 'auth.codeSubmitted', code: '222222', rememberMe: false })
    await waitFor(actor, (s) => s.matches('awaitingCode') && s.context.problem !== null)
    expect(calls.verify).toHaveLength(2)
  })

  it('shows a code request that failed on the page it was asked from', async () => {
    const down = { status: 0, code: 'NETWORK', detail: 'Offline.' }
    let answer: () => Promise<{ tempToken?: string | null }> = async () => Promise.reject(down)
    const { actor } = start({}, { requestCode: () => answer() })
    actor.send({ type: 'auth.codeRequested', email: 'pat@example.com' })
    expect(homePath(actor.getSnapshot())).toBe('/onboarding')
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (s) => s.matches('loggedOut') && s.context.problem?.code === 'NETWORK')

    answer = async () => ({ tempToken: 'temp-1' })
    actor.send({ type: 'auth.codeRequested', email: 'pat@example.com' })
    await waitFor(actor, (s) => s.matches('awaitingCode') && s.context.problem === null)
    answer = async () => Promise.reject(down)
    actor.send({ type: 'auth.codeResent' })
    expect(homePath(actor.getSnapshot())).toBe('/verify')
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (s) => s.matches('awaitingCode') && s.context.problem?.code === 'NETWORK')
    expect(actor.getSnapshot().context.tempToken).toBe('temp-1')
  })

  it('sends the onboarding details with the code', async () => {
    const { actor, calls } = start()
    const details = {
      name: 'Pat',
      phone: '5125550100',
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
    }
    actor.send({ type: 'auth.codeRequested', email: 'pat@example.com', onboarding: details })
    await waitFor(actor, (s) => s.matches('awaitingCode'))
    actor.send({ type: 'auth.codeSubmitted', code: '123456', rememberMe: false })
    await waitFor(actor, (s) => s.hasTag('authenticated'))
    expect(calls.verify[0]?.onboarding).toEqual(details)
  })
})

describe('timed refresh', () => {
  it('refreshes 30 s before the token expires, and again for the next token', async () => {
    const { actor, calls, advance } = start({ restored: signedInAs(token(900)) })
    advance(900_000 - REFRESH_LEAD_MS - 1)
    expect(calls.refresh).toBe(0)
    advance(1)
    await settled(actor)
    expect(calls.refresh).toBe(1)
    advance(900_000 - REFRESH_LEAD_MS)
    await settled(actor)
    expect(calls.refresh).toBe(2)
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true)
  })

  it('refreshes at once inside the 30-second window', async () => {
    const { actor, calls, advance } = start({ restored: signedInAs(token(20)) })
    advance(0)
    await settled(actor)
    expect(calls.refresh).toBe(1)
  })

  it('schedules nothing for a token another tab stored expired', async () => {
    const { actor, calls, advance } = start({ restored: signedInAs(token()) })
    const auth = { ...signedInAs(token()), accessToken: 'not-a-jwt' } as AuthState
    actor.send({ type: 'session.synced', auth })
    advance(60 * MINUTE)
    expect(calls.refresh).toBe(0)
    expect(actor.getSnapshot().matches({ signedIn: { token: 'stale' } })).toBe(true)
  })

  it('tries one refresh on a 401 and logs out on the next', async () => {
    const { actor, calls } = start({ restored: signedInAs(token()) })
    actor.send({ type: 'session.unauthorized' })
    await settled(actor)
    expect(calls.refresh).toBe(1)
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true)
    actor.send({ type: 'session.unauthorized' })
    await waitFor(actor, (s) => s.matches('loggedOut'))
    expect(calls.refresh).toBe(1)
    expect(calls.cleared).toBe(1)
  })

  it("refreshes on a builder call's 403, once while it runs, and shows the waiting screen", async () => {
    let answer: (data: RefreshData) => void = () => {}
    const refresh = () => new Promise<RefreshData>((resolve) => (answer = resolve))
    const { actor, calls } = start({ restored: signedInAs(token()) }, { refresh })
    expect(homePath(actor.getSnapshot())).toBe('/builder')
    actor.send({ type: 'session.forbidden' })
    actor.send({ type: 'session.forbidden' })
    answer(refreshed({ Flag: false }))
    await settled(actor)
    expect(calls.refresh).toBe(1)
    expect(homePath(actor.getSnapshot())).toBe('/coming-soon')
    // A 403 is no failed recovery: the next 401 still gets its refresh.
    actor.send({ type: 'session.unauthorized' })
    answer(refreshed({ Flag: false }))
    await settled(actor)
    expect(calls.refresh).toBe(2)
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true)
  })

  it('refreshes once for every 401 that arrives while it runs', async () => {
    let answer: (data: RefreshData) => void = () => {}
    const refresh = () => new Promise<RefreshData>((resolve) => (answer = resolve))
    const { actor, calls } = start({ restored: signedInAs(token()) }, { refresh })
    actor.send({ type: 'session.unauthorized' })
    actor.send({ type: 'session.unauthorized' })
    answer(refreshed())
    await settled(actor)
    expect(calls.refresh).toBe(1)
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true)
  })

  it('clears everything, storage included, when a refresh fails', async () => {
    const { actor, calls, advance } = start(
      { restored: signedInAs(token(10)) },
      {
        refresh: async () =>
          Promise.reject({ status: 401, code: 'REFRESH_INVALID', detail: 'ended' }),
      },
    )
    advance(0)
    await waitFor(actor, (s) => s.matches('loggedOut'))
    expect(actor.getSnapshot().context).toMatchObject({
      accessToken: null,
      userData: null,
      isAuthenticated: false,
      role: null,
    })
    expect(calls.cleared).toBe(1)
    expect(actor.system.get('client')).toBeUndefined()
  })

  it('moves a client whose city opened to the builder on the next refresh', async () => {
    const restored = signedInAs(token(10), { flag: false })
    const { actor, advance } = start(
      { restored },
      { refresh: async () => refreshed({ Flag: true }) },
    )
    expect(homePath(actor.getSnapshot())).toBe('/coming-soon')
    advance(0)
    await waitFor(actor, (s) => s.hasTag('route:builder'))
    expect(actor.system.get('client')?.getSnapshot().context.Flag).toBe(true)
  })

  it("replaces the client's data with what a client's refresh carries", async () => {
    const restored = signedInAs(token(10))
    const poolData = {
      poolChoices: [stageEntry(9)],
      nonStages: [],
      BuilderRequested: true,
      PermitFee: 45_000,
      ManagerRequests: [],
    }
    const { actor, advance } = start({ restored }, { refresh: async () => refreshed({ poolData }) })
    advance(0)
    const client = actor.system.get('client')
    await waitFor(client, (s) => s.context.poolData.BuilderRequested)
    expect(client.getSnapshot().context).toMatchObject({ poolData, Engineers: [], Managers: [] })
  })

  it("keeps the client's data when a refresh carries none", async () => {
    const poolData = emptyPoolData({ poolChoices: [stageEntry(3)] })
    const { actor, advance, calls } = start(
      {
        restored: signedInAs(token(10)),
        restoredChildren: { client: { ...initialClientContext(), poolData }, admin: null },
      },
      { refresh: async () => refreshed() },
    )
    advance(0)
    await waitFor(actor, () => calls.refresh === 1)
    await settled(actor)
    expect(actor.system.get('client')?.getSnapshot().context.poolData).toEqual(poolData)
  })
})

describe('start-up', () => {
  it('refreshes at once for a signed-in client whose saved data is gone, and fills it', async () => {
    const poolData = {
      poolChoices: [stageEntry(5)],
      nonStages: [],
      BuilderRequested: false,
      PermitFee: 45_000,
      ManagerRequests: [],
    }
    const { actor, calls } = start(
      { restored: signedInAs(token()), restoredChildren: { client: null, admin: null } },
      { refresh: async () => refreshed({ poolData, Engineers: [], Managers: [] }) },
    )
    const client = actor.system.get('client')
    await waitFor(client, (s) => s.context.poolData.PermitFee === 45_000)
    expect(calls.refresh).toBe(1)
    expect(client.getSnapshot().context.poolData).toEqual(poolData)
    // The data is back: the next refresh waits for the token as usual.
    await settled(actor)
    expect(actor.getSnapshot().matches({ signedIn: { token: 'fresh' } })).toBe(true)
  })

  it('does not refresh at start for a signed-in client whose data was saved', async () => {
    const { actor, calls } = start({ restored: signedInAs(token()) })
    await settled(actor)
    expect(calls.refresh).toBe(0)
  })

  it('tries the refresh cookie when rememberLogin=true and nothing is stored', async () => {
    const { actor, calls } = start({ rememberLogin: true })
    expect(actor.getSnapshot().hasTag('pending')).toBe(true)
    expect(homePath(actor.getSnapshot())).toBeNull()
    await waitFor(actor, (s) => s.hasTag('authenticated'))
    expect(calls.refresh).toBe(1)
    expect(homePath(actor.getSnapshot())).toBe('/builder')
  })

  it("fills the client's data from that refresh when it carries it", async () => {
    const poolData = {
      poolChoices: [stageEntry(4)],
      nonStages: [],
      BuilderRequested: false,
      PermitFee: null,
      ManagerRequests: [],
    }
    const { actor } = start(
      { rememberLogin: true },
      { refresh: async () => refreshed({ poolData, Engineers: [], Managers: [] }) },
    )
    await waitFor(actor, (s) => s.hasTag('authenticated'))
    expect(actor.system.get('client')?.getSnapshot().context.poolData).toEqual(poolData)
  })

  it('shows sign-in when that refresh fails', async () => {
    const { actor } = start(
      { rememberLogin: true },
      {
        refresh: async () => Promise.reject({ status: 401, code: 'REFRESH_INVALID', detail: 'x' }),
      },
    )
    await waitFor(actor, (s) => s.matches('loggedOut'))
  })

  it('does not refresh at start without rememberLogin', () => {
    const { actor, calls } = start()
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true)
    expect(calls.refresh).toBe(0)
  })
})

describe('signed in', () => {
  it('logs out: calls logout, stops the children and clears everything', async () => {
    const { actor, calls } = start({ restored: signedInAs(token()) })
    expect(actor.system.get('client')).toBeDefined()
    actor.send({ type: 'session.loggedOut' })
    await waitFor(actor, (s) => s.matches('loggedOut'))
    expect(calls.logout).toBe(1)
    expect(calls.cleared).toBe(1)
    expect(actor.system.get('client')).toBeUndefined()
    expect(actor.getSnapshot().context.accessToken).toBeNull()
  })

  it('toggles userData.onWaiting when edit-status succeeds', async () => {
    const { actor, calls } = start({ restored: signedInAs(token(), { flag: false }) })
    actor.send({ type: 'waiting.toggled' })
    await settled(actor)
    expect(actor.getSnapshot().context.userData).toMatchObject({ onWaiting: true })
    expect(calls.persisted.at(-1)?.userData).toMatchObject({ onWaiting: true })
    actor.send({ type: 'waiting.toggled' })
    await settled(actor)
    expect(actor.getSnapshot().context.userData).toMatchObject({ onWaiting: false })
  })

  it('moves a client to the builder when their corrected city is served', async () => {
    const { actor, calls } = start(
      { restored: signedInAs(token(), { flag: false }) },
      {
        changeCity: async () =>
          refreshed({
            Flag: true,
            userData: { ...client, city: 'Austin', state: 'TX' },
            poolData: {
              poolChoices: [],
              nonStages: [],
              BuilderRequested: false,
              PermitFee: 45_000,
              ManagerRequests: [],
            },
          }),
      },
    )
    expect(homePath(actor.getSnapshot())).toBe('/coming-soon')
    actor.send({ type: 'city.changed', place: { city: 'austin', state: 'TX' } })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (s) => s.hasTag('route:builder'))
    expect(calls.changeCity).toEqual([{ city: 'austin', state: 'TX' }])
    expect(actor.getSnapshot().context).toMatchObject({ flag: true, userData: { city: 'Austin' } })
    expect(calls.persisted.at(-1)).toMatchObject({ flag: true })
    // The builder gets the new city's permit fee with the rest of the answer.
    const child = actor.system.get('client')
    expect(child?.getSnapshot().context).toMatchObject({
      Flag: true,
      poolData: { PermitFee: 45_000 },
    })
  })

  it('keeps a client on coming soon for another city we do not serve, or with the problem', async () => {
    const invalid = {
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: 'Some fields need attention.',
      fieldErrors: { state: ['Choose one of the 50 states or DC'] },
    }
    const { actor } = start(
      { restored: signedInAs(token(), { flag: false }) },
      {
        changeCity: async ({ city, state }) =>
          state === 'NV'
            ? refreshed({ Flag: false, userData: { ...client, city, state } })
            : Promise.reject(invalid),
      },
    )
    actor.send({ type: 'city.changed', place: { city: 'Reno', state: 'NV' } })
    await settled(actor)
    expect(homePath(actor.getSnapshot())).toBe('/coming-soon')
    expect(actor.getSnapshot().context.userData).toMatchObject({ city: 'Reno' })
    actor.send({ type: 'city.changed', place: { city: 'Reno', state: 'XX' } })
    await settled(actor)
    expect(actor.getSnapshot().context.problem).toMatchObject({ fieldErrors: invalid.fieldErrors })
    expect(actor.getSnapshot().matches({ signedIn: { view: { comingSoon: 'idle' } } })).toBe(true)
  })

  it('follows another tab: its sign-out signs this tab out, its new token is taken', async () => {
    const { actor, calls } = start({ restored: signedInAs(token()) })
    const newer = token(900)
    actor.send({ type: 'session.synced', auth: { ...signedInAs(newer) } as AuthState })
    expect(actor.getSnapshot().context.accessToken).toBe(newer)
    actor.send({ type: 'session.synced', auth: null })
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true)
    expect(calls.logout).toBe(0)
  })

  // Issue 15: an admin tab kept its admin actor when another tab signed in a client, and the
  // next refresh or 401 sent to a client actor that did not exist, which stopped the session.
  it("takes another tab's sign-in as a client: the admin actor and its data go, a client's come", async () => {
    const { actor, calls, advance } = start(
      { restored: signedInAs(token(900, 'ADMIN'), { role: 'ADMIN', flag: false }) },
      { refresh: async () => refreshed({ poolData: session().poolData ?? undefined }) },
    )
    expect(actor.system.get('admin')).toBeDefined()
    actor.send({ type: 'session.synced', auth: { ...signedInAs(token()) } as AuthState })
    expect(actor.system.get('admin')).toBeUndefined()
    expect(calls.forgotten).toEqual(['admin', 'projects'])
    // Nothing of this client is in this tab yet: a refresh brings its data.
    await settled(actor)
    expect(calls.refresh).toBe(1)
    expect(homePath(actor.getSnapshot())).toBe('/builder')
    const child = actor.system.get('client')
    expect(child?.getSnapshot().context.poolData.poolChoices).toEqual([stageEntry(7)])
    // The next timed refresh and a 401 reach the client actor; the session lives on.
    advance(15 * MINUTE)
    await settled(actor)
    actor.send({ type: 'session.unauthorized' })
    await settled(actor)
    expect(calls.refresh).toBe(3)
    expect(actor.getSnapshot().status).toBe('active')
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true)
  })

  it('gives a manager the projects actor and no admin data; an admin has both', () => {
    const manager = start({
      restored: signedInAs(token(900, 'MANAGER'), { role: 'MANAGER', flag: false }),
    })
    expect(manager.actor.system.get('projects')).toBeDefined()
    expect(manager.actor.system.get('admin')).toBeUndefined()
    expect(homePath(manager.actor.getSnapshot())).toBe('/admin')
    const admin = start({
      restored: signedInAs(token(900, 'ADMIN'), { role: 'ADMIN', flag: false }),
    })
    expect(admin.actor.system.get('projects')).toBeDefined()
    expect(admin.actor.system.get('admin')).toBeDefined()
  })

  it("keys a manager's pages apart from an admin's, and drops the manager on the way out", () => {
    const manager = start({
      restored: signedInAs(token(900, 'MANAGER'), { role: 'MANAGER', flag: false }),
    })
    const admin = start({
      restored: signedInAs(token(900, 'ADMIN'), { role: 'ADMIN', flag: false }),
    })
    expect(isSignedIn(manager.actor.getSnapshot())).toBe(true)
    expect(isManager(manager.actor.getSnapshot())).toBe(true)
    expect(routeKey(manager.actor.getSnapshot())).toBe('/admin:manager')
    expect(isManager(admin.actor.getSnapshot())).toBe(false)
    expect(routeKey(admin.actor.getSnapshot())).toBe('/admin')
    manager.actor.send({ type: 'session.loggedOut' })
    const leaving = manager.actor.getSnapshot()
    expect(leaving.context.role).toBe('MANAGER')
    expect(isSignedIn(leaving)).toBe(false)
    expect(isManager(leaving)).toBe(false)
    expect(routeKey(leaving)).toBe('null')
  })

  it("takes another tab's sign-in as an admin from a manager's: the manager's projects go", () => {
    const { actor, calls } = start({
      restored: signedInAs(token(900, 'MANAGER'), { role: 'MANAGER', flag: false }),
    })
    const before = actor.system.get('projects')
    const admin = signedInAs(token(900, 'ADMIN'), { role: 'ADMIN', flag: false })
    actor.send({ type: 'session.synced', auth: { ...admin } as AuthState })
    expect(calls.forgotten).toEqual(['projects'])
    expect(actor.system.get('admin')).toBeDefined()
    expect(actor.system.get('projects')).not.toBe(before)
    expect(actor.getSnapshot().context.role).toBe('ADMIN')
  })

  it("takes another tab's sign-in as an admin, or as another client, with fresh children", async () => {
    const toAdmin = start({ restored: signedInAs(token()) })
    const admin = signedInAs(token(900, 'ADMIN'), { role: 'ADMIN', flag: false })
    toAdmin.actor.send({ type: 'session.synced', auth: { ...admin } as AuthState })
    expect(toAdmin.actor.system.get('client')).toBeUndefined()
    expect(toAdmin.actor.system.get('admin')).toBeDefined()
    expect(toAdmin.calls.forgotten).toEqual(['client'])
    expect(homePath(toAdmin.actor.getSnapshot())).toBe('/admin')

    const other = { ...client, id: uuid(2), email: 'sam@example.com' }
    const { actor, calls } = start(
      { restored: signedInAs(token()) },
      {
        refresh: async () =>
          refreshed({ userData: other, poolData: session().poolData ?? undefined }),
      },
    )
    const before = actor.system.get('client')
    actor.send({
      type: 'session.synced',
      auth: { ...signedInAs(token(), { userData: other }) } as AuthState,
    })
    const after = actor.system.get('client')
    expect(after).toBeDefined()
    expect(after).not.toBe(before)
    // The other tab's client keeps its data under the same key: only the actor is new.
    expect(calls.forgotten).toEqual([])
    await settled(actor)
    expect(actor.getSnapshot().context.userData).toMatchObject({ id: uuid(2) })
    expect(after?.getSnapshot().context.poolData.poolChoices).toEqual([stageEntry(7)])
  })
})

describe('a stale session', () => {
  const expired = () => signedInAs(token(60), { tokenReceivedAt: START - 2 * MINUTE })
  const refusal = { status: 401, code: 'REFRESH_INVALID', detail: 'Your session has ended.' }
  const excavationQuote: ClientCall = {
    name: 'addQuote',
    body: { StageId: uuid(4), vendor: 'Dig Co', amount: 120_000 },
  }

  it('confirms a restored session whose token expired with one refresh before any screen', async () => {
    for (const accessToken of [token(60), 'not-a-jwt']) {
      const restored = signedInAs(accessToken, { tokenReceivedAt: START - 2 * MINUTE })
      const { actor, calls } = start({ restored })
      expect(homePath(actor.getSnapshot())).toBeNull()
      await waitFor(actor, (s) => s.hasTag('authenticated'))
      expect(calls.refresh).toBe(1)
      expect(homePath(actor.getSnapshot())).toBe('/builder')
      actor.stop()
    }
  })

  it('clears the stored session and data when that refresh fails, showing no screen before', async () => {
    const { actor, calls } = start(
      { restored: expired() },
      { refresh: () => Promise.reject(refusal) },
    )
    expect(actor.getSnapshot().hasTag('pending')).toBe(true)
    await waitFor(actor, (s) => s.matches('loggedOut'))
    expect(actor.getSnapshot().context).toMatchObject({ isAuthenticated: false, userData: null })
    expect(calls.cleared).toBe(1)
    expect(actor.system.get('client')).toBeUndefined()
  })

  it("keeps the client's edit a 401 interrupted as a draft when the refresh fails", async () => {
    const { actor, calls } = start(
      { restored: signedInAs(token()) },
      { refresh: () => Promise.reject(refusal) },
    )
    actor.send({ type: 'session.unauthorized', draft: excavationQuote })
    await waitFor(actor, (s) => s.matches('loggedOut'))
    const kept = keptDraft({ userId: client.id, call: excavationQuote })
    expect(calls.cleared).toBe(1)
    expect(calls.keptClient).toEqual([kept])
    expect(actor.getSnapshot().context.restoredChildren.client).toEqual(kept)
  })

  it('keeps no draft when a refresh fails with no edit waiting on it', async () => {
    const { actor, calls, advance } = start(
      { restored: signedInAs(token(10)) },
      { refresh: () => Promise.reject(refusal) },
    )
    advance(0)
    await waitFor(actor, (s) => s.matches('loggedOut'))
    expect(calls.keptClient).toEqual([null])
  })

  async function signInAgain(
    userData: ClientUser,
    clientCall: (call: ClientCall) => Promise<ClientCallResult>,
  ) {
    const kept = keptDraft({ userId: client.id, call: excavationQuote })
    const started = start(
      { restoredChildren: { client: kept, admin: null } },
      { verify: async () => session({ userData }), clientCall },
    )
    started.actor.send({ type: 'auth.codeRequested', email: userData.email })
    await waitFor(started.actor, (s) => s.matches('awaitingCode'))
    started.actor.send({ type: 'auth.codeSubmitted', code: '123456', rememberMe: false })
    await waitFor(started.actor, (s) => s.hasTag('authenticated'))
    return started
  }

  it('re-applies the draft when the same user signs in again, and says so', async () => {
    const entry = { ...stageEntry(4), quotes: [] }
    const { actor, calls } = await signInAgain(client, async () => ({
      name: 'addQuote',
      data: entry,
    }))
    const child = actor.system.get('client')
    await waitFor(child, (s) => s.context.replayed !== null)
    expect(calls.clientCalls).toEqual([excavationQuote])
    expect(child.getSnapshot().context).toMatchObject({ draft: null, replayed: excavationQuote })
    expect(child.getSnapshot().context.poolData.poolChoices).toContainEqual(entry)
  })

  it('drops the draft when someone else signs in', async () => {
    const other = { ...client, id: uuid(2), email: 'sam@example.com' }
    const { actor, calls } = await signInAgain(other, () => Promise.reject(new Error('no call')))
    const child = actor.system.get('client')
    expect(child.getSnapshot().context.draft).toBeNull()
    expect(child.getSnapshot().matches({ writes: 'ready' })).toBe(true)
    expect(calls.clientCalls).toEqual([])
  })
})

describe('the problem a sign-in page shows', () => {
  const unknown = { status: 0, code: 'UNKNOWN', detail: 'Something went wrong. Please try again.' }

  it("shows an API refusal's fields, and only those it has", () => {
    const refusal = { status: 400, code: 'BAD_CODE', detail: 'Wrong code', stack: 'x' }
    expect(toProblem(refusal)).toStrictEqual({
      status: 400,
      code: 'BAD_CODE',
      detail: 'Wrong code',
    })
    const fieldErrors = { email: ['Enter an email'] }
    expect(toProblem({ ...refusal, fieldErrors, triesLeft: 0 })).toStrictEqual({
      status: 400,
      code: 'BAD_CODE',
      detail: 'Wrong code',
      fieldErrors,
      triesLeft: 0,
    })
  })

  it.each([null, undefined, 'offline', new Error('boom'), { status: 500 }, { code: 'GONE' }])(
    'shows a generic problem for %j',
    (error) => {
      expect(toProblem(error)).toStrictEqual(unknown)
    },
  )
})
