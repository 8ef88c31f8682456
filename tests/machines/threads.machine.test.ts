import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import {
  MESSAGE_PAGE,
  type Message,
  type MessageBody,
  type ThreadId,
} from '../../contract/messages'
import { threadsWithPorts } from '../../machines/messages/threads.machine'
import type { ThreadsPorts } from '../../machines/messages/threads.types'
import { message, messages, summary, threadList } from '../support/messages'

/** A manager's thread calls over one project's threads held in memory, each call recorded. */
function project(
  held: Partial<Record<ThreadId, Message[]>>,
  unread: Partial<Record<ThreadId, number>> = {},
) {
  const calls: string[] = []
  const counts = { ...unread }
  const ports: ThreadsPorts = {
    threads: async () => (calls.push('threads'), threadList(counts)),
    messages: async (thread, { before, beforeId }) => {
      calls.push(before ? `messages ${thread} before ${before} ${beforeId}` : `messages ${thread}`)
      const all = (held[thread] ?? []).filter((m) => !before || m.createdAt < before)
      return all.slice(-MESSAGE_PAGE).reverse()
    },
    post: async (thread, body: MessageBody) => {
      calls.push(`post ${thread}`)
      return { ...message(900, thread), text: body.text }
    },
    read: async (thread) => {
      calls.push(`read ${thread}`)
      counts[thread] = 0
      return summary(thread, 0)
    },
  }
  return { calls, ports }
}

const idle = (actor: ReturnType<typeof createActor<ReturnType<typeof threadsWithPorts>>>) =>
  waitFor(actor, (s) => s.matches({ list: 'idle', thread: 'idle' }))

describe("threads machine (a manager's and a trade's)", () => {
  it('opens the thread it is given, reads its newest page oldest first and marks it read', async () => {
    const { calls, ports } = project({ project: messages(1, 3) }, { project: 3 })
    const actor = createActor(threadsWithPorts(ports), { input: { thread: 'project' } }).start()
    actor.send({ type: 'threads.requested' })
    const snapshot = await idle(actor)
    expect(snapshot.context.open?.messages?.map((m) => m.text)).toEqual([
      'Message 1',
      'Message 2',
      'Message 3',
    ])
    expect(snapshot.context.open?.earlier).toBe(false)
    expect([...calls].sort()).toEqual(['messages project', 'read project', 'threads'])
    expect(snapshot.context.threads?.find((t) => t.thread === 'project')?.unread).toBe(0)
  })

  it('pages in earlier messages with before, until a short page says there are no more', async () => {
    const { calls, ports } = project({ excavation: messages(1, MESSAGE_PAGE + 5, 'excavation') })
    const actor = createActor(threadsWithPorts(ports), { input: { thread: 'excavation' } }).start()
    let snapshot = await idle(actor)
    expect(snapshot.context.open?.messages).toHaveLength(MESSAGE_PAGE)
    expect(snapshot.context.open?.earlier).toBe(true)
    actor.send({ type: 'thread.earlierRequested' })
    snapshot = await waitFor(actor, (s) => s.context.open?.messages?.length === MESSAGE_PAGE + 5)
    expect(calls.at(-1)).toBe(`messages excavation before ${message(6).createdAt} ${message(6).id}`)
    expect(snapshot.context.open?.messages?.[0]?.text).toBe('Message 1')
    expect(snapshot.context.open?.earlier).toBe(false)
  })

  it('opens another thread empty, takes no page of the one left, and reads the list meanwhile', async () => {
    const { ports } = project({ project: messages(1, 2), excavation: messages(3, 3, 'excavation') })
    const actor = createActor(threadsWithPorts(ports), { input: {} }).start()
    expect(actor.getSnapshot().matches({ thread: 'closed' })).toBe(true)
    actor.send({ type: 'threads.requested' })
    actor.send({ type: 'thread.opened', thread: 'project' })
    actor.send({ type: 'thread.opened', thread: 'excavation' })
    const snapshot = await waitFor(
      actor,
      (s) => s.context.threads !== null && s.matches({ thread: 'idle' }),
    )
    expect(snapshot.context.open?.thread).toBe('excavation')
    expect(snapshot.context.open?.messages?.map((m) => m.thread)).toEqual(['excavation'])
  })

  it('adds a message sent to the open thread and reads the threads again', async () => {
    const { calls, ports } = project({ project: messages(1, 1) })
    const actor = createActor(threadsWithPorts(ports), { input: { thread: 'project' } }).start()
    await idle(actor)
    actor.send({ type: 'message.sent', body: { text: 'Pump delivered' } })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    const snapshot = await waitFor(actor, (s) => s.context.threads !== null)
    expect(snapshot.context.open?.messages?.map((m) => m.text)).toEqual([
      'Message 1',
      'Pump delivered',
    ])
    expect(calls.slice(-2)).toEqual(['post project', 'threads'])
  })

  it("keeps a refused message's reason for the composer", async () => {
    const { ports } = project({})
    const refusing = threadsWithPorts({
      ...ports,
      post: () =>
        Promise.reject({ status: 400, detail: 'Too long', fieldErrors: { text: ['Too long'] } }),
    })
    const actor = createActor(refusing, { input: { thread: 'project' } }).start()
    await idle(actor)
    actor.send({ type: 'message.sent', body: { text: 'x' } })
    const snapshot = await waitFor(actor, (s) => s.context.failure !== null)
    expect(snapshot.context.failure).toMatchObject({ call: 'post', message: 'Too long' })
    expect(snapshot.context.open?.messages).toEqual([])
  })
})
