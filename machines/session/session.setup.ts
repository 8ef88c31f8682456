import { assign, enqueueActions, fromPromise, raise, setup, stateIn } from 'xstate'
import type { adminMachine } from '../admin/admin.machine'
import type { clientMachine } from '../client/client.machine'
import { keptDraft } from '../client/initial-context'
import type { projectsMachine } from '../projects/projects.machine'
import type { ClientCall, SessionStartData } from '../client/client.types'
import {
  clientDataOf,
  signedInContext,
  signedOut,
  storedAuth,
  toProblem,
  type StoredAuth,
} from './session-context'
import type { Role } from '../../contract'
import { lateLogic, unprovided } from '../ports'
import { refreshDelay } from './token'
import type {
  AuthState,
  OnboardingDetails,
  Place,
  RefreshData,
  SessionContext,
  SessionData,
  SessionEvent,
  SessionInput,
  VerifyInput,
} from './session.types'

/**
 * The data actor a role signs in with, by its id (and the key its context is stored under): a
 * MANAGER has only the Projects; an ADMIN has the Projects beside the admin data.
 */
export type DataActor = 'client' | 'admin' | 'projects'
export const dataActorOf = (role: Role | null): DataActor =>
  role === 'CLIENT' ? 'client' : role === 'MANAGER' ? 'projects' : 'admin'

/** Every data actor a role signs in with: its own, and for an ADMIN the Projects too. */
export const dataActorsOf = (role: Role | null): DataActor[] =>
  role === 'ADMIN' ? ['admin', 'projects'] : [dataActorOf(role)]

/**
 * The data actors' logic, which the app provides: /login does not download it, so the session
 * imports only its types, and the app loads it before anything that signs in resolves.
 */
export type DataActorLogic = {
  client: typeof clientMachine
  admin: typeof adminMachine
  projects: typeof projectsMachine
}

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`)
}

/** Saves the session as it is after the transition's updates. */
export const persistSession = {
  type: 'persistAuth',
  params: ({ context }: { context: SessionContext }) => storedAuth(context),
} as const

/** Saves what is kept of the client's data across a sign-out: a draft, or nothing. */
export const persistKeptClient = {
  type: 'persistClient',
  params: ({ context }: { context: SessionContext }) => context.restoredChildren.client,
} as const

const baseSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    /** The data actors spawned on sign-in, by id: screens read them from the snapshot. */
    children: {} as { client: 'client'; admin: 'admin'; projects: 'projects' },
  },
  actors: {
    client: lateLogic<DataActorLogic['client']>('client'),
    admin: lateLogic<DataActorLogic['admin']>('admin'),
    projects: lateLogic<DataActorLogic['projects']>('projects'),
    requestCode: fromPromise<{ tempToken?: string | null }, { email: string }>(
      notProvided('requestCode'),
    ),
    verify: fromPromise<SessionData, VerifyInput>(notProvided('verify')),
    refresh: fromPromise<RefreshData, { accessToken: string | null }>(notProvided('refresh')),
    logout: fromPromise<null>(notProvided('logout')),
    editStatus: fromPromise<{ onWaiting: boolean }, { onWaiting: boolean }>(
      notProvided('editStatus'),
    ),
    changeCity: fromPromise<RefreshData, Place>(notProvided('changeCity')),
  },
  actions: {
    /** Saves the session under `auth` (localStorage); provided by the app. */
    persistAuth: (_, _auth: StoredAuth) => unprovided('persistAuth'),
    /** Clears every stored state — auth, client and admin; provided by the app. */
    clearStorage: () => unprovided('clearStorage'),
    /** Saves the client's context kept across a sign-out, if any; provided by the app. */
    persistClient: (_, _context: unknown) => unprovided('persistClient'),
    /** Forgets the stored contexts of these data actors; provided by the app. */
    forgetChildState: (_, _keys: DataActor[]) => unprovided('forgetChildState'),
    clearSession: assign(() => ({ ...signedOut })),
    setProblem: assign((_, params: { error: unknown }) => ({ problem: toProblem(params.error) })),
    /** Where the code goes, and the details of the account it creates, if any. */
    noteCodeRequest: assign(
      (_, params: { email: string; onboarding: OnboardingDetails | null }) => ({
        email: params.email,
        onboarding: params.onboarding,
        problem: null,
      }),
    ),
    /** A code is out; without a temp token in the answer the server keeps it in a cookie. */
    storeTempToken: assign((_, params: { tempToken: string | null | undefined }) => ({
      tempToken: params.tempToken ?? 'cookie',
      problem: null,
    })),
    forgetCode: assign({ tempToken: null, problem: null }),
    /** Verify, onboarding or a resuming refresh answered: signed in, its client data pending. */
    startSession: assign(
      (
        { context },
        params: { data: SessionData | RefreshData; pendingSession: SessionStartData | null },
      ) => ({
        ...signedInContext(params.data, context.now()),
        pendingSession: params.pendingSession,
        onboarding: null,
      }),
    ),
    takeRefreshedToken: assign(({ context }, params: { data: RefreshData }) => ({
      ...signedInContext(params.data, context.now()),
      clientDataMissing: false,
      draft: null,
    })),
    takeSyncedAuth: assign((_, params: { auth: AuthState | null }) => ({ ...params.auth })),
    /** The token another tab stored is aged from now, by this tab's clock. */
    stampTokenReceived: assign(({ context }) => ({ tokenReceivedAt: context.now() })),
    storeWaitingStatus: assign(({ context }, params: { onWaiting: boolean }) => ({
      problem: null,
      userData: context.userData && { ...context.userData, onWaiting: params.onWaiting },
    })),
    /**
     * The refresh after a 401 failed: of the client's data only the edit that 401 interrupted
     * is kept, as a draft for the same user's next sign-in.
     */
    keepDraft: assign(({ context }) => ({
      restoredChildren: {
        client:
          context.draft && context.userData
            ? keptDraft({ userId: context.userData.id, call: context.draft })
            : null,
        admin: null,
      },
    })),
    startRecovery: assign(({ context }, params: { draft: ClientCall | undefined }) => ({
      recovering: true,
      draft: params.draft ?? context.draft,
    })),
    endRecovery: assign({ recovering: false }),
  },
  guards: {
    wasSignedIn: ({ context }) => context.isAuthenticated && context.accessToken !== null,
    /** Signed in with a token still good: the protected screens may show before any call. */
    hasFreshSession: ({ context }) =>
      context.isAuthenticated &&
      refreshDelay(context.accessToken, context.tokenReceivedAt, context.now()) !== null,
    hadSentCode: ({ context }) => !context.isAuthenticated && context.tempToken !== null,
    canResume: ({ context }) => context.canResume,
    codeUsable: ({ context }) => context.problem?.code !== 'CODE_LOCKED',
    /** The code was asked for again from /verify, not first from the sign-in page. */
    isResendingCode: stateIn({ requestingCode: 'again' }),
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
    /** Another tab's session is this one's account, with a newer token. */
    isSameAccountElsewhere: ({ context }, params: { auth: AuthState | null }) =>
      params.auth?.isAuthenticated === true &&
      params.auth.role === context.role &&
      params.auth.userData?.id === context.userData?.id,
    /** Another tab signed in an account whose data actor is of this one's kind. */
    isSameKindElsewhere: ({ context }, params: { auth: AuthState | null }) =>
      params.auth?.isAuthenticated === true &&
      dataActorOf(params.auth.role) === dataActorOf(context.role),
  },
  delays: {
    /** 30 s before the access token expires; at once inside that window. */
    untilRefresh: ({ context }) =>
      refreshDelay(context.accessToken, context.tokenReceivedAt, context.now()) ?? 0,
  },
})

/**
 * Types, ports, actions, guards and delays of the session machine, shared by its state files.
 * The actions that enqueue others are added with `extend`: inside `setup` their types would
 * depend on the very action map they are part of.
 */
export const sessionSetup = baseSetup.extend({
  actions: {
    /** The role's data actors, restored from storage, the client's handed the pending answer. */
    spawnDataActor: enqueueActions(({ context, enqueue }) => {
      if (context.role === 'CLIENT') {
        const restored = context.restoredChildren.client
        enqueue.spawnChild('client', {
          id: 'client',
          systemId: 'client',
          input: { restored, userId: context.userData?.id ?? null },
        })
        // Signed in, but the client's data did not survive (its write was cut short by a
        // reload, or storage was cleared): the token region fetches it with a refresh.
        enqueue.assign({ clientDataMissing: !restored && !context.pendingSession })
        // Fresh from verify or onboarding: the answer fills the client's state (seed §4).
        if (context.pendingSession) {
          enqueue.sendTo('client', {
            type: 'client.sessionStarted',
            data: context.pendingSession,
          })
        }
      }
      if (dataActorsOf(context.role).includes('admin')) {
        enqueue.spawnChild('admin', {
          id: 'admin',
          systemId: 'admin',
          input: {
            role: context.role ?? '',
            restored: context.restoredChildren.admin,
            now: context.now,
          },
        })
      }
      if (dataActorsOf(context.role).includes('projects')) {
        enqueue.spawnChild('projects', {
          id: 'projects',
          systemId: 'projects',
          input: { restored: context.restoredChildren.projects ?? null },
        })
      }
      enqueue.assign({ restoredChildren: { client: null, admin: null }, pendingSession: null })
    }),
    stopDataActors: enqueueActions(({ enqueue }) => {
      enqueue.stopChild('client')
      enqueue.stopChild('admin')
      enqueue.stopChild('projects')
    }),
    /** The client actor notes which of its calls the refresh answer may already include. */
    tellClientRefreshStarted: enqueueActions(({ context, enqueue }) => {
      if (context.role === 'CLIENT') enqueue.sendTo('client', { type: 'client.refreshStarted' })
    }),
    /** A client's refresh answer: its data if it carries some, else only its Flag. */
    tellClientRefreshed: enqueueActions(({ context, enqueue }, params: { data: RefreshData }) => {
      if (context.role !== 'CLIENT') return
      const data = clientDataOf(params.data)
      enqueue.sendTo(
        'client',
        data
          ? { type: 'client.dataRefreshed', data }
          : { type: 'client.flagChanged', Flag: context.flag },
      )
    }),
    /** Role or Flag may have changed: the view is decided again. */
    decideViewAgain: raise({ type: 'session.profileUpdated' }),
  },
})
