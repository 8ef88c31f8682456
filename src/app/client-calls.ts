import type { PoolEntry } from '../../contract'
import type { ClientCall, ClientCallResult } from '../../machines/client/client.machine'
import type { Api } from '../adapters/api'

/** What the client actor's calls need of the API port. */
export type ClientApi = Pick<
  Api,
  | 'editPool'
  | 'markDone'
  | 'markDone1'
  | 'addQuote'
  | 'addQuote1'
  | 'acceptQuote'
  | 'removeQuote'
  | 'requestBuilder'
  | 'requestManager'
>

const entry = async (answer: Promise<PoolEntry>): Promise<ClientCallResult> => ({
  kind: 'entry',
  entry: await answer,
})

/** The client actor's `clientCall` port: runs the named call and says what its answer changes. */
export async function runClientCall(
  api: ClientApi,
  call: ClientCall,
  signal?: AbortSignal,
): Promise<ClientCallResult> {
  switch (call.name) {
    case 'editPool':
      return entry(api.editPool(call.body, signal))
    case 'markDone':
      return entry(api.markDone(call.body, signal))
    case 'markDone1':
      return entry(api.markDone1(call.body, signal))
    case 'addQuote':
      return entry(api.addQuote(call.body, signal))
    case 'addQuote1':
      return entry(api.addQuote1(call.body, signal))
    case 'acceptQuote':
      return entry(api.acceptQuote(call.body, signal))
    case 'removeQuote':
      return entry(api.removeQuote(call.body, signal))
    case 'requestBuilder':
      await api.requestBuilder(signal)
      return { kind: 'builderRequested' }
    case 'requestManager':
      return { kind: 'managerRequested', request: await api.requestManager(call.body, signal) }
  }
}
