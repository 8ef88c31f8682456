import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { clientEffects, staleOf } from '../../contract/routes/effects'
import {
  clientMachine,
  type ClientCall,
  type ClientCallResult,
  type ClientListName,
  type ClientWrite,
} from '../../machines/client/client.machine'
import { logEntry, storedFile, warranty } from '../support/documents'
import { noStorage } from '../support/storage-fakes'
import { stageEntry, uuid } from './fixtures'

const LISTS: ClientListName[] = [
  'timeline',
  'money',
  'notifications',
  'files',
  'logs',
  'warranties',
  'notices',
  'equipment',
  'startupLog',
  'passport',
  'threads',
]

/** What each list's read answers: the test only looks at whether a list is held and re-read. */
const listData = (list: ClientListName, version: number) =>
  ['files', 'logs', 'warranties', 'notices', 'equipment', 'startupLog', 'threads'].includes(list)
    ? []
    : { list, version }

/** An answer of the shape the call's entry says it updates, built from its effect alone. */
function answerOf(name: ClientCall['name'], version: number): ClientCallResult {
  const { updates } = clientEffects[name]
  const data =
    updates === 'entry'
      ? stageEntry(1)
      : updates === 'builderRequest'
        ? { BuilderRequested: true }
        : updates === 'managerRequest'
          ? { id: uuid(900), status: 'pending' }
          : updates === 'calendarUrl'
            ? { url: 'https://poolpath.test/api/calendar/x.ics' }
            : updates === 'threadPage' || updates === 'message'
              ? []
              : updates.by === 'replacing'
                ? listData(updates.list, version)
                : updates.by === 'prepending'
                  ? logEntry(1, 'steel')
                  : updates.by === 'upserting'
                    ? warranty('steel')
                    : { id: storedFile(1).id }
  // The fake answers every call alike; the data's shape is what its entry updates.
  return { name, data } as ClientCallResult
}

/** A promise the test settles by hand, so the state while a call is in flight can be seen. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {}
  const promise = new Promise<T>((res) => (resolve = res))
  return { promise, resolve }
}

type Answer = () => Promise<ClientCallResult> | undefined

/** The client actor over a fake port that answers at once, unless `slow` answers the call. */
function start(slow: Partial<Record<ClientCall['name'], Answer>> = {}) {
  const calls: ClientCall['name'][] = []
  let answered = 0
  const port = async (call: ClientCall) => {
    calls.push(call.name)
    return slow[call.name]?.() ?? answerOf(call.name, (answered += 1))
  }
  const machine = clientMachine.provide({
    actors: { clientCall: fromPromise(({ input }: { input: ClientCall }) => port(input)) },
    actions: noStorage,
  })
  const actor = createActor(machine, { input: {} }).start()
  const quiet = () =>
    waitFor(actor, (s) => !s.hasTag('busy') && LISTS.every((list) => s.matches({ [list]: 'idle' })))
  return { actor, calls, quiet }
}

/** Every write whose entry makes a list stale, with those lists. */
const staleWrites = Object.entries(clientEffects).flatMap(([name, effect]) => {
  const lists = staleOf(effect).filter((stale): stale is ClientListName => stale !== 'adminData')
  return lists.length > 0 && !(LISTS as string[]).includes(name) ? [{ name, lists }] : []
})

// The fake port ignores what a write sends: its name is all it answers by.
const writeNamed = (name: string) => ({ name }) as ClientWrite

describe('client machine: the lists read beside the writes', () => {
  it('answers a money read while a slow write is in flight', async () => {
    const write = deferred<ClientCallResult>()
    const { actor, calls } = start({ editPool: () => write.promise })
    actor.send({ type: 'client.callRequested', call: writeNamed('editPool') })
    actor.send({ type: 'list.requested', list: 'money' })
    const snapshot = await waitFor(actor, (s) => s.context.money !== null)
    expect(snapshot.hasTag('busy')).toBe(true)
    expect(snapshot.context.pending?.name).toBe('editPool')
    expect(calls).toEqual(['editPool', 'money'])
    write.resolve(answerOf('editPool', 0))
    await waitFor(actor, (s) => !s.hasTag('busy'))
  })

  it('reads a list once while a read of it is under way', async () => {
    const read = deferred<ClientCallResult>()
    const { actor, calls, quiet } = start({ files: () => read.promise })
    actor.send({ type: 'list.requested', list: 'files' })
    actor.send({ type: 'list.requested', list: 'files' })
    read.resolve(answerOf('files', 1))
    await quiet()
    expect(calls).toEqual(['files'])
  })

  it('keeps why a read was refused until the list is asked for again', async () => {
    const refusal = { status: 503, code: 'UNAVAILABLE', detail: 'Gone fishing' }
    const { actor } = start({ logs: () => Promise.reject(refusal) })
    actor.send({ type: 'list.requested', list: 'logs' })
    await waitFor(actor, (s) => s.context.listFailures.logs !== undefined)
    expect(actor.getSnapshot().context.listFailures.logs).toBe('Gone fishing')
    actor.send({ type: 'list.requested', list: 'logs' })
    expect(actor.getSnapshot().context.listFailures.logs).toBeUndefined()
  })

  it('reads again a list that goes stale while it is read, taking the later answer', async () => {
    const first = deferred<ClientCallResult>()
    let reads = 0
    const { actor, calls, quiet } = start({
      money: () => (reads++ === 0 ? first.promise : undefined),
    })
    actor.send({ type: 'list.requested', list: 'money' })
    actor.send({ type: 'client.callRequested', call: writeNamed('acceptQuote') })
    await waitFor(actor, () => calls.length === 3)
    expect(calls).toEqual(['money', 'acceptQuote', 'money'])
    first.resolve(answerOf('money', 99))
    await quiet()
    expect(actor.getSnapshot().context.money).not.toEqual(listData('money', 99))
  })

  it.each(staleWrites)('$name reads again the lists held that it makes stale', async (write) => {
    const { actor, calls, quiet } = start()
    for (const list of LISTS) actor.send({ type: 'list.requested', list })
    await quiet()
    calls.length = 0
    actor.send({ type: 'client.callRequested', call: writeNamed(write.name) })
    await waitFor(actor, () => calls.length > write.lists.length)
    await quiet()
    expect(calls[0]).toBe(write.name)
    expect(calls.slice(1).sort()).toEqual([...write.lists].sort())
  })

  it.each(staleWrites)(
    '$name leaves alone the lists it makes stale but never read',
    async (write) => {
      const { actor, calls, quiet } = start()
      actor.send({ type: 'client.callRequested', call: writeNamed(write.name) })
      await waitFor(actor, () => calls.length > 0)
      await quiet()
      expect(calls).toEqual([write.name])
    },
  )
})
