import { describe, expect, it } from 'vitest'
import { batching, type BatchOptions } from '../../server/db/driver/batching'

type Call = { key: string; value: number; gated?: boolean }

/** A database of sorts: every send is recorded, and waits until the test lets it answer. */
function recorder(over: Partial<BatchOptions<Call, number>> = {}) {
  const sends: { calls: Call[]; finish: () => void }[] = []
  const wait = (calls: Call[]) =>
    new Promise<void>((resolve) => sends.push({ calls, finish: resolve }))
  const send = batching<Call, number>({
    inFlight: 1,
    gather: false,
    maxSize: 3,
    key: (call) => call.key,
    batchable: (call) => !call.gated,
    one: async (call) => {
      await wait([call])
      if (call.value < 0) throw new Error(`refused ${call.value}`)
      return call.value * 10
    },
    many: async (calls) => {
      await wait(calls)
      if (calls.some((call) => call.value === 0)) throw new Error('connection lost')
      if (calls.some((call) => call.value < 0)) throw new Error('the batch was refused')
      return calls.map((call) => call.value * 10)
    },
    refused: (error) => error instanceof Error && error.message === 'the batch was refused',
    ...over,
  })
  /** Lets the oldest unanswered send answer, and waits for what that sets going. */
  const finishNext = async () => {
    const next = sends.find((s) => !('done' in s))
    if (!next) throw new Error('nothing was sent')
    Object.assign(next, { done: true })
    next.finish()
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  const sent = () => sends.map((s) => s.calls.map((call) => call.value))
  return { send, finishNext, sent }
}

describe('batching', () => {
  it('sends a call alone when nothing is in flight, and what queued meanwhile together', async () => {
    const { send, finishNext, sent } = recorder()
    const first = send({ key: 'a', value: 1 })
    const queued = [2, 3, 4, 5].map((value) => send({ key: `k${value}`, value }))
    expect(sent()).toEqual([[1]])
    await finishNext()
    // At most three a batch: the fourth waits for the next.
    expect(sent()).toEqual([[1], [2, 3, 4]])
    await finishNext()
    expect(sent()).toEqual([[1], [2, 3, 4], [5]])
    await finishNext()
    expect(await Promise.all([first, ...queued])).toEqual([10, 20, 30, 40, 50])
  })

  it('never sends two calls of one key together, keeping their order', async () => {
    const { send, finishNext, sent } = recorder()
    const all = [
      send({ key: 'x', value: 1 }),
      send({ key: 'a', value: 2 }),
      send({ key: 'a', value: 3 }),
      send({ key: 'b', value: 4 }),
    ]
    await finishNext()
    expect(sent()).toEqual([[1], [2, 4]])
    await finishNext()
    expect(sent()).toEqual([[1], [2, 4], [3]])
    await finishNext()
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40])
  })

  it('sends each call of a refused batch again alone, each with its own answer', async () => {
    const { send, finishNext, sent } = recorder()
    const all = [1, 2, -3, 4].map((value) =>
      send({ key: `k${value}`, value }).then(
        (answer) => ({ answer }),
        (error: Error) => ({ error: error.message }),
      ),
    )
    await finishNext()
    await finishNext()
    expect(sent()).toEqual([[1], [2, -3, 4], [2], [-3], [4]])
    for (let i = 0; i < 3; i++) await finishNext()
    expect(await Promise.all(all)).toEqual([
      { answer: 10 },
      { answer: 20 },
      { error: 'refused -3' },
      { answer: 40 },
    ])
  })

  it('answers every call of a batch that may have been written with its error', async () => {
    const { send, finishNext, sent } = recorder()
    const all = [1, 2, 0, 4].map((value) =>
      send({ key: `k${value}`, value }).catch((error: Error) => error.message),
    )
    await finishNext()
    await finishNext()
    expect(sent()).toEqual([[1], [2, 0, 4]])
    expect(await Promise.all(all)).toEqual([
      10,
      'connection lost',
      'connection lost',
      'connection lost',
    ])
  })

  it('sends a call that may not go with others at once, whatever is in flight', async () => {
    const { send, finishNext, sent } = recorder()
    const all = [
      send({ key: 'a', value: 1 }),
      send({ key: 'b', value: 2 }),
      send({ key: 'c', value: 3, gated: true }),
    ]
    expect(sent()).toEqual([[1], [3]])
    await finishNext()
    await finishNext()
    await finishNext()
    expect(sent()).toEqual([[1], [3], [2]])
    expect(await Promise.all(all)).toEqual([10, 20, 30])
  })

  it('keeps as many sends in flight as it may, each alone while there is room', async () => {
    const { send, finishNext, sent } = recorder({ inFlight: 2 })
    const all = [1, 2, 3, 4].map((value) => send({ key: `k${value}`, value }))
    expect(sent()).toEqual([[1], [2]])
    await finishNext()
    expect(sent()).toEqual([[1], [2], [3, 4]])
    await finishNext()
    await finishNext()
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40])
  })

  it('gathers the calls of one turn of the event loop when asked to, though nothing is in flight', async () => {
    const { send, finishNext, sent } = recorder({ gather: true })
    const all = [1, 2, 3].map((value) => send({ key: `k${value}`, value }))
    expect(sent()).toEqual([])
    await new Promise((resolve) => setImmediate(resolve))
    expect(sent()).toEqual([[1, 2, 3]])
    await finishNext()
    expect(await Promise.all(all)).toEqual([10, 20, 30])
  })
})
