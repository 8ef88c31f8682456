import { assign, enqueueActions, fromPromise, raise, setup, type ActorRefFrom } from 'xstate'
import { adminMachine, parseAdminContext } from '../admin/admin.machine'
import { clientMachine, parseClientContext } from '../client/client.machine'
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

const signedOut = {
  ...LOGGED_OUT,
  flag: false,
  email: null,
  onboarding: null,
  tokenReceivedAt: null,
  recovering: false,
  problem: null,
  canResume: false,
}

/**
 * The session lifecycle (seed §4 "Session"): restoring → logged out → awaiting a code →
 * signed in (client with or without Flag, or admin), with a timed refresh. Routes follow from
 * the `route:*` tags (session.selectors.ts); effects are the ports declared here.
 */
export const sessionMachine = setup({
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
      refreshDelay(context.accessToken, context.tokenReceivedAt, Date.now()) !== null,
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
      refreshDelay(context.accessToken, context.tokenReceivedAt, Date.now()) ?? 0,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...signedOut,
    ...input.restored,
    flag: input.restored?.flag ?? false,
    tokenReceivedAt: input.restored?.tokenReceivedAt ?? null,
    email: input.restored?.email ?? null,
    onboarding: input.restored?.onboarding ?? null,
    restoredChildren: input.restoredChildren ?? { client: null, admin: null },
    canResume: input.rememberLogin && !input.restored?.isAuthenticated,
    pendingSession: null,
    clientDataMissing: false,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['pending'],
      always: [
        { guard: 'wasSignedIn', target: 'signedIn' },
        { guard: 'canResume', target: 'resuming' },
        { guard: 'hadSentCode', target: 'awaitingCode' },
        { target: 'loggedOut' },
      ],
    },

    /** rememberLogin=true and no session: try the refresh cookie before showing sign-in. */
    resuming: {
      tags: ['pending'],
      invoke: {
        src: 'refresh',
        input: ({ context }) => ({ accessToken: context.accessToken }),
        onDone: {
          target: 'signedIn',
          actions: assign(({ event }) => ({
            ...signedInContext(event.output),
            pendingSession: clientDataOf(event.output),
          })),
        },
        onError: { target: 'loggedOut', actions: ['clearSession', 'clearStorage'] },
      },
    },

    loggedOut: {
      tags: ['route:landing'],
      initial: 'idle',
      states: {
        idle: {},
        /** verify said ACCOUNT_NOT_FOUND: onboarding, with the email kept. */
        needsAccount: { tags: ['route:onboarding'] },
      },
      on: {
        'auth.codeRequested': {
          target: 'requestingCode',
          actions: assign(({ event }) => ({
            email: event.email,
            onboarding: event.onboarding ?? null,
            problem: null,
          })),
        },
        'session.synced': {
          guard: { type: 'isSignedInElsewhere', params: ({ event }) => ({ auth: event.auth }) },
          target: 'signedIn',
          actions: assign(({ event }) => ({ ...event.auth })),
        },
      },
    },

    requestingCode: {
      tags: ['route:landing', 'busy'],
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ email: context.email ?? '' }),
        onDone: {
          target: 'awaitingCode',
          actions: assign(({ event }) => ({ tempToken: event.output.tempToken ?? 'cookie' })),
        },
        onError: {
          target: 'loggedOut',
          actions: { type: 'setProblem', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },

    awaitingCode: {
      tags: ['route:verify'],
      entry: { type: 'persistAuth', params: ({ context }) => storedAuth(context) },
      on: {
        'auth.codeSubmitted': 'verifying',
        'auth.codeResent': 'resendingCode',
        'auth.restarted': {
          target: 'loggedOut',
          actions: [assign({ tempToken: null, problem: null }), 'clearStorage'],
        },
        'session.synced': {
          guard: { type: 'isSignedInElsewhere', params: ({ event }) => ({ auth: event.auth }) },
          target: 'signedIn',
          actions: assign(({ event }) => ({ ...event.auth })),
        },
      },
    },

    resendingCode: {
      tags: ['route:verify', 'busy'],
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ email: context.email ?? '' }),
        onDone: {
          target: 'awaitingCode',
          actions: assign(({ event }) => ({
            tempToken: event.output.tempToken ?? 'cookie',
            problem: null,
          })),
        },
        onError: {
          target: 'awaitingCode',
          actions: { type: 'setProblem', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },

    verifying: {
      tags: ['route:verify', 'busy'],
      invoke: {
        src: 'verify',
        input: ({ context, event }) => ({
          code: event.type === 'auth.codeSubmitted' ? event.code : '',
          rememberMe: event.type === 'auth.codeSubmitted' ? event.rememberMe : false,
          tempToken: context.tempToken,
          onboarding: context.onboarding,
        }),
        onDone: {
          target: 'signedIn',
          actions: assign(({ event }) => ({
            ...signedInContext(event.output),
            pendingSession: event.output,
            onboarding: null,
          })),
        },
        onError: [
          {
            guard: { type: 'isAccountMissing', params: ({ event }) => ({ error: event.error }) },
            target: 'loggedOut.needsAccount',
            actions: [
              assign({ tempToken: null }),
              { type: 'setProblem', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          {
            target: 'awaitingCode',
            actions: { type: 'setProblem', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },

    signedIn: {
      type: 'parallel',
      tags: ['authenticated'],
      entry: [
        { type: 'persistAuth', params: ({ context }) => storedAuth(context) },
        enqueueActions(({ context, enqueue }) => {
          if (context.role === 'CLIENT') {
            const restored = parseClientContext(context.restoredChildren.client)
            enqueue.spawnChild('client', { id: 'client', systemId: 'client', input: { restored } })
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
          } else {
            enqueue.spawnChild('admin', {
              id: 'admin',
              systemId: 'admin',
              input: {
                role: context.role ?? '',
                restored: parseAdminContext(context.restoredChildren.admin),
              },
            })
          }
          enqueue.assign({ restoredChildren: { client: null, admin: null }, pendingSession: null })
        }),
      ],
      exit: enqueueActions(({ enqueue }) => {
        enqueue.stopChild('client')
        enqueue.stopChild('admin')
      }),
      on: {
        'session.loggedOut': '#session.loggingOut',
        'session.synced': [
          {
            guard: { type: 'isSignedInElsewhere', params: ({ event }) => ({ auth: event.auth }) },
            target: '.token.checking',
            actions: assign(({ event }) => ({ ...event.auth, tokenReceivedAt: Date.now() })),
          },
          { target: 'loggedOut', actions: 'clearSession' },
        ],
      },
      states: {
        view: {
          initial: 'deciding',
          on: { 'session.profileUpdated': '.deciding' },
          states: {
            deciding: {
              always: [
                { guard: 'isClientWithFlag', target: 'builder' },
                { guard: 'isClient', target: 'comingSoon' },
                { target: 'admin' },
              ],
            },
            builder: { tags: ['route:builder'] },
            comingSoon: {
              tags: ['route:comingSoon'],
              initial: 'idle',
              states: {
                idle: { on: { 'waiting.toggled': 'saving' } },
                saving: {
                  tags: ['busy'],
                  invoke: {
                    src: 'editStatus',
                    input: ({ context }) => ({
                      onWaiting: !(
                        context.userData &&
                        'onWaiting' in context.userData &&
                        context.userData.onWaiting
                      ),
                    }),
                    onDone: {
                      target: 'idle',
                      actions: [
                        assign(({ context, event }) => ({
                          problem: null,
                          userData: context.userData && {
                            ...context.userData,
                            onWaiting: event.output.onWaiting,
                          },
                        })),
                        { type: 'persistAuth', params: ({ context }) => storedAuth(context) },
                      ],
                    },
                    onError: {
                      target: 'idle',
                      actions: {
                        type: 'setProblem',
                        params: ({ event }) => ({ error: event.error }),
                      },
                    },
                  },
                },
              },
            },
            admin: { tags: ['route:admin'] },
          },
        },
        token: {
          initial: 'checking',
          on: {
            'session.unauthorized': [
              { guard: 'isRecovering', target: '#session.loggingOut' },
              { target: '.refreshing', actions: assign({ recovering: true }) },
            ],
          },
          states: {
            checking: {
              always: [
                { guard: 'clientDataMissing', target: 'refreshing' },
                { guard: 'tokenIsFresh', target: 'fresh' },
                { target: 'stale' },
              ],
            },
            fresh: {
              after: {
                untilRefresh: { target: 'refreshing', actions: assign({ recovering: false }) },
              },
            },
            /** Expired or unreadable: nothing is scheduled; a 401 still tries one refresh. */
            stale: {},
            refreshing: {
              tags: ['refreshing'],
              invoke: {
                src: 'refresh',
                input: ({ context }) => ({ accessToken: context.accessToken }),
                onDone: {
                  target: 'checking',
                  actions: [
                    assign(({ event }) => ({
                      ...signedInContext(event.output),
                      clientDataMissing: false,
                    })),
                    { type: 'persistAuth', params: ({ context }) => storedAuth(context) },
                    enqueueActions(({ context, event, enqueue }) => {
                      if (context.role !== 'CLIENT') return
                      const data = clientDataOf(event.output)
                      enqueue.sendTo(
                        'client',
                        data
                          ? { type: 'client.sessionStarted', data }
                          : { type: 'client.flagChanged', Flag: context.flag },
                      )
                    }),
                    raise({ type: 'session.profileUpdated' }),
                  ],
                },
                onError: {
                  target: '#session.loggedOut',
                  actions: ['clearSession', 'clearStorage'],
                },
              },
            },
          },
        },
      },
    },

    // Pending, so that no guard decides on a session that is half gone.
    loggingOut: {
      tags: ['busy', 'pending'],
      invoke: {
        src: 'logout',
        onDone: { target: 'loggedOut', actions: ['clearSession', 'clearStorage'] },
        onError: { target: 'loggedOut', actions: ['clearSession', 'clearStorage'] },
      },
    },
  },
})

function signedInContext(data: SessionData | RefreshData) {
  return {
    role: data.role,
    accessToken: data.Token,
    userData: data.userData,
    flag: data.Flag,
    isAuthenticated: true,
    tempToken: null,
    tokenReceivedAt: Date.now(),
    problem: null,
  }
}

/** The client data a refresh carries (a client's refresh does); null when it carries none. */
function clientDataOf(data: RefreshData): SessionStartData | null {
  if (!data.poolData) return null
  const { poolData, Flag, Engineers = [], Managers = [] } = data
  return { poolData, Flag, Engineers, Managers }
}

export type SessionActor = ActorRefFrom<typeof sessionMachine>
