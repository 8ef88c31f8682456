// Message threads (§18) under load: POST /api/threads/project/messages from signed-in owners,
// each on its own project's thread (the post claims its emails in the same request), against a
// bare route answering as many bytes and against the database's one-row upsert floor.
import { envelope } from '../../contract'
import { Message } from '../../contract/messages'
import { call, ClientPool, QUEUED_TIMEOUT_SECONDS, writeRequest } from './client-calls'
import type { BenchClient } from './client-calls'
import { ofFloor, type Floors } from './floors'
import type { Target } from './load'
import type { PairedSection } from './paired'
import type { Server } from './processes'
import { refusalWarnings } from './report'

const PATH = '/api/threads/project/messages'

export type MessagePosts = {
  clients: BenchClient[]
  /** A post's answer, for the bare route to send as many bytes. */
  sample: Buffer
}

const bodyOf = (n: number) => ({ text: `Can the crew start on Monday? (message ${n})` })

/** One post by the first client: the sample answer, checked against the contract. */
export async function prepareMessages(real: Server, clients: BenchClient[]): Promise<MessagePosts> {
  const [first] = clients
  if (!first) throw new Error('no client to post the sample message')
  const sample = await call(real.origin, 'POST', PATH, first.token, bodyOf(0))
  envelope(Message).parse(JSON.parse(sample.toString('utf8')))
  return { clients, sample }
}

export function messagesSection(
  real: Server,
  bare: Server,
  posts: MessagePosts,
  floors: Floors,
): PairedSection {
  const target = (label: string, origin: string, path: string): Target => {
    const pool = new ClientPool(posts.clients)
    let n = 1
    return {
      label,
      origin,
      path,
      connections: posts.clients.length,
      timeoutSeconds: QUEUED_TIMEOUT_SECONDS,
      request: () => writeRequest(pool, { method: 'POST', path, origin, body: () => bodyOf(n++) }),
      prepare: async () => pool.reset(),
    }
  }
  return {
    title: 'Messages (§18): POST /api/threads/project/messages',
    pairs: [
      [
        target(`POST ${PATH}`, real.origin, PATH),
        target('POST /same/message (bare Fastify)', bare.origin, '/same/message'),
      ],
    ],
    notes: (rows) => [
      `Connections: ${posts.clients.length}, one per signed-in owner, each posting on its own ` +
        "project's thread (Bearer token, JSON body, our own Origin); a client never has two " +
        'requests in flight. A post is its files check (none here), the insert, and the claim ' +
        "of its emails (one statement; the bench's projects have no manager or trade, so it " +
        'claims none).',
      `Answers of ${posts.sample.length.toLocaleString('en-US')} bytes; the bare route sends as many.`,
      ...rows.map(
        (row) =>
          `${row.target.label}: ${ofFloor(row.result.requests.average, floors.upsert)}, ` +
          `p99 ${row.result.latency.p99} ms`,
      ),
      ...refusalWarnings(rows, 'posts'),
    ],
  }
}
