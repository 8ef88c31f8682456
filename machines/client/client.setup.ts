import { assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate'
import { clientEffects, staleOf } from '../../contract/routes/effects'
import { applyCallResult, describeFailure, startSession, toStored } from './client-context'
import { unprovided } from '../ports'
import { withStoredFile, withStoredMeanwhile } from './uploads'
import { openThread } from '../messages/open-thread'
import type { ThreadId } from '../../contract/messages'
import type {
  ClientCall,
  ClientCallResult,
  ClientContext,
  ClientEvent,
  ClientInput,
  ClientListName,
  ClientMachineContext,
  ClientWrite,
  SendFileInput,
  SessionStartData,
  Upload,
  UploadEvent,
} from './client.types'

/** Every change hands the new context to `persist`; it reads the context after the update. */
export const persistContext = {
  type: 'persist',
  params: ({ context }: { context: ClientMachineContext }) => toStored(context),
} as const

/** The actors, actions and guards of the client actor, shared by its writes and its list readers. */
export const clientSetup = setup({
  types: {
    context: {} as ClientMachineContext,
    events: {} as ClientEvent,
    input: {} as ClientInput,
    tags: {} as 'busy',
  },
  actors: {
    /** Port: runs the call on the API and hands back its name and answer. */
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
    startCall: assign((_, params: { call: ClientWrite }) => ({
      pending: params.call,
      failure: null,
    })),
    /** Asked for while another write is in flight: it waits its turn. */
    queueCall: assign(({ context }, params: { call: ClientWrite }) => ({
      queued: [...context.queued, params.call],
    })),
    /** The oldest write waiting runs; a refusal of the one before stays for its own form. */
    startQueued: assign(({ context }) => ({
      pending: context.queued[0] ?? null,
      queued: context.queued.slice(1),
    })),
    replayDraft: assign(({ context }) => ({ pending: context.draft?.call ?? null, failure: null })),
    /** A re-applied draft that answered: the screen says it was saved. */
    settleDraft: assign(({ context }) =>
      context.draft ? { replayed: context.draft.call, draft: null } : {},
    ),
    applyWrite: assign(({ context }, params: { result: ClientCallResult }) => ({
      ...applyCallResult(context, params.result),
      pending: null,
      callsSettled: context.callsSettled + 1,
    })),
    /** A list's answer; the files list keeps what uploads stored while it was read. */
    applyRead: assign(({ context }, { result }: { result: ClientCallResult }) => {
      const applied = applyCallResult(context, result)
      return result.name === 'files'
        ? { ...applied, ...withStoredMeanwhile(applied.files, context.uploads) }
        : applied
    }),
    forgetReadFailure: assign(({ context }, { list }: { list: ClientListName }) => ({
      listFailures: { ...context.listFailures, [list]: undefined },
    })),
    storeReadFailure: assign(
      ({ context }, { list, error }: { list: ClientListName; error: unknown }) => ({
        listFailures: {
          ...context.listFailures,
          [list]: describeFailure({ name: list }, error).message,
        },
      }),
    ),
    /**
     * What the write's entry says it makes stale is fetched again: a list held or being read
     * (its reader decides), and the back-office data where it runs (seed §7).
     */
    fetchStale: enqueueActions(({ system, enqueue }, { result }: { result: ClientCallResult }) => {
      for (const list of staleOf(clientEffects[result.name])) {
        if (list !== 'adminData') enqueue.raise({ type: 'list.staled', list })
        else if (system.get('admin'))
          enqueue.sendTo(system.get('admin'), { type: 'admin.refreshRequested' })
      }
    }),
    /**
     * A write settled (or failed, perhaps written) while the pool data is read: that answer may
     * be older than the write's entry, so it is read again rather than taken (as with a refresh).
     */
    overtakePoolRead: enqueueActions(({ self, enqueue }) => {
      if (self.getSnapshot().matches({ poolData: 'reading' }))
        enqueue.raise({ type: 'list.staled', list: 'poolData' })
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
    /** The Messages page shows this thread: what is held of another is dropped. */
    openThread: assign(({ context }, { thread }: { thread: ThreadId }) => ({
      messages: openThread(context.messages, thread),
    })),
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
     * stored while that list is being read, it is marked, so the list's answer keeps it.
     */
    changeUpload: assign(({ context }, change: Partial<Upload> & { id: string }) => ({
      uploads: context.uploads.map((upload) =>
        upload.id === change.id ? { ...upload, ...change } : upload,
      ),
      files: withStoredFile(context.files, change.file),
    })),
    /** Cancelled (its request aborted) or cleared: it is gone from the list. */
    dropUpload: enqueueActions(({ enqueue }, { id }: { id: string }) => {
      enqueue.stopChild(id)
      enqueue.assign(({ context }) => ({ uploads: context.uploads.filter((u) => u.id !== id) }))
    }),
    /** Port: the app saves the context to IndexedDB under `client`. Tests record it. */
    persist: (_, _context: ClientContext) => unprovided('persist'),
  },
  guards: {
    /** No write settled since the refresh started, so its pool data is not older than ours. */
    refreshIsCurrent: ({ context }) => context.refreshMark === context.callsSettled,
    hasDraft: ({ context }) => context.draft !== null,
    hasQueued: ({ context }) => context.queued.length > 0,
    /** The list event is about this reader's list. */
    isList: (_, { asked, list }: { asked: ClientListName; list: ClientListName }) => asked === list,
    /**
     * The list event is about this reader's list, and it is held: a list never fetched is left
     * alone, for the screen that shows it to fetch when it opens.
     */
    isHeldList: ({ context }, { asked, list }: { asked: ClientListName; list: ClientListName }) =>
      asked === list && context[list] !== null,
  },
})
