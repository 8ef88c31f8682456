import type { CallName, Routes } from '../../../contract/routes'
import { createCaller } from './caller'
import type { Http } from './http'
/**
 * Runs a call an actor named (`{ name, ...input }`) over a part of the table and answers with
 * its name and its `Data`, so the actor can apply the answer by name.
 */
export async function runNamed<N extends CallName>(
  http: Http,
  table: { [K in N]: Routes[K] },
  call: { name: N },
  signal?: AbortSignal,
): Promise<{ name: N; data: unknown }> {
  const data: unknown = await createCaller(http, table)(call.name, call as never, signal)
  return { name: call.name, data }
}
