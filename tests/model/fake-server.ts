import type {
  AdminFetchData,
  AdminUser,
  ClientUser,
  RefreshData,
  SessionData,
  Stage,
  UserData,
} from '../../contract'
import { cityKey, LoginBody } from '../../contract'
import type { AdminFetchResult } from '../../machines/admin/admin.types'
import type { ClientCall, ClientCallResult } from '../../machines/client/client.types'
import type { OnboardingDetails } from '../../machines/session/session.types'
import { ApiError } from '../../src/adapters/api-error'
import { createFakeClientApi, STAGES } from '../app/builder/harness'
import type { Account } from './session.model'

/** The people behind each model account: who types what, and where they live. */
export const PEOPLE = {
  admin: { email: 'ada@poolpath.test', name: 'Ada Admin' },
  clientWithFlag: { email: 'fran@example.com', name: 'Fran Diaz', city: 'Austin', state: 'TX' },
  clientWithoutFlag: { email: 'bo@example.com', name: 'Bo Park', city: 'Boise', state: 'ID' },
  newEmail: { email: 'nia@example.com' },
  servedCity: { email: 'sam@example.com', name: 'Sam Lee', city: 'Austin', state: 'TX' },
  unservedCity: { email: 'uma@example.com', name: 'Uma Roy', city: 'Reno', state: 'NV' },
} as const satisfies Record<
  Account,
  { email: string; name?: string; city?: string; state?: string }
>

/** A code no login ever issues (they count up from 100001). */
export const WRONG_CODE = '999999'
const MAX_TRIES = 5
const TOKEN_TTL_S = 15 * 60
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

/** Shaped like the server's JWT, so the session reads its expiry and plans a refresh. */
function accessToken(userId: string, role: string): string {
  const iat = Math.floor(Date.now() / 1000)
  const claims = { sub: userId, role, iat, exp: iat + TOKEN_TTL_S }
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

const emptyAdminData = (): AdminFetchData => ({
  Admins: [admin()],
  Cities: [],
  Stages: [],
  NonStages: [],
  Clients: [],
  Managers: [],
  Engineers: [],
  UsersWithPerks: [],
  BuilderRequests: [],
  ManagerRequests: [],
  UsersOnWaiting: [],
  Schedule: [],
})

/**
 * An in-memory stand-in for the API behind the session's ports: accounts, emailed codes with
 * their tries, served cities, access tokens and the refresh cookie. It answers as the real
 * routes do (server/routes/api/auth.ts), with the same problem codes, and touches no network.
 */
export function createFakeServer() {
  const accounts = new Map<string, { user: UserData }>([
    [PEOPLE.admin.email, { user: admin() }],
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
  const clientApi = createFakeClientApi({
    poolChoices: [],
    nonStages: [],
    BuilderRequested: false,
    PermitFee: null,
    ManagerRequests: [],
  })
  let refreshes = 0
  /** Calls answered 401 for want of a good access token. */
  let unauthorized = 0

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
      const plural = sent.triesLeft === 1 ? 'try' : 'tries'
      throw problem(
        401,
        'CODE_INVALID',
        `That code is not right. ${sent.triesLeft} ${plural} left.`,
        sent.triesLeft,
      )
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
      poolData: isClient
        ? {
            poolChoices: [],
            nonStages: [],
            BuilderRequested: false,
            PermitFee: null,
            ManagerRequests: [],
          }
        : null,
      Flag: served(user),
      Engineers: [],
      Managers: [],
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
    /** The code in the newest email. */
    lastCode: () => outbox.at(-1)?.code ?? '',
    /** Where the newest email went. */
    lastEmailTo: () => outbox.at(-1)?.to ?? '',
    /** Whether the refresh cookie is still set (logout clears it). */
    hasRefreshCookie: () => refreshCookie !== null,
    /** How many refreshes were answered, successful or not. */
    refreshes: () => refreshes,
    unauthorized: () => unauthorized,
    /** How many quotes reached the builder API. */
    quotesAdded: () =>
      clientApi.handle.mock.calls.filter(([call]) => call.name === 'addQuote').length,
    /** Every access token issued so far expires: the next call with one is answered 401. */
    expireAccessTokens: () => tokens.clear(),
    /** The browser was closed: its session cookie (no "Remember me") is gone. */
    dropRefreshCookie: () => {
      refreshCookie = null
    },

    login: async (body: { email: string }): Promise<{ tempToken: string }> => {
      const parsed = LoginBody.safeParse(body)
      if (!parsed.success) throw fieldProblem('email', 'Enter a valid email address')
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
      return startSession(account.user)
    },
    onboarding: async (
      body: OnboardingDetails & { code?: string; rememberMe?: boolean },
      tempToken: string | null,
    ) => {
      const sent =
        body.code === undefined ? verifiedCode(tempToken) : checkCode(tempToken, body.code)
      if (accounts.has(sent.email))
        throw problem(409, 'ACCOUNT_EXISTS', 'An account already uses this email. Sign in instead.')
      sent.used = true
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
      const { Token, Flag } = startSession(user)
      return { Token, role: user.role, userData: user, Flag }
    },
    logout: async () => {
      refreshCookie = null
      return null
    },
    editStatus: async (token: string | null, body: { onWaiting: boolean }) => {
      const user = signedIn(token)
      if (!('onWaiting' in user)) throw problem(403, 'FORBIDDEN', 'Only clients can do this.')
      const account = accounts.get(user.email)
      if (account) account.user = { ...user, onWaiting: body.onWaiting }
      return { onWaiting: body.onWaiting }
    },
    changeCity: async (token: string | null, place: { city: string; state: string }) => {
      const user = signedIn(token)
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
      signedIn(token)
      return clientApi.handle(call)
    },
    fetchAdmin: async (token: string | null, etag: string | null): Promise<AdminFetchResult> => {
      signedIn(token)
      return etag === '"v1"'
        ? { status: 'notModified' }
        : { status: 'ok', data: emptyAdminData(), etag: '"v1"' }
    },
  }
}

export type FakeServer = ReturnType<typeof createFakeServer>
