import { clientRoutes, timelineRoutes } from '../../contract/routes/client'
import { moneyRoutes } from '../../contract/routes/money'
import type { ClientCall, ClientCallResult } from '../../machines/client/client.types'
import { runNamed } from './run-named'
import type { Http } from './http'

const builderRoutes = { ...clientRoutes, ...timelineRoutes, ...moneyRoutes }

/** The client actor's `clientCall` port: runs the call `call` names and hands back its answer. */
export const runClientCall = (http: Http, call: ClientCall, signal?: AbortSignal) =>
  // The table's schema for `call.name` checked the data: the pair is the union's member for it.
  runNamed(http, builderRoutes, call, signal) as Promise<ClientCallResult>
