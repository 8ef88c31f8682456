import { assign, fromPromise, setup } from 'xstate'
import { adminMachine } from '../admin/admin.machine'
import { clientMachine } from '../client/client.machine'
import type { SessionStartData } from '../client/client.types'
import { refreshDelay } from './token'
import type {
  AuthState,
  RefreshData,
  SessionContext,
  SessionData,
  SessionEvent,
  SessionInput,
  SessionProblem,
  VerifyInput,
} from './session.types'

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`)
}

export const LOGGED_OUT: AuthState = {
  role: null,
  accessToken: null,
  tempToken: null,
  userData: null,
  isAuthenticated: false,
}

/** Any thrown value as a problem the screens can show. */
export function toProblem(error: unknown): SessionProblem {
  if (error && typeof error === 'object' && 'status' in error && 'code' in error) {
    const e = error as SessionProblem
    return {
      status: e.status,
      code: e.code,
      detail: e.detail,
      ...(e.fieldErrors ? { fieldErrors: e.fieldErrors } : {}),
      ...(e.triesLeft !== undefined ? { triesLeft: e.triesLeft } : {}),
    }
  }
  return { status: 0, code: 'UNKNOWN', detail: 'Something went wrong. Please try again.' }
}

/** What is persisted under `auth`: the seed's fields, plus Flag and the token's arrival time. */
export const storedAuth = (context: SessionContext) => ({
  role: context.role,
  accessToken: context.accessToken,
  tempToken: context.tempToken,
  userData: context.userData,
  isAuthenticated: context.isAuthenticated,
  flag: context.flag,
  tokenReceivedAt: context.tokenReceivedAt,
  // A reload on /verify must still know where the code went and what account it creates.
  email: context.isAuthenticated ? null : context.email,
  onboarding: context.isAuthenticated ? null : context.onboarding,
})
export type StoredAuth = ReturnType<typeof storedAuth>

export const signedOut = {
  ...LOGGED_OUT,
  flag: false,
  email: null,
  onboarding: null,
  tokenReceivedAt: null,
  recovering: false,
  problem: null,
  canResume: false,
}

/** The session after a verify or refresh answer that arrived at `receivedAt`. */
export function signedInContext(data: SessionData | RefreshData, receivedAt: number) {
  return {
    role: data.role,
    accessToken: data.Token,
    userData: data.userData,
    flag: data.Flag,
    isAuthenticated: true,
    tempToken: null,
    tokenReceivedAt: receivedAt,
    problem: null,
  }
}

/** The client data a refresh carries (a client's refresh does); null when it carries none. */
export function clientDataOf(data: RefreshData): SessionStartData | null {
  if (!data.poolData) return null
  const { poolData, Flag, Engineers = [], Managers = [] } = data
  return { poolData, Flag, Engineers, Managers }
}

/** Types, ports, actions, guards and delays of the session machine, shared by its state files. */
export const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    /** The data actors spawned on sign-in, by id: screens read them from the snapshot. */
    children: {} as { client: 'client'; admin: 'admin' },
  },
  actors: {
    client: clientMachine,
    admin: adminMachine,
    requestCode: fromPromise<{ tempToken?: string | null }, { email: string }>(
      notProvided('requestCode'),
    ),
    verify: fromPromise<SessionData, VerifyInput>(notProvided('verify')),
    refresh: fromPromise<RefreshData, { accessToken: string | null }>(notProvided('refresh')),
    logout: fromPromise<null>(notProvided('logout')),
    editStatus: fromPromise<{ onWaiting: boolean }, { onWaiting: boolean }>(
      notProvided('editStatus'),
    ),
  },
  actions: {
    /** Saves the session under `auth` (localStorage); provided by the app. */
    persistAuth: (_, _auth: StoredAuth) => {},
    /** Clears every stored state — auth, client and admin; provided by the app. */
    clearStorage: () => {},
    clearSession: assign(() => ({ ...signedOut })),
    setProblem: assign((_, params: { error: unknown }) => ({ problem: toProblem(params.error) })),
    clearProblem: assign({ problem: null }),
  },
  guards: {
    wasSignedIn: ({ context }) => context.isAuthenticated && context.accessToken !== null,
    hadSentCode: ({ context }) => !context.isAuthenticated && context.tempToken !== null,
    canResume: ({ context }) => context.canResume,
    isClientWithFlag: ({ context }) => context.role === 'CLIENT' && context.flag,
    isClient: ({ context }) => context.role === 'CLIENT',
    tokenIsFresh: ({ context }) =>
      refreshDelay(context.accessToken, context.tokenReceivedAt, context.now()) !== null,
    isAccountMissing: (_, params: { error: unknown }) =>
      toProblem(params.error).code === 'ACCOUNT_NOT_FOUND',
    isRecovering: ({ context }) => context.recovering,
    clientDataMissing: ({ context }) => context.clientDataMissing,
    isSignedInElsewhere: (_, params: { auth: AuthState | null }) =>
      params.auth?.isAuthenticated === true,
  },
  delays: {
    /** 30 s before the access token expires; at once inside that window. */
    untilRefresh: ({ context }) =>
      refreshDelay(context.accessToken, context.tokenReceivedAt, context.now()) ?? 0,
  },
})
