import { z } from 'zod'
import { MAX_QUOTES_PER_ENTRY } from '../../contract'
import type { BenchClient } from './client-calls'

const EntryAnswer = z.object({ Data: z.object({ quotes: z.array(z.object({ id: z.string() })) }) })

/** The ids of the quotes an entry answer (add-quote, remove-quote, …) lists. */
export const quoteIdsOf = (body: string): string[] =>
  EntryAnswer.parse(JSON.parse(body)).Data.quotes.map((q) => q.id)

/** What the bench knows of one client's entry for one stage. */
type Entry = {
  client: BenchClient
  stageId: string
  /** The quote ids of the entry's last 2xx answer: the server's truth at that moment. */
  quoteIds: string[]
  /** A request for it was built, maybe sent, and its run ended unanswered: it may have landed. */
  maybeOneMore: boolean
  inFlight: boolean
}

export type HeldQuote = { client: BenchClient; stageId: string; quoteId: string }

const room = (entry: Entry) =>
  MAX_QUOTES_PER_ENTRY -
  entry.quoteIds.length -
  (entry.maybeOneMore ? 1 : 0) -
  (entry.inFlight ? 1 : 0)

/**
 * The quotes each client's stage entries hold, so the add-quote load only sends quotes that fit
 * (an entry holds at most MAX_QUOTES_PER_ENTRY, 409 beyond) and the bench can remove them again
 * between runs. A client has one request in flight at a time, so each answer is that entry's
 * state right after that request.
 */
export class QuoteBook {
  private readonly entries = new Map<number, Entry[]>()
  private readonly sent = new Map<number, Entry>()
  private turn = 0

  constructor(private readonly stageIds: readonly string[]) {}

  private entriesOf(client: BenchClient): Entry[] {
    let entries = this.entries.get(client.index)
    if (!entries) {
      entries = this.stageIds.map((stageId) => ({
        client,
        stageId,
        quoteIds: [],
        maybeOneMore: false,
        inFlight: false,
      }))
      this.entries.set(client.index, entries)
    }
    return entries
  }

  /**
   * The stage of this client's next quote: the first with room, starting from the next stage
   * each time so the quotes spread over all of them. With no room left anywhere it is one whose
   * 409 then shows in the non-2xx count.
   */
  stageFor(client: BenchClient): string {
    const entries = this.entriesOf(client)
    const start = this.turn++ % entries.length
    const inTurn = [...entries.slice(start), ...entries.slice(0, start)]
    const entry = inTurn.find((e) => room(e) > 0) ?? inTurn[0]
    if (!entry) throw new Error('no stage to add quotes to')
    entry.inFlight = true
    this.sent.set(client.index, entry)
    return entry.stageId
  }

  /** Whether any of the client's entries has room for one more quote. */
  hasRoom(client: BenchClient): boolean {
    return this.entriesOf(client).some((entry) => room(entry) > 0)
  }

  answered(client: BenchClient, status: number, body: string): void {
    const entry = this.sent.get(client.index)
    if (!entry) return
    this.sent.delete(client.index)
    entry.inFlight = false
    if (status < 200 || status >= 300) return
    entry.quoteIds = quoteIdsOf(body)
    entry.maybeOneMore = false
  }

  /**
   * After a run: a request left unanswered may have added a quote the bench cannot see; its
   * entry keeps a place for it until an answer lists the entry's quotes again.
   */
  endRun(): void {
    for (const entry of this.sent.values()) {
      entry.inFlight = false
      entry.maybeOneMore = true
    }
    this.sent.clear()
  }

  /** Every quote the bench knows of, forgotten: the caller removes them from the server. */
  takeAll(): HeldQuote[] {
    const held: HeldQuote[] = []
    for (const entries of this.entries.values()) {
      for (const entry of entries) {
        for (const quoteId of entry.quoteIds)
          held.push({ client: entry.client, stageId: entry.stageId, quoteId })
        entry.quoteIds = []
      }
    }
    return held
  }
}
