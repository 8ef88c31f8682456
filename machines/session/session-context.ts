import type { SessionStartData } from '../client/client.types'
import type {
  AuthState,
  RefreshData,
  SessionContext,
  SessionData,
  SessionProblem,
} from './session.types'

/** Pure parts of the session context: the machine's actions only wire them to events. */

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
  draft: null,
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
