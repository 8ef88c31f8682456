import type { RefreshData, Role, SessionData, UserData } from '../../contract'
import type { AdminContext } from '../admin/admin.types'
import type { ClientCall, ClientContext, SessionStartData } from '../client/client.types'
import type { Now } from '../ports'
import type { ProjectsContext } from '../projects/projects.types'

/** What the seed persists under `auth` (seed §3–§4). */
export type AuthState = {
  role: Role | null
  accessToken: string | null
  /** The temp token of a sent code, or the marker 'cookie' when the server keeps it in a cookie. */
  tempToken: string | null
  userData: UserData | null
  isAuthenticated: boolean
}

/** Where the pool will be built. */
export type Place = { city: string; state: string }

/** The details the onboarding screen collects; sent with the code to create the account. */
export type OnboardingDetails = {
  name: string
  phone: string
  address: string
  city: string
  state: string
}

/** An API failure as the machine sees it: enough to show and to branch on. */
export type SessionProblem = {
  status: number
  code: string
  detail: string
  fieldErrors?: Record<string, string[]>
  triesLeft?: number
}

export type SessionContext = AuthState & {
  /** Whether the client's city is served (seed: client Flag); it decides builder vs coming soon. */
  flag: boolean
  /** Where the code was sent. Kept when verify answers ACCOUNT_NOT_FOUND, for onboarding. */
  email: string | null
  onboarding: OnboardingDetails | null
  /** When the access token arrived, by this tab's clock: its age without trusting clock skew. */
  tokenReceivedAt: number | null
  /** A 401 already led to one refresh: the next one logs out. */
  recovering: boolean
  /** The client's edit that was answered 401, kept as a draft if the refresh fails too. */
  draft: ClientCall | null
  problem: SessionProblem | null
  /** rememberLogin=true at start without a session: try the refresh cookie first. */
  canResume: boolean
  /** A verify, onboarding or resuming refresh answer, handed to the client actor once spawned. */
  pendingSession: SessionStartData | null
  /** A signed-in client whose stored data was lost: the next refresh brings it back. */
  clientDataMissing: boolean
  /** Child contexts restored from storage, handed to the children when they are spawned. */
  restoredChildren: RestoredChildren
  /** The clock every timestamp and timer of the session reads; handed to the children. */
  now: Now
}

/** The data actors' contexts read back from storage (or kept across a sign-out), checked. */
export type RestoredChildren = {
  client: ClientContext | null
  admin: AdminContext | null
  projects?: ProjectsContext | null
}

export type SessionInput = {
  restored:
    | (AuthState & {
        flag?: boolean
        tokenReceivedAt?: number | null
        email?: string | null
        onboarding?: OnboardingDetails | null
      })
    | null
  rememberLogin: boolean
  restoredChildren?: RestoredChildren
  now: Now
}

export type SessionEvent =
  | { type: 'auth.codeRequested'; email: string; onboarding?: OnboardingDetails }
  | { type: 'auth.codeSubmitted'; code: string; rememberMe: boolean }
  | { type: 'auth.codeResent' }
  /** After verify found no account: create it with these details and the verified temp token. */
  | { type: 'auth.accountSubmitted'; onboarding: OnboardingDetails; rememberMe: boolean }
  | { type: 'auth.restarted' }
  | { type: 'session.loggedOut' }
  /** A call was answered 401; `draft` is the client's edit it carried, if any. */
  | { type: 'session.unauthorized'; draft?: ClientCall }
  /** A builder call was answered 403: the account's standing (Flag) may have changed. */
  | { type: 'session.forbidden' }
  | { type: 'session.synced'; auth: AuthState | null }
  | { type: 'waiting.toggled' }
  /** A client not served yet corrects where the pool will be; Flag is decided again. */
  | { type: 'city.changed'; place: Place }
  /** Internal: a refresh answer changed role or Flag, so the view is decided again. */
  | { type: 'session.profileUpdated' }

export type VerifyInput = {
  /** Empty once verify has proved the email: the temp token alone creates the account. */
  code: string
  rememberMe: boolean
  tempToken: string | null
  onboarding: OnboardingDetails | null
}

export type { RefreshData, SessionData }
