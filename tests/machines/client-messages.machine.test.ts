import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { MESSAGE_PAGE, type Message } from '../../contract/messages'
import {
  clientMachine,
  type ClientCall,
  type ClientCallResult,
  toStored,
} from '../../machines/client/client.machine'
import { message, messages, summary, threadList } from '../support/messages'
import { noStorage } from '../support/storage-fakes'

/** The owner's thread calls over threads held in memory; each call is recorded as it was made. */
function start(held: Message[]) {
  const calls: ClientCall[] = []
  const port = async (call: ClientCall): Promise<ClientCallResult> => {
    calls.push(call)
    switch (call.name) {
      case 'threads':
        return { name: 'threads', data: threadList({ project: 2 }) }
      case 'threadMessages': {
        const before = call.query?.before
        const page = held.filter(
          (m) => m.thread === call.thread && (!before || m.createdAt < before),
        )
        return { name: 'threadMessages', data: page.slice(-MESSAGE_PAGE) }
      }
      case 'readThread':
        return { name: 'readThread', data: summary(call.thread, 0) }
      case 'postMessage':
        return { name: 'postMessage', data: { ...message(900, call.thread), text: call.body.text } }
      default:
        throw new Error(`${call.name} is not a thread call`)
    }
  }
  const machine = clientMachine.provide({
    actors: { clientCall: fromPromise(({ input }: { input: ClientCall }) => port(input)) },
    actions: noStorage,
  })
  const actor = createActor(machine, { input: {} }).start()
  const quiet = () =>
    waitFor(
      actor,
      (s) =>
        !s.hasTag('busy') &&
        s.matches({ threads: 'idle', openThread: 'idle' }) &&
        s.context.pending === null,
    )
  return { actor, calls, quiet }
}

describe('client machine: the open thread', () => {
  it('reads the opened thread, then marks it read: its unread count moves', async () => {
    const { actor, calls, quiet } = start(messages(1, 2))
    actor.send({ type: 'list.requested', list: 'threads' })
    await waitFor(actor, (s) => s.context.threads !== null)
    actor.send({ type: 'thread.opened', thread: 'project' })
    const snapshot = await waitFor(
      actor,
      (s) => s.context.threads?.find((t) => t.thread === 'project')?.unread === 0,
    )
    expect(snapshot.context.messages?.messages?.map((m) => m.text)).toEqual([
      'Message 1',
      'Message 2',
    ])
    expect(calls.map((c) => c.name)).toEqual(['threads', 'threadMessages', 'readThread'])
    expect(calls[1]).toMatchObject({ thread: 'project', query: {} })
    await quiet()
  })

  it('pages in earlier messages before the oldest held', async () => {
    const { actor, calls, quiet } = start(messages(1, MESSAGE_PAGE + 1))
    actor.send({ type: 'thread.opened', thread: 'project' })
    await waitFor(actor, (s) => s.context.messages?.earlier === true)
    await quiet()
    actor.send({ type: 'thread.earlierRequested' })
    const snapshot = await waitFor(
      actor,
      (s) => s.context.messages?.messages?.length === MESSAGE_PAGE + 1,
    )
    expect(calls.at(-1)).toMatchObject({
      name: 'threadMessages',
      query: { before: message(2).createdAt, beforeId: message(2).id },
    })
    expect(snapshot.context.messages?.earlier).toBe(false)
  })

  it('adds a message sent to the open thread and reads the threads again', async () => {
    const { actor, calls, quiet } = start(messages(1, 1))
    actor.send({ type: 'list.requested', list: 'threads' })
    actor.send({ type: 'thread.opened', thread: 'project' })
    await quiet()
    actor.send({
      type: 'client.callRequested',
      call: { name: 'postMessage', thread: 'project', body: { text: 'Can we start Monday?' } },
    })
    const snapshot = await quiet()
    expect(snapshot.context.messages?.messages?.map((m) => m.text)).toEqual([
      'Message 1',
      'Can we start Monday?',
    ])
    expect(calls.slice(-2).map((c) => c.name)).toEqual(['postMessage', 'threads'])
  })

  it('starts another thread empty, and keeps neither threads nor messages in storage', async () => {
    const { actor, quiet } = start(messages(1, 1))
    actor.send({ type: 'thread.opened', thread: 'project' })
    await quiet()
    actor.send({ type: 'thread.opened', thread: 'excavation' })
    expect(actor.getSnapshot().context.messages).toEqual({
      thread: 'excavation',
      messages: null,
      earlier: false,
    })
    const snapshot = await quiet()
    expect(snapshot.context.messages?.messages).toEqual([])
    expect(Object.keys(toStored(snapshot.context))).not.toContain('messages')
    expect(Object.keys(toStored(snapshot.context))).not.toContain('threads')
  })
})
