import { assertEvent, type ActorRefFrom } from 'xstate'
import { clientDataOf, signedOut } from './session-context'
import { persistSession, sessionSetup } from './session.setup'
import { signedInState } from './signed-in.state'
import type { SessionEvent } from './session.types'

type Synced = { event: Extract<SessionEvent, { type: 'session.synced' }> }

/**
 * Signed out, whether a code was sent or not: another tab signed in (the `storage` event), and
 * this one follows it. Not while a call of this tab's is out, which would be cut short.
 */
const followSignInElsewhere = {
  guard: { type: 'isSignedInElsewhere', params: ({ event }: Synced) => ({ auth: event.auth }) },
  target: '#session.signedIn',
  actions: { type: 'takeSyncedAuth', params: ({ event }: Synced) => ({ auth: event.auth }) },
} as const

/**
 * The session lifecycle (seed §4 "Session"): restoring → logged out → awaiting a code →
 * signed in (client with or without Flag, or admin), with a timed refresh. Routes follow from
 * the `route:*` tags (session.selectors.ts); effects are the ports of session.setup.ts.
 */
export const sessionMachine = sessionSetup.createMachine({
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
    now: input.now,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['pending'],
      always: [
        { guard: 'hasFreshSession', target: 'signedIn' },
        { guard: 'wasSignedIn', target: 'resuming' },
        { guard: 'canResume', target: 'resuming' },
        { guard: 'hadSentCode', target: 'awaitingCode' },
        { target: 'loggedOut' },
      ],
    },

    /**
     * A stored session whose access token expired, or rememberLogin=true and no session: one
     * refresh confirms it before any protected screen shows. If it fails, nothing stored stays.
     */
    resuming: {
      tags: ['pending'],
      invoke: {
        src: 'refresh',
        input: ({ context }) => ({ accessToken: context.accessToken }),
        onDone: {
          target: 'signedIn',
          actions: {
            type: 'startSession',
            params: ({ event }) => ({
              data: event.output,
              pendingSession: clientDataOf(event.output),
            }),
          },
        },
        onError: { target: 'loggedOut', actions: ['clearSession', 'clearStorage'] },
      },
    },

    loggedOut: {
      tags: ['route:landing'],
      initial: 'idle',
      states: {
        idle: {},
        /**
         * verify said ACCOUNT_NOT_FOUND: onboarding, with the email kept and proved. The details
         * create the account with the verified temp token alone, with no second code. Not stored
         * apart from the code it came from: a reload returns to /verify, where that same code
         * (good for the server's 30-minute sign-up window) proves the email again.
         */
        needsAccount: {
          tags: ['route:onboarding'],
          initial: 'editing',
          states: {
            editing: { on: { 'auth.accountSubmitted': 'creating' } },
            creating: {
              tags: ['busy'],
              invoke: {
                src: 'verify',
                input: ({ context, event }) => {
                  assertEvent(event, 'auth.accountSubmitted')
                  return { ...event, code: '', tempToken: context.tempToken }
                },
                onDone: {
                  target: '#session.signedIn',
                  actions: {
                    type: 'startSession',
                    params: ({ event }) => ({ data: event.output, pendingSession: event.output }),
                  },
                },
                // A 401 says the token is spent or too old: the page offers a new code instead.
                onError: {
                  target: 'editing',
                  actions: { type: 'setProblem', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
      },
      on: {
        'auth.codeRequested': {
          target: 'requestingCode',
          actions: {
            type: 'noteCodeRequest',
            params: ({ event }) => ({ email: event.email, onboarding: event.onboarding ?? null }),
          },
        },
        'session.synced': followSignInElsewhere,
      },
    },

    /**
     * A code is on its way: from the sign-in page, or again from /verify (Resend code). The page
     * it was asked from stays on screen, and a failure is shown there.
     */
    requestingCode: {
      tags: ['busy'],
      initial: 'first',
      states: {
        first: { tags: ['route:landing'] },
        /** The code sent before stays good while the new one is asked for. */
        again: { tags: ['route:verify'] },
      },
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ email: context.email ?? '' }),
        onDone: {
          target: 'awaitingCode',
          actions: {
            type: 'storeTempToken',
            params: ({ event }) => ({ tempToken: event.output.tempToken }),
          },
        },
        onError: [
          {
            guard: 'isResendingCode',
            target: 'awaitingCode',
            actions: { type: 'setProblem', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'loggedOut',
            actions: { type: 'setProblem', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },

    awaitingCode: {
      tags: ['route:verify'],
      entry: persistSession,
      on: {
        // A locked code is burned: only a new one (Resend code) can be verified.
        'auth.codeSubmitted': { guard: 'codeUsable', target: 'verifying' },
        'auth.codeResent': 'requestingCode.again',
        'auth.restarted': {
          target: 'loggedOut',
          actions: ['forgetCode', 'clearStorage'],
        },
        'session.synced': followSignInElsewhere,
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
          actions: {
            type: 'startSession',
            params: ({ event }) => ({ data: event.output, pendingSession: event.output }),
          },
        },
        onError: [
          {
            guard: { type: 'isAccountMissing', params: ({ event }) => ({ error: event.error }) },
            target: 'loggedOut.needsAccount',
            actions: { type: 'setProblem', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'awaitingCode',
            actions: { type: 'setProblem', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },

    signedIn: signedInState,

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

export type SessionActor = ActorRefFrom<typeof sessionMachine>
export { LOGGED_OUT, storedAuth, toProblem, type StoredAuth } from './session-context'
