import type {
  AdminClient,
  AdminFetchData,
  AdminUser,
  City,
  ClientUser,
  ManagerRequest,
  NonStageEntry,
  PoolData,
  PoolEntry,
  RefreshData,
  SessionData,
  Stage,
  StageEntry,
  UserData,
} from '../../contract'
import {
  checklistRoutes,
  documentsRoutes,
  moneyRoutes,
  timelineRoutes,
} from '../../contract/routes'
import { cityKey, LoginBody, zoneOfState } from '../../contract'
import { REFERENCE_POOL } from '../../contract/estimator'
import { FILE_TYPES } from '../../contract/documents'
import type { AdminCall, AdminCallResult, AdminFetchResult } from '../../machines/admin/admin.types'
import type {
  ClientCall,
  ClientCallResult,
  UploadRequest,
} from '../../machines/client/client.types'
import type { OnboardingDetails } from '../../machines/session/session.types'
import { ApiError, NETWORK_DETAIL } from '../../src/adapters/api/api-error'
import { REMEMBER_LOGIN_COOKIE } from '../../src/adapters/auth-storage'
import type { Message } from '../../contract/messages'
import { messageRoutes } from '../../contract/routes/messages'
import { createFakeDocumentsApi } from '../app/builder/documents-fake'
import { createFakeMessagesApi } from '../app/builder/messages-fake'
import { PROJECT_NOTES } from './builder-messages.walk'
import {
  createFakeClientApi,
  emptyPoolData,
  manager,
  stageId,
  STAGES,
} from '../app/builder/harness'
import { MISFIT_REQUEST, type CutCall } from './driver'
import { wrongCode } from './fake-codes'
import { createFakeTradePortal } from './fake-trade-portal'
import { createFakeProjects } from './fake-projects'
import type { NamedCall } from '../../contract/routes'
import type { ProjectsCallName } from '../../machines/projects/projects.types'

/** The people behind each model account: who types what, and where they live. */
export const PEOPLE = {
  admin: { email: 'ada@poolpath.test', name: 'Ada Admin', city: '', state: '' },
  manager: { email: 'max@poolpath.test', name: 'Max Manager', city: '', state: '' },
  clientWithFlag: { email: 'fran@example.com', name: 'Fran Diaz', city: 'Austin', state: 'TX' },
  clientWithoutFlag: { email: 'bo@example.com', name: 'Bo Park', city: 'Boise', state: 'ID' },
  newEmail: { email: 'nia@example.com', name: 'Nia Cole', city: '', state: '' },
  servedCity: { email: 'sam@example.com', name: 'Sam Lee', city: 'Austin', state: 'TX' },
  unservedCity: { email: 'uma@example.com', name: 'Uma Roy', city: 'Reno', state: 'NV' },
} as const

const MAX_TRIES = 5
/** Codes per email per 15 minutes, as the server's default LOGIN_LIMIT_PER_EMAIL. */
export const CODES_PER_EMAIL = 5
/** As the Chromium paths' server issues them (ACCESS_TOKEN_TTL=45): refreshed 15 s in. */
const TOKEN_TTL_S = 45
const SERVED = [cityKey('Austin', 'TX')]
const createdAt = '2026-01-01T00:00:00.000Z'

/** `verified`: verify proved the code right for an email with no account (see the real route). */
type SentCode = {
  email: string
  code: string
  triesLeft: number
  used: boolean
  verified: boolean
}

const problem = (status: number, code: string, detail: string, triesLeft?: number) =>
  new ApiError({ status, code, detail, triesLeft })

const fieldProblem = (field: string, message: string) =>
  new ApiError({
    status: 400,
    code: 'VALIDATION_FAILED',
    detail: 'Some fields need attention.',
    fieldErrors: { [field]: [message] },
  })

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')

let tokensIssued = 0

/**
 * Shaped like the server's JWT, so the session reads its expiry and plans a refresh. Each one
 * differs (`jti`), as the server's do a second apart: the fake's clock stands still.
 */
function accessToken(userId: string, role: string): string {
  const iat = Math.floor(Date.now() / 1000)
  tokensIssued += 1
  const claims = { sub: userId, role, iat, exp: iat + TOKEN_TTL_S, jti: tokensIssued }
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.fake-signature`
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

const admin = (): AdminUser => ({
  id: uuid(1),
  email: PEOPLE.admin.email,
  name: PEOPLE.admin.name,
  role: 'ADMIN',
  createdAt,
})

/** The manager the back office listed, signed in with its own code (role MANAGER). */
const projectManager = (): AdminUser => ({
  id: uuid(5),
  email: PEOPLE.manager.email,
  name: PEOPLE.manager.name,
  role: 'MANAGER',
  createdAt,
})

type Person = { email: string; name: string; city: string; state: string }

const client = (n: number, person: Person, over: Partial<ClientUser> = {}): ClientUser => ({
  id: uuid(n),
  email: person.email,
  name: person.name,
  role: 'CLIENT',
  createdAt,
  phone: '512 555 0100',
  address: '1 Main St',
  city: person.city,
  state: person.state,
  onWaiting: false,
  perk: null,
  ...over,
})

const EMAIL_TAKEN = 'An account already uses this email.'

const adminClient = (n: number, person: Person): AdminClient => ({
  ...client(n, person),
  Flag: SERVED.includes(cityKey(person.city, person.state)),
  stepsDone: 0,
  committed: 0,
  paid: 0,
  storageUsed: 0,
})

/** The item of `items` with `id` changed by `change`, and the list with it in place. */
function replacing<T extends { id: string }>(items: readonly T[], id: string, change: Partial<T>) {
  const old = items.find((item) => item.id === id)
  if (!old) throw problem(404, 'NOT_FOUND', 'No item has this id.')
  const item = { ...old, ...change }
  return { item, items: items.map((each) => (each.id === id ? item : each)) }
}

/**
 * The back office's data, changed by the admin writes the models make and versioned by ETag:
 * two clients, one of them in Boise who asked for a project builder and for a manager; the
 * stages with their tips.
 */
function createBackOffice() {
  const data: AdminFetchData = {
    Admins: [admin()],
    Cities: [],
    Stages: structuredClone(STAGES),
    NonStages: [],
    Clients: [adminClient(2, PEOPLE.clientWithFlag), adminClient(3, PEOPLE.clientWithoutFlag)],
    Managers: [],
    Engineers: [],
    UsersWithPerks: [],
    BuilderRequests: [
      {
        id: uuid(700),
        clientId: uuid(3),
        clientName: PEOPLE.clientWithoutFlag.name,
        status: 'open',
        createdAt,
      },
    ],
    ManagerRequests: [
      {
        id: uuid(701),
        clientId: uuid(3),
        clientName: PEOPLE.clientWithoutFlag.name,
        managerId: null,
        managerName: 'Any manager',
        message: 'Please call after 5pm.',
        status: 'open',
        createdAt,
      },
    ],
    UsersOnWaiting: [],
    Schedule: [],
    Scope: [],
    Checklists: [],
  }
  /** The lists the admin writes add to, change and drop from. */
  type List = keyof Omit<
    AdminFetchData,
    'Stages' | 'NonStages' | 'UsersWithPerks' | 'Schedule' | 'Scope' | 'Checklists'
  >
  type Item<K extends List> = AdminFetchData[K][number]
  const add = <K extends List>(key: K, item: Item<K>) => {
    data[key] = [...data[key], item] as AdminFetchData[K]
    return item
  }
  const edit = <K extends List>(key: K, id: string, change: Partial<Item<K>>) => {
    const { item, items } = replacing<Item<K>>(data[key], id, change)
    data[key] = items as AdminFetchData[K]
    return item
  }
  const drop = <K extends List>(key: K, id: string) => {
    data[key] = data[key].filter((each: Item<K>) => each.id !== id) as AdminFetchData[K]
    return id
  }
  let version = 1
  let created = 0
  const changed = () => {
    version += 1
  }
  const newId = () => {
    created += 1
    return uuid(800 + created)
  }
  const checkEmail = (email: string | undefined, id?: string) => {
    const users = [...data.Admins, ...data.Clients]
    if (users.some((user) => user.email === email && user.id !== id))
      throw problem(409, 'CONFLICT', EMAIL_TAKEN)
  }
  const serve = (name: string, state: string, permitFee: number): City => {
    if (data.Cities.some((city) => city.name === name && city.state === state))
      throw problem(409, 'CONFLICT', `We already serve ${name}, ${state}.`)
    const city = add('Cities', {
      id: newId(),
      name,
      state,
      permitFee,
      timeZone: zoneOfState(state),
    })
    changed()
    return city
  }
  /** Applies one write to `data`, as the real routes do; what it answers is the route's Data. */
  const apply = (call: AdminCall): AdminCallResult => {
    switch (call.name) {
      case 'createCity':
        return {
          name: call.name,
          data: serve(call.body.name, call.body.state, call.body.permitFee),
        }
      case 'editCity':
        return { name: call.name, data: edit('Cities', call.id, call.body) }
      case 'deleteCity':
        return { name: call.name, data: drop('Cities', call.id) }
      case 'createEngineer':
        return { name: call.name, data: add('Engineers', { id: newId(), ...call.body }) }
      case 'editEngineer':
        return { name: call.name, data: edit('Engineers', call.id, call.body) }
      case 'deleteEngineer':
        return { name: call.name, data: drop('Engineers', call.id) }
      case 'createManager':
        return { name: call.name, data: add('Managers', { id: newId(), ...call.body }) }
      case 'editManager':
        return { name: call.name, data: edit('Managers', call.id, call.body) }
      case 'deleteManager':
        return { name: call.name, data: drop('Managers', call.id) }
      case 'createAdmin': {
        checkEmail(call.body.email)
        const added: AdminUser = { id: newId(), ...call.body, role: 'ADMIN', createdAt }
        return { name: call.name, data: add('Admins', added) }
      }
      case 'editAdmin': {
        checkEmail(call.body.email, call.id)
        return { name: call.name, data: edit('Admins', call.id, call.body) }
      }
      case 'deleteAdmin':
        return { name: call.name, data: drop('Admins', call.id) }
      case 'editClient': {
        checkEmail(call.body.email, call.id)
        return { name: call.name, data: edit('Clients', call.id, call.body) }
      }
      case 'deleteClient':
        return { name: call.name, data: drop('Clients', call.id) }
      case 'editTip': {
        const stage = data.Stages.find((each) => each.designTip.id === call.id)
        if (!stage) throw problem(404, 'NOT_FOUND', 'No tip has this id.')
        const tip = { ...stage.designTip, text: call.body.text }
        data.Stages = data.Stages.map((each) =>
          each === stage ? { ...each, designTip: tip } : each,
        )
        return { name: call.name, data: tip }
      }
      case 'editBuilderRequest':
        return { name: call.name, data: edit('BuilderRequests', call.id, call.body) }
      case 'editManagerRequest':
        return { name: call.name, data: edit('ManagerRequests', call.id, call.body) }
      default:
        throw new Error(`The fake server has no ${call.name}`)
    }
  }
  return {
    serve,
    write: async (call: AdminCall): Promise<AdminCallResult> => {
      const result = apply(call)
      changed()
      return result
    },
    fetch: (etag: string | null): AdminFetchResult =>
      etag === `"v${version}"`
        ? { status: 'notModified' }
        : { status: 'ok', data: structuredClone(data), etag: `"v${version}"` },
  }
}

/**
 * An in-memory stand-in for the API behind the session's ports: accounts, emailed codes with
 * their tries, served cities, access tokens and the refresh cookie. It answers as the real
 * routes do (server/routes/api/auth.ts), with the same problem codes, and touches no network.
 */
/** The owner's `n`th note on the project's thread, written before the walk starts. */
const projectNote = (text: string, n: number): Message => ({
  id: `00000000-0000-4000-8000-${String(n + 1).padStart(12, '0')}`,
  thread: 'project',
  author: { role: 'CLIENT', name: PEOPLE.clientWithFlag.name },
  text,
  fileIds: [],
  createdAt: new Date(Date.UTC(2026, 10, 1, 9, n)).toISOString(),
})

export function createFakeServer() {
  const accounts = new Map<string, { user: UserData }>([
    [PEOPLE.admin.email, { user: admin() }],
    [PEOPLE.manager.email, { user: projectManager() }],
    [PEOPLE.clientWithFlag.email, { user: client(2, PEOPLE.clientWithFlag) }],
    [PEOPLE.clientWithoutFlag.email, { user: client(3, PEOPLE.clientWithoutFlag) }],
  ])
  const codes = new Map<string, SentCode>()
  const tokens = new Map<string, string>()
  /** Every email sent, newest last: what the visitor reads to find the code. */
  const outbox: { to: string; code: string }[] = []
  let issued = 0
  /** The httpOnly refresh cookie: whose session this browser holds. */
  let refreshCookie: string | null = null
  const clientApi = createFakeClientApi(emptyPoolData({ PermitFee: null }))
  const documents = createFakeDocumentsApi()
  const messages = createFakeMessagesApi({ messages: PROJECT_NOTES.map(projectNote) })
  const backOffice = createBackOffice()
  const projects = createFakeProjects(
    adminClient(2, PEOPLE.clientWithFlag),
    PEOPLE.manager.name,
    messages,
  )
  let refreshes = 0
  /** Calls answered 401 for want of a good access token. */
  let unauthorized = 0
  /** Whether the refresh cookie outlives the browser ("Remember me"). */
  let refreshPersistent = false
  /** Calls whose next request fails as if the network were down. */
  const cut = new Set<CutCall>()
  /** Calls whose next request is never answered. */
  const stalled = new Set<CutCall>()
  /** Whether the next admin fetch answers in full with a row that does not fit. */
  let misfitNext = false
  /** Calls whose next request finds every access token expired. */
  const tokenRefused = new Set<CutCall>()
  const codesSent = new Map<string, number>()

  /** Fails the call once if it was cut: as the adapters report a request that got no answer. */
  const reach = (call: CutCall) => {
    if (tokenRefused.delete(call)) tokens.clear()
    if (!cut.delete(call)) return
    throw new ApiError({ status: 0, code: 'NETWORK', detail: NETWORK_DETAIL })
  }
  /** Never answers the call if it was stalled: the request a slow network holds up. */
  const stall = async (call: CutCall) => {
    if (stalled.delete(call)) await new Promise<never>(() => {})
  }
  const setRememberCookie = (remember: boolean) => {
    document.cookie = remember
      ? `${REMEMBER_LOGIN_COOKIE}=true; path=/`
      : `${REMEMBER_LOGIN_COOKIE}=; path=/; max-age=0`
  }
  /** What the builder's answers changed, kept so verify and refresh answer the pool as it is. */
  const entries = new Map<string, PoolEntry>()
  const managerRequests: ManagerRequest[] = []
  let builderRequested = false
  const keep = (result: ClientCallResult) => {
    if (result.name === 'requestBuilder') builderRequested = true
    if (result.name === 'requestManager') managerRequests.push(result.data)
    const data: unknown = result.data
    if (data && typeof data === 'object' && 'quotes' in data) {
      const entry = data as PoolEntry
      entries.set('StageId' in entry ? entry.StageId : entry.Title, entry)
    }
  }
  /** A call of the builder's client's made outside the page, answered and kept as clientCall does. */
  const clientDid = async (call: ClientCall) => {
    const result = await clientApi.handle(call)
    keep(result)
    return result
  }
  const poolDataNow = (): PoolData => {
    const all = [...entries.values()]
    return {
      poolChoices: all.filter((entry): entry is StageEntry => 'StageId' in entry),
      nonStages: all.filter((entry): entry is NonStageEntry => 'Title' in entry),
      BuilderRequested: builderRequested,
      PermitFee: null,
      ManagerRequests: [...managerRequests],
    }
  }

  const served = (user: UserData) =>
    'city' in user && SERVED.includes(cityKey(user.city, user.state))
  const byId = (id: string) => [...accounts.values()].find((a) => a.user.id === id)?.user

  function openCode(tempToken: string | null): SentCode {
    const sent = tempToken ? codes.get(tempToken) : undefined
    if (!sent || sent.used)
      throw problem(401, 'TEMP_TOKEN_INVALID', 'Request a new code to continue.')
    return sent
  }

  function checkCode(tempToken: string | null, code: string): SentCode {
    const sent = openCode(tempToken)
    if (sent.triesLeft === 0)
      throw problem(401, 'CODE_LOCKED', 'Too many wrong tries. Request a new code.', 0)
    if (sent.code !== code) {
      sent.triesLeft -= 1
      throw wrongCode(sent.triesLeft)
    }
    return sent
  }

  function verifiedCode(tempToken: string | null): SentCode {
    const sent = openCode(tempToken)
    if (!sent.verified) throw fieldProblem('code', 'Enter the 6-digit code from the email')
    return sent
  }

  function startSession(user: UserData): SessionData {
    const Token = accessToken(user.id, user.role)
    tokens.set(Token, user.id)
    refreshCookie = user.id
    const isClient = user.role === 'CLIENT'
    return {
      Token,
      userData: user,
      role: user.role,
      poolData: isClient ? poolDataNow() : null,
      Flag: served(user),
      Engineers: [],
      Managers: isClient ? [manager(1)] : [],
    }
  }

  function signedIn(token: string | null): UserData {
    const id = token ? tokens.get(token) : undefined
    const user = id ? byId(id) : undefined
    if (!user) {
      unauthorized += 1
      throw problem(401, 'UNAUTHENTICATED', 'Sign in to continue.')
    }
    return user
  }

  return {
    outbox,
    /** The one bid request the trade portal's runs answer. */
    trade: createFakeTradePortal(() => reach('tradeLink')),
    /** Another tab of this browser signs `email` in: the shared refresh cookie becomes theirs. */
    signInElsewhere: (email: string): SessionData => {
      const account = accounts.get(email)
      if (!account) throw new Error(`no account for ${email}`)
      return startSession(account.user)
    },
    /** How many refreshes were answered, successful or not. */
    refreshes: () => refreshes,
    unauthorized: () => unauthorized,
    /** How many quotes reached the builder API. */
    quotesAdded: () =>
      clientApi.handle.mock.calls.filter(([call]) => call.name === 'addQuote').length,
    /** How many reads of the pool data reached the builder API. */
    poolReads: () =>
      clientApi.handle.mock.calls.filter(([call]) => call.name === 'poolData').length,
    /** Every access token issued so far expires: the next call with one is answered 401. */
    expireAccessTokens: () => tokens.clear(),
    /** The browser was closed: its refresh cookie goes with it unless "Remember me" kept it. */
    closeBrowser: () => {
      if (!refreshPersistent) refreshCookie = null
    },
    /** The server revoked this browser's refresh token: its cookie is no longer accepted. */
    revokeRefreshCookie: () => {
      refreshCookie = null
    },
    /** The next request of `call` gets no answer. */
    cutNext: (call: CutCall) => void cut.add(call),
    /** The next request of `call` waits for an answer that never comes. */
    stallNext: (call: CutCall) => void stalled.add(call),
    misfitNextAdminFetch: () => void (misfitNext = true),
    /** The next request of `call` finds its access token expired. */
    refuseTokenNext: (call: CutCall) => void tokenRefused.add(call),
    /** How many more codes the email may have in this 15-minute window. */
    codesLeft: (email: string) => CODES_PER_EMAIL - (codesSent.get(email) ?? 0),
    /** Uses up the email's codes, as requests from elsewhere would. */
    spendCodes: (email: string) => void codesSent.set(email, CODES_PER_EMAIL),
    /** The code of the newest email to `email`. */
    codeFor: (email: string) => outbox.findLast((mail) => mail.to === email)?.code ?? '',
    /** The id of the account that uses `email`. */
    idOf: (email: string) => {
      const id = accounts.get(email)?.user.id
      if (!id) throw new Error(`no account for ${email}`)
      return id
    },

    login: async (body: { email: string }): Promise<{ tempToken: string }> => {
      const parsed = LoginBody.safeParse(body)
      if (!parsed.success) throw fieldProblem('email', 'Enter a valid email address')
      const sentBefore = codesSent.get(parsed.data.email) ?? 0
      codesSent.set(parsed.data.email, sentBefore + 1)
      if (sentBefore >= CODES_PER_EMAIL)
        throw problem(429, 'RATE_LIMITED', 'Too many attempts. Please wait and try again.')
      issued += 1
      const code = String(100000 + issued)
      const tempToken = `temp-${issued}`
      codes.set(tempToken, {
        email: parsed.data.email,
        code,
        triesLeft: MAX_TRIES,
        used: false,
        verified: false,
      })
      outbox.push({ to: parsed.data.email, code })
      return { tempToken }
    },
    verify: async (body: { code: string; rememberMe?: boolean }, tempToken: string | null) => {
      const sent = checkCode(tempToken, body.code)
      const account = accounts.get(sent.email)
      // As the real route: the temp token alone now creates the account, no second code.
      if (!account) {
        sent.verified = true
        throw problem(
          404,
          'ACCOUNT_NOT_FOUND',
          'No account uses this email yet. Tell us about your pool to create one.',
        )
      }
      sent.used = true
      refreshPersistent = body.rememberMe === true
      setRememberCookie(refreshPersistent)
      return startSession(account.user)
    },
    onboarding: async (
      body: OnboardingDetails & { code?: string; rememberMe?: boolean },
      tempToken: string | null,
    ) => {
      const sent =
        body.code === undefined ? verifiedCode(tempToken) : checkCode(tempToken, body.code)
      reach('onboarding')
      if (accounts.has(sent.email))
        throw problem(409, 'ACCOUNT_EXISTS', 'An account already uses this email. Sign in instead.')
      sent.used = true
      refreshPersistent = body.rememberMe === true
      setRememberCookie(refreshPersistent)
      const { name, city, state, phone, address } = body
      const user = client(
        10 + accounts.size,
        { email: sent.email, name, city, state },
        {
          phone,
          address,
        },
      )
      accounts.set(sent.email, { user })
      return startSession(user)
    },
    refresh: async (): Promise<RefreshData> => {
      refreshes += 1
      const user = refreshCookie ? byId(refreshCookie) : undefined
      if (!user) throw problem(401, 'REFRESH_INVALID', 'Your session has ended. Sign in again.')
      const { Token, Flag, poolData, Engineers, Managers } = startSession(user)
      // As the real route: a client's refresh carries the pool data as it is now.
      return {
        Token,
        role: user.role,
        userData: user,
        Flag,
        ...(poolData ? { poolData, Engineers, Managers } : {}),
      }
    },
    logout: async () => {
      reach('logout')
      refreshCookie = null
      refreshPersistent = false
      setRememberCookie(false)
      return null
    },
    editStatus: async (token: string | null, body: { onWaiting: boolean }) => {
      const user = signedIn(token)
      reach('editStatus')
      if (!('onWaiting' in user)) throw problem(403, 'FORBIDDEN', 'Only clients can do this.')
      const account = accounts.get(user.email)
      if (account) account.user = { ...user, onWaiting: body.onWaiting }
      return { onWaiting: body.onWaiting }
    },
    changeCity: async (token: string | null, place: { city: string; state: string }) => {
      const user = signedIn(token)
      reach('changeCity')
      const account = accounts.get(user.email)
      if (!account || !('onWaiting' in user))
        throw problem(403, 'FORBIDDEN', 'Only clients can do this.')
      const moved = { ...user, ...place }
      account.user = { ...moved, onWaiting: user.onWaiting && !served(moved) }
      const { Token, Flag, poolData, Engineers, Managers } = startSession(account.user)
      return {
        Token,
        role: user.role,
        userData: account.user,
        Flag,
        ...(poolData ? { poolData } : {}),
        Engineers,
        Managers,
      }
    },
    validate: async (place: { city: string; state: string }) => ({
      Flag: SERVED.includes(cityKey(place.city, place.state)),
    }),
    stages: async (): Promise<Stage[]> => STAGES,
    /** The builder's calls, answered as the builder's own tests answer them. */
    clientCall: async (token: string | null, call: ClientCall): Promise<ClientCallResult> => {
      if (call.name in timelineRoutes) {
        reach('timeline')
        signedIn(token)
        return clientApi.timeline.handle(call)
      }
      signedIn(token)
      if (call.name in moneyRoutes) return clientApi.money.handle(call)
      if (call.name in checklistRoutes) return clientApi.checklists.handle(call)
      if (call.name === 'addLogEntry') reach('addLogEntry')
      if (call.name in documentsRoutes) return documents.handle(call)
      if (call.name === 'threadMessages' || call.name === 'threads') {
        reach(call.name)
        await stall(call.name)
      }
      if (call.name in messageRoutes) return messages.handle(call)
      if (call.name === 'addQuote' || call.name === 'addQuote1') reach('addQuote')
      if (call.name === 'markDone' || call.name === 'markDone1') reach('markDone')
      const result = await clientApi.handle(call)
      keep(result)
      return result
    },
    /** The builder's client saves the reference design, before the path's page opens. */
    saveDesign: async () => {
      await clientDid({ name: 'editPool', body: { Title: 'Pool Design', choices: REFERENCE_POOL } })
    },
    /**
     * The builder's client adds `vendor`'s quote of `amount` cents for Excavation, from its trade
     * `tradeId`, and accepts it, before the path's page opens.
     */
    hireForExcavation: async (vendor: string, amount: number, tradeId: string) => {
      const StageId = stageId('excavation')
      const quoted = await clientDid({
        name: 'addQuote',
        body: { StageId, vendor, amount, tradeId },
      })
      const quoteId = 'quotes' in quoted.data ? quoted.data.quotes.at(-1)?.id : undefined
      if (!quoteId) throw new Error(`no quote of ${vendor} was added`)
      await clientDid({ name: 'acceptQuote', body: { StageId, quoteId } })
    },
    /** POST /api/files: the whole file arrives at once and is stored. */
    uploadFile: async (
      token: string | null,
      request: UploadRequest,
      onProgress: (loaded: number, total: number) => void,
      signal: AbortSignal,
    ) => {
      signedIn(token)
      reach('upload')
      const sent = documents.send(request, onProgress, signal)
      const held = documents.uploads.at(-1)
      // The real server reads the type from the bytes; the walks' files say it truly.
      if (!FILE_TYPES.some((type) => type === request.file.type)) {
        held?.fail(415, 'UNSUPPORTED_FILE', 'Upload a JPEG, PNG, WebP or PDF file.')
        return sent
      }
      held?.progress(request.file.size, request.file.size)
      held?.finish()
      return sent
    },
    /** The back office's writes, as the real routes answer them. */
    adminCall: async (token: string | null, call: AdminCall): Promise<AdminCallResult> => {
      signedIn(token)
      reach('adminWrite')
      return backOffice.write(call)
    },
    fetchAdmin: async (token: string | null, etag: string | null): Promise<AdminFetchResult> => {
      signedIn(token)
      reach('adminFetch')
      if (!misfitNext) return backOffice.fetch(etag)
      misfitNext = false
      const full = await backOffice.fetch(null)
      if (full.status !== 'ok') return full
      const { BuilderRequests } = full.data
      const data = { ...full.data, BuilderRequests: [...BuilderRequests, MISFIT_REQUEST] }
      return { ...full, data }
    },
    /** The Projects' reads, a manager's and an admin's. */
    projectsCall: async <K extends ProjectsCallName>(token: string | null, call: NamedCall<K>) => {
      const user = signedIn(token)
      if (call.name === 'projects' || call.name === 'enterQuote') reach(call.name)
      return projects.call(user, call)
    },
    /** A project's threads as its manager reads and writes them, with the token of each call. */
    projectThreads: (token: () => string | null, clientId: string) =>
      projects.threads(() => signedIn(token()), clientId),
    /** Another admin serves a city, as the API would have it. */
    serveCity: (name: string, state: string) => backOffice.serve(name, state, 40_000),
  }
}

export type FakeServer = ReturnType<typeof createFakeServer>
