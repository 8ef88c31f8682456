/// <reference lib="webworker" />
// Sorts a long list's column off the page's thread: see orders.ts.
import { columnOrder } from './sort-order'

export type SortRequest = { id: number; values: (string | number)[] }
export type SortAnswer = { id: number; order: Uint32Array; ranks: Uint32Array }

declare const self: DedicatedWorkerGlobalScope

self.onmessage = ({ data }: MessageEvent<SortRequest>) => {
  const { order, ranks } = columnOrder(data.values)
  self.postMessage({ id: data.id, order, ranks } satisfies SortAnswer, [order.buffer, ranks.buffer])
}
