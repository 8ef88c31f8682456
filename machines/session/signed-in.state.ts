import { assign, enqueueActions, raise } from 'xstate'
import { parseAdminContext } from '../admin/admin.machine'
import { parseClientContext } from '../client/client.machine'
import { clientDataOf, sessionSetup, signedInContext, storedAuth } from './session.setup'

/**
 * Signed in: the client or admin data actor is spawned, the view (builder, coming soon, admin)
 * follows role and Flag, and beside it the access token is refreshed before it expires.
 */
export const signedInState = sessionSetup.createStateConfig({
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
            now: context.now,
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
        actions: assign(({ context, event }) => ({
          ...event.auth,
          tokenReceivedAt: context.now(),
        })),
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
          // The client actor notes which of its calls the answer may already include.
          entry: enqueueActions(({ context, enqueue }) => {
            if (context.role === 'CLIENT')
              enqueue.sendTo('client', { type: 'client.refreshStarted' })
          }),
          invoke: {
            src: 'refresh',
            input: ({ context }) => ({ accessToken: context.accessToken }),
            onDone: {
              target: 'checking',
              actions: [
                assign(({ context, event }) => ({
                  ...signedInContext(event.output, context.now()),
                  clientDataMissing: false,
                })),
                { type: 'persistAuth', params: ({ context }) => storedAuth(context) },
                enqueueActions(({ context, event, enqueue }) => {
                  if (context.role !== 'CLIENT') return
                  const data = clientDataOf(event.output)
                  enqueue.sendTo(
                    'client',
                    data
                      ? { type: 'client.dataRefreshed', data }
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
})
