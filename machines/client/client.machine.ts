import { assign, enqueueActions, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate'
import {
  applyCallResult,
  callInFlight,
  changesTimeline,
  describeFailure,
  initialClientContext,
  ownContext,
  startSession,
  toStored,
} from './client-context'
import { unprovided } from '../ports'
import { withStoredFile, withStoredMeanwhile } from './uploads'
import type {
  ClientCall,
  ClientCallResult,
  ClientContext,
  ClientEvent,
  ClientInput,
  ClientMachineContext,
  SendFileInput,
  SessionStartData,
  Upload,
  UploadEvent,
} from './client.types'

/** Every change hands the new context to `persist`; it reads the context after the update. */
const persistContext = {
  type: 'persist',
  params: ({ context }: { context: ClientMachineContext }) => toStored(context),
} as const

/**
 * The client's data (seed §3–§4 "Client data"): filled when a session starts, changed by the
 * client calls it runs one at a time (a screen sends `client.callRequested`, the `clientCall`
 * port answers, the answer is applied), persisted after every change. Spawned by the session.
 */
export const clientMachine = setup({
  types: {
    context: {} as ClientMachineContext,
    events: {} as ClientEvent,
    input: {} as ClientInput,
    tags: {} as 'busy',
  },
  actors: {
    /** Port: runs the call on the API and says what its answer changes. */
    clientCall: fromPromise<ClientCallResult, ClientCall>(async () => {
      throw new Error('clientCall not provided')
    }),
    /** Port: sends one file, reporting its progress, the stored file or the refusal back. */
    sendFile: fromCallback<UploadEvent, SendFileInput>(() => {
      throw new Error('sendFile not provided')
    }),
  },
  actions: {
    startSession: assign(({ context }, params: SessionStartData) => startSession(context, params)),
    setFlag: assign((_, params: { Flag: boolean }) => ({ Flag: params.Flag })),
    startCall: assign((_, params: { call: ClientCall }) => ({
      pending: params.call,
      failure: null,
    })),
    replayDraft: assign(({ context }) => ({ pending: context.draft?.call ?? null, failure: null })),
    /** A re-applied draft that answered: the screen says it was saved. */
    settleDraft: assign(({ context }) =>
      context.draft ? { replayed: context.draft.call, draft: null } : {},
    ),
    applyResult: assign(({ context }, params: { result: ClientCallResult }) => {
      const applied = applyCallResult(context, params.result)
      return {
        ...applied,
        ...(params.result.name === 'files'
          ? withStoredMeanwhile(applied.files, context.uploads)
          : {}),
        pending: null,
        callsSettled: context.callsSettled + 1,
      }
    }),
    // A call that failed may still have been written (a timeout after the commit): it counts.
    storeFailure: assign(({ context }, params: { error: unknown }) => ({
      failure: context.pending ? describeFailure(context.pending, params.error) : null,
      pending: null,
      draft: null,
      callsSettled: context.callsSettled + 1,
    })),
    /** The failure just stored was the draft's: kept apart, as no form of this page made it. */
    refuseDraft: assign(({ context }) => ({ draftRefused: context.failure })),
    markRefresh: assign(({ context }) => ({ refreshMark: context.callsSettled })),
    spoilRefresh: assign({ refreshMark: null }),
    dismissFailure: assign({ failure: null }),
    /** Seed §7: after a builder or manager request the admin data is refetched where it runs. */
    refreshAdmin: enqueueActions(({ system, enqueue }, params: { result: ClientCallResult }) => {
      const admin = system.get('admin')
      const { name } = params.result
      if (admin && (name === 'requestBuilder' || name === 'requestManager')) {
        enqueue.sendTo(admin, { type: 'admin.refreshRequested' })
      }
    }),
    toggleSidebar: assign(({ context }) => ({ isOpen: !context.isOpen })),
    /** Each upload runs beside the calls, in its own child, so a call need not wait for it. */
    startUpload: enqueueActions(({ enqueue }, { id, request }: SendFileInput) => {
      const { file, kind, step } = request
      const upload: Upload = {
        id,
        name: file.name,
        kind,
        step,
        loaded: 0,
        total: file.size,
        status: 'sending',
        request,
      }
      enqueue.assign(({ context }) => ({ uploads: [...context.uploads, upload] }))
      enqueue.spawnChild('sendFile', { id, input: { id, request } })
    }),
    /**
     * Progress, the stored file or the refusal. A file stored joins the list held (withStoredFile);
     * stored while that list is being fetched, it is marked, so the list's answer keeps it.
     */
    changeUpload: assign(({ context }, change: Partial<Upload> & { id: string }) => {
      const mark =
        change.file && context.pending?.name === 'files' ? { storedDuringFetch: true as const } : {}
      return {
        uploads: context.uploads.map((upload) =>
          upload.id === change.id ? { ...upload, ...change, ...mark } : upload,
        ),
        files: withStoredFile(context.files, change.file),
      }
    }),
    /** Cancelled (its request aborted) or cleared: it is gone from the list. */
    dropUpload: enqueueActions(({ enqueue }, { id }: { id: string }) => {
      enqueue.stopChild(id)
      enqueue.assign(({ context }) => ({ uploads: context.uploads.filter((u) => u.id !== id) }))
    }),
    /** Port: the app saves the context to IndexedDB under `client`. Tests record it. */
    persist: (_, _context: ClientContext) => unprovided('persist'),
  },
  guards: {
    /** The answer moved dates the client holds: the timeline is fetched again. */
    changesTimeline: ({ context }, params: { result: ClientCallResult }) =>
      changesTimeline(context, params.result),
    /** No call settled since the refresh started, so its pool data is not older than ours. */
    refreshIsCurrent: ({ context }) => context.refreshMark === context.callsSettled,
    hasDraft: ({ context }) => context.draft !== null,
  },
}).createMachine({
  id: 'client',
  context: ({ input }) => ({
    ...(input.restored ? ownContext(input.restored, input.userId) : initialClientContext()),
    pending: null,
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
    uploads: [],
  }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'client.refreshStarted': { actions: 'markRefresh' },
        // Signed in again with an edit left over from the session that ended: it is re-applied.
        'client.sessionStarted': {
          guard: 'hasDraft',
          target: 'calling',
          actions: [
            { type: 'startSession', params: ({ event }) => event.data },
            'replayDraft',
            persistContext,
          ],
        },
        'client.callRequested': {
          target: 'calling',
          actions: { type: 'startCall', params: ({ event }) => ({ call: event.call }) },
        },
      },
    },
    // One call at a time: the screens disable their buttons meanwhile, and a second request is
    // ignored rather than racing the first one's answer.
    calling: {
      tags: ['busy'],
      on: { 'client.refreshStarted': { actions: 'spoilRefresh' } },
      invoke: {
        src: 'clientCall',
        input: ({ context }) => callInFlight(context),
        onDone: [
          {
            guard: { type: 'changesTimeline', params: ({ event }) => ({ result: event.output }) },
            target: 'refreshingTimeline',
            actions: [
              'settleDraft',
              { type: 'applyResult', params: ({ event }) => ({ result: event.output }) },
              persistContext,
            ],
          },
          {
            target: 'ready',
            actions: [
              'settleDraft',
              { type: 'applyResult', params: ({ event }) => ({ result: event.output }) },
              { type: 'refreshAdmin', params: ({ event }) => ({ result: event.output }) },
              persistContext,
            ],
          },
        ],
        onError: [
          {
            // Saved: a draft that failed is not re-applied at the next sign-in.
            guard: 'hasDraft',
            target: 'ready',
            actions: [
              { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
              'refuseDraft',
              persistContext,
            ],
          },
          {
            target: 'ready',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    // A step marked done moves the forecast: the screens show the new dates, not the old ones.
    refreshingTimeline: {
      tags: ['busy'],
      on: { 'client.refreshStarted': { actions: 'spoilRefresh' } },
      invoke: {
        src: 'clientCall',
        input: { name: 'timeline' },
        onDone: {
          target: 'ready',
          actions: [
            { type: 'applyResult', params: ({ event }) => ({ result: event.output }) },
            persistContext,
          ],
        },
        // The step was saved; the dates come with the next timeline answer.
        onError: { target: 'ready' },
      },
    },
  },
  on: {
    'client.sessionStarted': {
      actions: [{ type: 'startSession', params: ({ event }) => event.data }, persistContext],
    },
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
        // A call settled meanwhile: its entry may be newer than this answer. Flag is still true.
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
    'upload.finished': {
      actions: {
        type: 'changeUpload',
        params: ({ event: { id, file } }) => ({ id, file, status: 'done', loaded: file.size }),
      },
    },
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
  ClientMachineContext,
  SessionStartData,
  SendFileInput,
  Upload,
  UploadEvent,
  UploadRequest,
} from './client.types'
export {
  applyCallResult,
  changesTimeline,
  describeFailure,
  emptyPoolData,
  initialClientContext,
  keptDraft,
  markBuilderRequested,
  parseClientContext,
  startSession,
  toStored,
  upsertEntry,
  upsertManagerRequest,
} from './client-context'
