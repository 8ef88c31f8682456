import type { CallData, CallName } from '../../contract/routes'
import type { Caller, Input } from '../../src/adapters/api/caller'

/** One fake answer per call, each given the input the app passed to `call`. */
export type FakeHandlers<N extends CallName> = {
  [K in N]: (input: Input<K>) => Promise<CallData<K>>
}

/** A typed `call(name, input)` over fake handlers, in place of the API port's. */
export function fakeCaller<N extends CallName>(handlers: FakeHandlers<N>): Caller<N> {
  return ((name: N, input?: unknown) => handlers[name](input as Input<N>)) as Caller<N>
}
