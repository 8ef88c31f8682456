import { assertEvent } from 'xstate'
import { dataActorsOf, persistKeptClient, persistSession, sessionSetup } from './session.setup'
import type { SessionEvent } from './session.types'

/**
 * Another tab signed in another account (issue 15): this tab is signed in again from the start,
 * as that account, with nothing of the old one kept.
 */
const takeOtherAccount = [
  'clearSession',
  {
    type: 'takeSyncedAuth',
    params: ({ event }: { event: SessionEvent }) => {
      assertEvent(event, 'session.synced')
      return { auth: event.auth }
    },
  },
  'stampTokenReceived',
] as const

/**
 * Signed in: the role's data actors are spawned (client, admin, projects), the view (builder, coming soon, admin)
 * follows role and Flag, and beside it the access token is refreshed before it expires.
 */
export const signedInState = sessionSetup.createStateConfig({
  type: 'parallel',
  tags: ['authenticated'],
  entry: [persistSession, 'spawnDataActor'],
  exit: 'stopDataActors',
  on: {
    'session.loggedOut': '#session.loggingOut',
    'session.synced': [
      {
        guard: { type: 'isSameAccountElsewhere', params: ({ event }) => ({ auth: event.auth }) },
        target: '.token.checking',
        actions: [
          { type: 'takeSyncedAuth', params: ({ event }) => ({ auth: event.auth }) },
          'stampTokenReceived',
        ],
      },
      // Another tab signed in another account (issue 15): signed in again from the start, so
      // the old data actor stops and the new account's is spawned. The other tab stores the new
      // account's data under the key of its kind; the other kind's stored data is nobody's now.
      {
        guard: { type: 'isSameKindElsewhere', params: ({ event }) => ({ auth: event.auth }) },
        target: '#session.signedIn',
        reenter: true,
        actions: takeOtherAccount,
      },
      {
        guard: { type: 'isSignedInElsewhere', params: ({ event }) => ({ auth: event.auth }) },
        target: '#session.signedIn',
        reenter: true,
        actions: [
          { type: 'forgetChildState', params: ({ context }) => dataActorsOf(context.role) },
          ...takeOtherAccount,
        ],
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
            idle: { on: { 'waiting.toggled': 'saving', 'city.changed': 'moving' } },
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
                    {
                      type: 'storeWaitingStatus',
                      params: ({ event }) => ({ onWaiting: event.output.onWaiting }),
                    },
                    persistSession,
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
            /** The client corrected their city: answered like a refresh, Flag and all. */
            moving: {
              tags: ['busy'],
              entry: 'tellClientRefreshStarted',
              invoke: {
                src: 'changeCity',
                input: ({ event }) => {
                  assertEvent(event, 'city.changed')
                  return event.place
                },
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'takeRefreshedToken', params: ({ event }) => ({ data: event.output }) },
                    persistSession,
                    {
                      type: 'tellClientRefreshed',
                      params: ({ event }) => ({ data: event.output }),
                    },
                    'decideViewAgain',
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
          {
            target: '.refreshing',
            actions: { type: 'startRecovery', params: ({ event }) => ({ draft: event.draft }) },
          },
        ],
        // An admin closed the client's city while the token still says Flag: the refresh brings
        // the account's standing, and the view follows it. Not a recovery: no sign-out after it.
        'session.forbidden': '.refreshing',
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
            untilRefresh: { target: 'refreshing', actions: 'endRecovery' },
          },
        },
        /** Expired or unreadable: nothing is scheduled; a 401 still tries one refresh. */
        stale: {},
        refreshing: {
          tags: ['refreshing'],
          entry: 'tellClientRefreshStarted',
          // Another call's 401 or 403 waits for this refresh, and is retried after it.
          on: {
            'session.unauthorized': {
              actions: { type: 'startRecovery', params: ({ event }) => ({ draft: event.draft }) },
            },
            'session.forbidden': {},
          },
          invoke: {
            src: 'refresh',
            input: ({ context }) => ({ accessToken: context.accessToken }),
            onDone: {
              target: 'checking',
              actions: [
                { type: 'takeRefreshedToken', params: ({ event }) => ({ data: event.output }) },
                persistSession,
                { type: 'tellClientRefreshed', params: ({ event }) => ({ data: event.output }) },
                'decideViewAgain',
              ],
            },
            // Signed out with nothing stored left, but a draft of the edit a 401 interrupted.
            onError: {
              target: '#session.loggedOut',
              actions: ['keepDraft', 'clearSession', 'clearStorage', persistKeptClient],
            },
          },
        },
      },
    },
  },
})
