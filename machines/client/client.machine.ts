import { stateIn, type ActorRefFrom } from 'xstate'
import { callInFlight, ownContext } from './client-context'
import { initialClientContext } from './initial-context'
import { clientSetup, persistContext } from './client.setup'
import { listReaderState } from './list-reader.state'
import { openThreadState } from './open-thread.state'

/**
 * The client's data (seed §3–§4 "Client data"): filled when a session starts, changed by the
 * client's writes, which run one at a time in the order asked (a screen sends
 * `client.callRequested`, the `clientCall` port answers, the answer is applied as the table's
 * effects say), and by the lists read beside them, one reader each; persisted after every
 * change. Spawned by the session.
 */
export const clientMachine = clientSetup.createMachine({
  id: 'client',
  context: ({ input }) => ({
    ...(input.restored ? ownContext(input.restored, input.userId) : initialClientContext()),
    pending: null,
    queued: [],
    failure: null,
    callsSettled: 0,
    refreshMark: null,
    timeline: null,
    money: null,
    notifications: null,
    calendarUrl: null,
    replayed: null,
    draftRefused: null,
    files: null,
    logs: null,
    warranties: null,
    trades: null,
    notices: null,
    checklists: null,
    bidRequests: null,
    scope: null,
    equipment: null,
    startupLog: null,
    passport: null,
    threads: null,
    messages: null,
    uploads: [],
    listFailures: {},
  }),
  type: 'parallel',
  states: {
    writes: {
      initial: 'ready',
      states: {
        ready: {
          // A write asked for while the last one ran goes next.
          always: { guard: 'hasQueued', target: 'calling', actions: 'startQueued' },
          on: {
            'client.refreshStarted': { actions: 'markRefresh' },
            'client.sessionStarted': [
              {
                // Signed in again with an edit left over from the session that ended: re-applied.
                guard: 'hasDraft',
                target: 'calling',
                actions: [
                  { type: 'startSession', params: ({ event }) => event.data },
                  'replayDraft',
                  persistContext,
                ],
              },
              {
                actions: [
                  { type: 'startSession', params: ({ event }) => event.data },
                  persistContext,
                ],
              },
            ],
            'client.callRequested': {
              target: 'calling',
              actions: { type: 'startCall', params: ({ event }) => ({ call: event.call }) },
            },
          },
        },
        // One write at a time: a second request waits for the first one's answer rather than
        // racing it (the mark-read of a thread just opened, a message sent meanwhile).
        calling: {
          tags: ['busy'],
          on: {
            'client.callRequested': {
              actions: { type: 'queueCall', params: ({ event }) => ({ call: event.call }) },
            },
            'client.refreshStarted': { actions: 'spoilRefresh' },
            'client.sessionStarted': {
              actions: [
                { type: 'startSession', params: ({ event }) => event.data },
                persistContext,
              ],
            },
          },
          invoke: {
            src: 'clientCall',
            input: ({ context }) => callInFlight(context),
            onDone: {
              target: 'ready',
              actions: [
                'settleDraft',
                { type: 'applyWrite', params: ({ event }) => ({ result: event.output }) },
                { type: 'fetchStale', params: ({ event }) => ({ result: event.output }) },
                'overtakePoolRead',
                persistContext,
              ],
            },
            onError: [
              {
                // Saved: a draft that failed is not re-applied at the next sign-in.
                guard: 'hasDraft',
                target: 'ready',
                actions: [
                  { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
                  'overtakePoolRead',
                  'refuseDraft',
                  persistContext,
                ],
              },
              {
                target: 'ready',
                actions: [
                  { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
                  'overtakePoolRead',
                ],
              },
            ],
          },
        },
      },
    },
    poolData: listReaderState('poolData'),
    timeline: listReaderState('timeline'),
    money: listReaderState('money'),
    notifications: listReaderState('notifications'),
    files: listReaderState('files'),
    logs: listReaderState('logs'),
    warranties: listReaderState('warranties'),
    trades: listReaderState('trades'),
    notices: listReaderState('notices'),
    checklists: listReaderState('checklists'),
    bidRequests: listReaderState('bidRequests'),
    scope: listReaderState('scope'),
    equipment: listReaderState('equipment'),
    startupLog: listReaderState('startupLog'),
    passport: listReaderState('passport'),
    threads: listReaderState('threads'),
    openThread: openThreadState,
  },
  on: {
    'client.dataRefreshed': [
      {
        guard: 'refreshIsCurrent',
        actions: [
          { type: 'startSession', params: ({ event }) => event.data },
          'spoilRefresh',
          persistContext,
        ],
      },
      {
        // A write settled meanwhile: its entry may be newer than this answer. Flag is still true.
        actions: [
          { type: 'setFlag', params: ({ event }) => ({ Flag: event.data.Flag ?? false }) },
          'spoilRefresh',
          persistContext,
        ],
      },
    ],
    'client.flagChanged': {
      actions: [{ type: 'setFlag', params: ({ event }) => ({ Flag: event.Flag }) }, persistContext],
    },
    'client.failureDismissed': { actions: 'dismissFailure' },
    'layout.sidebarToggled': { actions: ['toggleSidebar', persistContext] },
    'upload.requested': { actions: { type: 'startUpload', params: ({ event }) => event } },
    'upload.progressed': {
      actions: {
        type: 'changeUpload',
        params: ({ event: { id, loaded, total } }) => ({ id, loaded, total }),
      },
    },
    'upload.finished': [
      {
        // Stored while the files are read: that answer may not have it, so it is marked.
        guard: stateIn({ files: 'reading' }),
        actions: {
          type: 'changeUpload',
          params: ({ event: { id, file } }) => ({
            id,
            file,
            status: 'done',
            loaded: file.size,
            storedDuringFetch: true,
          }),
        },
      },
      {
        actions: {
          type: 'changeUpload',
          params: ({ event: { id, file } }) => ({ id, file, status: 'done', loaded: file.size }),
        },
      },
    ],
    'upload.failed': {
      actions: {
        type: 'changeUpload',
        params: ({ event: { id, error } }) => ({ id, error, status: 'failed' }),
      },
    },
    'upload.dismissed': { actions: { type: 'dropUpload', params: ({ event }) => event } },
  },
})

export type ClientActor = ActorRefFrom<typeof clientMachine>
export type {
  CallFailure,
  ClientCall,
  ClientCallResult,
  ClientContext,
  ClientDraft,
  ClientEvent,
  ClientInput,
  ClientListName,
  ClientMachineContext,
  ClientWrite,
  SessionStartData,
  SendFileInput,
  Upload,
  UploadEvent,
  UploadRequest,
} from './client.types'
export {
  applyCallResult,
  describeFailure,
  markBuilderRequested,
  parseClientContext,
  startSession,
  toStored,
  upsertEntry,
  upsertManagerRequest,
} from './client-context'
export { emptyPoolData, initialClientContext, keptDraft } from './initial-context'
