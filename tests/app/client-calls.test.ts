import { describe, expect, it } from 'vitest'
import type { ManagerRequest, PoolEntry } from '../../contract'
import type { ClientCall } from '../../machines/client/client.machine'
import { runClientCall, type ClientApi } from '../../src/app/client-calls'
import { nonStageEntry, stageEntry, uuid } from '../machines/fixtures'

const entry: PoolEntry = stageEntry(4)
const request: ManagerRequest = {
  id: uuid(90),
  clientId: uuid(1),
  clientName: 'Pat',
  managerId: uuid(11),
  managerName: 'Max',
  message: '',
  status: 'open',
  createdAt: '2026-05-01T00:00:00.000Z',
}

/** An API whose every function records its name and body and answers like the server. */
function recordingApi() {
  const calls: [string, unknown][] = []
  const answer =
    <T>(name: string, value: T) =>
    async (body?: unknown) => {
      calls.push([name, body])
      return value
    }
  const api: ClientApi = {
    editPool: answer('editPool', entry),
    markDone: answer('markDone', stageEntry(4)),
    markDone1: answer('markDone1', nonStageEntry('Permits')),
    addQuote: answer('addQuote', stageEntry(4)),
    addQuote1: answer('addQuote1', nonStageEntry('Permits')),
    acceptQuote: answer('acceptQuote', entry),
    removeQuote: answer('removeQuote', entry),
    requestBuilder: async (signal?: AbortSignal) => {
      calls.push(['requestBuilder', signal])
      return { BuilderRequested: true as const }
    },
    requestManager: answer('requestManager', request),
  }
  return { api, calls }
}

const quote = { vendor: 'Blue Co', amount: 120_000 }
const entryCalls: ClientCall[] = [
  { name: 'editPool', body: { StageId: uuid(4), choices: { option: 'rocky' } } },
  { name: 'markDone', body: { StageId: uuid(4), done: true } },
  { name: 'markDone1', body: { Title: 'Permits', done: true } },
  { name: 'addQuote', body: { StageId: uuid(4), ...quote } },
  { name: 'addQuote1', body: { Title: 'Permits', ...quote } },
  { name: 'acceptQuote', body: { StageId: uuid(4), quoteId: uuid(7) } },
  { name: 'removeQuote', body: { Title: 'Permits', quoteId: uuid(7) } },
]

describe('runClientCall', () => {
  it.each(entryCalls)(
    '$name sends its body to the same-named call and answers the entry',
    async (call) => {
      const { api, calls } = recordingApi()
      const result = await runClientCall(api, call)
      expect(calls).toEqual([[call.name, 'body' in call ? call.body : undefined]])
      expect(result.kind).toBe('entry')
    },
  )

  it('requestBuilder answers builderRequested', async () => {
    const { api, calls } = recordingApi()
    expect(await runClientCall(api, { name: 'requestBuilder' })).toEqual({
      kind: 'builderRequested',
    })
    expect(calls.map(([name]) => name)).toEqual(['requestBuilder'])
  })

  it('requestManager answers the request the server made', async () => {
    const { api, calls } = recordingApi()
    const body = { managerId: uuid(11), message: 'May?' }
    expect(await runClientCall(api, { name: 'requestManager', body })).toEqual({
      kind: 'managerRequested',
      request,
    })
    expect(calls).toEqual([['requestManager', body]])
  })
})
