import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  applyCallResult,
  clientMachine,
  toStored,
  type ClientCall,
  type ClientCallResult,
  type UploadRequest,
} from '../../machines/client/client.machine'
import { sendFileLogic, type SendFile } from '../../machines/client/uploads'
import { logEntry, storedFile, warranty } from '../support/documents'
import { noStorage } from '../support/storage-fakes'
import { bidRequest as bid, clientAtStart, emptyPoolData } from './fixtures'

/** One upload as the test drives it: the progress it reports, and how it ends. */
type Sending = {
  request: UploadRequest
  progress: (loaded: number, total: number) => void
  signal: AbortSignal
  resolve: (file: StoredFile) => void
  reject: (error: unknown) => void
}

type StoredFile = ReturnType<typeof storedFile>

/**
 * The client actor with a `sendFile` port the test answers by hand, and a files list port that
 * answers `files`, or what `files` resolves to when it is a function.
 */
function start(files: StoredFile[] | (() => Promise<StoredFile[]>) = [storedFile(1)]) {
  const sent: Sending[] = []
  const send: SendFile = (request, progress, signal) =>
    new Promise((resolve, reject) => sent.push({ request, progress, signal, resolve, reject }))
  const calls: ClientCall[] = []
  const clientCall = async (call: ClientCall): Promise<ClientCallResult> => {
    calls.push(call)
    if (call.name === 'files')
      return { name: 'files', data: typeof files === 'function' ? await files() : files }
    if (call.name === 'notifications') {
      const data = {
        inspectionReminders: true,
        stepUpdates: true,
        warrantyReminders: true,
        tradeInsurance: true,
      }
      return { name: 'notifications', data }
    }
    throw new Error(`no ${call.name}`)
  }
  const machine = clientMachine.provide({
    actors: {
      clientCall: fromPromise(({ input }) => clientCall(input)),
      sendFile: sendFileLogic(send),
    },
    actions: noStorage,
  })
  const actor = createActor(machine, { input: {} }).start()
  return { actor, sent, calls }
}

const photo = (name = 'deck.jpg') => new File([new Uint8Array(8)], name, { type: 'image/jpeg' })

const request = (file: File = photo()): UploadRequest => ({ file, kind: 'photo', step: 'steel' })

const uploads = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().context.uploads

describe('an upload in the client actor', () => {
  it('shows the bytes sent of the total as the port reports them', async () => {
    const { actor, sent } = start()
    const asked = request()
    actor.send({ type: 'upload.requested', id: 'u1', request: asked })
    expect(uploads(actor)).toEqual([
      {
        id: 'u1',
        name: 'deck.jpg',
        kind: 'photo',
        step: 'steel',
        loaded: 0,
        total: 8,
        status: 'sending',
        request: asked,
      },
    ])
    await waitFor(actor, () => sent.length === 1)
    expect(sent[0]?.request).toEqual(request(sent[0]?.request.file))
    sent[0]?.progress(300, 1_000)
    expect(uploads(actor)[0]).toMatchObject({ loaded: 300, total: 1_000, status: 'sending' })
  })

  it('adds the stored file to the files held, newest first, and says it is done', async () => {
    const { actor, sent } = start()
    actor.send({ type: 'list.requested', list: 'files' })
    await waitFor(actor, (s) => s.context.files !== null)
    actor.send({ type: 'upload.requested', id: 'u1', request: request() })
    await waitFor(actor, () => sent.length === 1)
    const stored = storedFile(2)
    sent[0]?.resolve(stored)
    await waitFor(actor, (s) => s.context.uploads[0]?.status === 'done')
    expect(uploads(actor)[0]).toMatchObject({ file: stored, loaded: stored.size })
    expect(actor.getSnapshot().context.files?.map((f) => f.id)).toEqual([
      stored.id,
      storedFile(1).id,
    ])
  })

  it('holds a stored file once when the list fetched meanwhile already has it', async () => {
    // The list was read after the upload was stored and answered before the upload did.
    const stored = storedFile(2)
    const { actor, sent } = start([stored, storedFile(1)])
    actor.send({ type: 'upload.requested', id: 'u1', request: request() })
    await waitFor(actor, () => sent.length === 1)
    actor.send({ type: 'list.requested', list: 'files' })
    await waitFor(actor, (s) => s.context.files !== null)
    sent[0]?.resolve(stored)
    await waitFor(actor, (s) => s.context.uploads[0]?.status === 'done')
    expect(actor.getSnapshot().context.files?.map((f) => f.id)).toEqual([
      stored.id,
      storedFile(1).id,
    ])
  })

  it('keeps a file stored while the list was fetched, which the list read before it', async () => {
    let answerList = (_files: StoredFile[]) => {}
    const { actor, sent, calls } = start(() => new Promise((resolve) => (answerList = resolve)))
    actor.send({ type: 'upload.requested', id: 'u1', request: request() })
    await waitFor(actor, () => sent.length === 1)
    actor.send({ type: 'list.requested', list: 'files' })
    await waitFor(actor, () => calls.length === 1)
    const stored = storedFile(2)
    sent[0]?.resolve(stored)
    await waitFor(actor, (s) => s.context.uploads[0]?.status === 'done')
    answerList([storedFile(1)])
    await waitFor(actor, (s) => s.context.files !== null)
    expect(actor.getSnapshot().context.files?.map((f) => f.id)).toEqual([
      stored.id,
      storedFile(1).id,
    ])
    // The next answer is taken as it is: a file deleted elsewhere since is not brought back.
    actor.send({ type: 'list.requested', list: 'files' })
    await waitFor(actor, () => calls.length === 2)
    answerList([storedFile(1)])
    await waitFor(actor, (s) => s.context.files?.length === 1)
  })

  it('keeps the refusal beside the upload until it is dismissed', async () => {
    const { actor, sent } = start()
    actor.send({ type: 'upload.requested', id: 'u1', request: request() })
    await waitFor(actor, () => sent.length === 1)
    const refusal = { status: 409, code: 'QUOTA_EXCEEDED', detail: 'Your files would pass 1 GB.' }
    sent[0]?.reject(refusal)
    await waitFor(actor, (s) => s.context.uploads[0]?.status === 'failed')
    expect(uploads(actor)[0]?.error).toBe(refusal)
    actor.send({ type: 'upload.dismissed', id: 'u1' })
    expect(uploads(actor)).toEqual([])
  })

  it('aborts the request when cancelled, and forgets the upload', async () => {
    const { actor, sent } = start()
    actor.send({ type: 'upload.requested', id: 'u1', request: request() })
    await waitFor(actor, () => sent.length === 1)
    actor.send({ type: 'upload.dismissed', id: 'u1' })
    expect(sent[0]?.signal.aborted).toBe(true)
    expect(uploads(actor)).toEqual([])
    expect(actor.getSnapshot().children).not.toHaveProperty('u1')
  })

  it('runs several uploads at once, beside the calls, each with its own progress', async () => {
    const { actor, sent, calls } = start()
    actor.send({ type: 'upload.requested', id: 'u1', request: request(photo('a.jpg')) })
    actor.send({ type: 'upload.requested', id: 'u2', request: request(photo('b.jpg')) })
    await waitFor(actor, () => sent.length === 2)
    actor.send({ type: 'list.requested', list: 'notifications' })
    await waitFor(actor, (s) => s.context.notifications !== null)
    expect(calls.map((c) => c.name)).toEqual(['notifications'])
    sent[1]?.progress(5, 10)
    expect(uploads(actor).map((u) => [u.name, u.loaded, u.status])).toEqual([
      ['a.jpg', 0, 'sending'],
      ['b.jpg', 5, 'sending'],
    ])
  })

  it('is not saved with the client context', async () => {
    const { actor, sent } = start()
    actor.send({ type: 'upload.requested', id: 'u1', request: request() })
    await waitFor(actor, () => sent.length === 1)
    expect(toStored(actor.getSnapshot().context)).not.toHaveProperty('uploads')
  })
})

describe('the evidence calls’ answers', () => {
  const held = {
    ...clientAtStart(),
    poolData: emptyPoolData({ PermitFee: null }),
    files: [storedFile(1), storedFile(2)],
    logs: [logEntry(1, 'steel')],
    warranties: [warranty('steel')],
  }

  it('replace the lists they answer whole', () => {
    const files = [storedFile(3)]
    expect(applyCallResult(held, { name: 'files', data: files }).files).toBe(files)
    expect(applyCallResult(held, { name: 'logs', data: [] }).logs).toEqual([])
    expect(applyCallResult(held, { name: 'warranties', data: [] }).warranties).toEqual([])
  })

  it('drop what was deleted, add a log entry first and replace a step’s warranty', () => {
    const deleted = { id: storedFile(1).id }
    expect(applyCallResult(held, { name: 'deleteFile', data: deleted }).files).toEqual([
      storedFile(2),
    ])
    const gone = { id: logEntry(1, 'steel').id }
    expect(applyCallResult(held, { name: 'deleteLogEntry', data: gone }).logs).toEqual([])
    const entry = logEntry(2, 'steel')
    expect(applyCallResult(held, { name: 'addLogEntry', data: entry }).logs?.[0]).toBe(entry)
    const renewed = warranty('steel', { provider: 'Other Co' })
    expect(applyCallResult(held, { name: 'setWarranty', data: renewed }).warranties).toEqual([
      renewed,
    ])
  })

  it('leave a list not fetched yet as it is, for the screen that shows it to fetch', () => {
    const empty = { ...held, logs: null, warranties: null }
    expect(
      applyCallResult(empty, { name: 'addLogEntry', data: logEntry(2, 'steel') }).logs,
    ).toBeNull()
    expect(
      applyCallResult(empty, { name: 'setWarranty', data: warranty('tile') }).warranties,
    ).toBeNull()
  })
})

describe('the bid requests’ answers', () => {
  const context = {
    ...clientAtStart(),
    poolData: emptyPoolData({ PermitFee: null }),
    bidRequests: [bid(1)],
  }

  it('put new requests first, and replace one resent or withdrawn by its id', () => {
    const made = [bid(2), bid(3)]
    expect(applyCallResult(context, { name: 'requestBids', data: made }).bidRequests).toEqual([
      bid(2),
      bid(3),
      bid(1),
    ])
    const withdrawn = bid(1, 'withdrawn')
    expect(
      applyCallResult(context, { name: 'withdrawBidRequest', data: withdrawn }).bidRequests,
    ).toEqual([withdrawn])
    const unread = { ...context, bidRequests: null }
    expect(applyCallResult(unread, { name: 'requestBids', data: made }).bidRequests).toBeNull()
  })
})
