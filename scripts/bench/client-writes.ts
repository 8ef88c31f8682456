// The builder's write calls under load: PUT /api/edit-pool and PUT /api/add-quote from 100
// signed-in clients of a served city, each against a bare route answering as many bytes.
import { envelope, MAX_QUOTES_PER_ENTRY, StagesData, type Stage } from '../../contract'
import { REFERENCE_POOL } from '../../contract/estimator'
import {
  call,
  ClientPool,
  inParallel,
  QUEUED_TIMEOUT_SECONDS,
  writeRequest,
  type BenchClient,
  type Progress,
} from './client-calls'
import type { Measured, Target } from './load'
import type { Server } from './processes'
import { refusalWarnings } from './report'
import { QuoteBook, quoteIdsOf, type HeldQuote } from './quote-book'
import { BENCH_ADMIN_EMAIL } from './servers'
import { BENCH_CITY, signIn, signUp } from './sessions'

export const WRITE_CLIENTS = 100
/** Sign-ups in parallel: a few at once is quicker without crowding the server's mailer. */
const SIGN_UP_PARALLEL = 10
/** The sample quote answer holds this many quotes: the middle of the 1 to 5 a run answers with. */
const SAMPLE_QUOTES = 3

/** A stage's choice, as the builder's form sends it: its last option, or two catalogue items. */
function stageEdit(stage: Stage) {
  const option = stage.pricing.options.at(-1)
  return option
    ? { StageId: stage.id, choices: { option: option.key } }
    : { StageId: stage.id, choices: { items: stage.pricing.items.slice(0, 2).map((i) => i.key) } }
}

/** Half Pool Design dimensions (24 to 42 ft long), half a stage's option, taken in turn. */
function editBodies(stages: readonly Stage[]): unknown[] {
  return stages.flatMap((stage, i) => [
    { Title: 'Pool Design', choices: { ...REFERENCE_POOL, lengthFt: 24 + 2 * i } },
    stageEdit(stage),
  ])
}

const quoteBody = (stageId: string, n: number) => ({
  StageId: stageId,
  vendor: 'Bench Pool Works',
  amount: 250_000 + (n % 1000) * 100,
  note: 'Includes haul-off',
})

export type ClientWrites = {
  clients: BenchClient[]
  stageIds: string[]
  editBodies: unknown[]
  /** What the real routes answer, for the bare routes to send as many bytes. */
  samples: { 'edit-pool': Buffer; 'add-quote': Buffer }
}

/**
 * Opens the clients' city (as the admin, through the API), signs the clients up, and takes one
 * answer of each call as the bare routes' body; the sample quotes are removed again.
 */
export async function prepareClientWrites(
  real: Server,
  outboxDir: string,
  stagesBody: Buffer,
  progress: Progress,
): Promise<ClientWrites> {
  const stages = envelope(StagesData).parse(JSON.parse(stagesBody.toString('utf8'))).Data
  const admin = await signIn(real.origin, outboxDir, BENCH_ADMIN_EMAIL)
  await call(real.origin, 'POST', '/api/admin/cities/create', admin.token, {
    ...BENCH_CITY,
    permitFee: 45_000,
  })
  progress(`signing up ${WRITE_CLIENTS} clients in ${BENCH_CITY.name} for the write runs`)
  const indexes = Array.from({ length: WRITE_CLIENTS }, (_, i) => i)
  const clients = await inParallel(indexes, SIGN_UP_PARALLEL, async (index) => ({
    index,
    ...(await signUp(real.origin, outboxDir, `writer-${index + 1}@example.com`)),
  }))
  const [first] = clients
  const [stage] = stages
  if (!first || !stage) throw new Error('no client or no stage to take samples with')
  const bodies = editBodies(stages)
  const editSample = await call(real.origin, 'PUT', '/api/edit-pool', first.token, bodies[0])
  let quoteSample: Buffer = Buffer.alloc(0)
  for (let n = 0; n < SAMPLE_QUOTES; n++) {
    quoteSample = await call(
      real.origin,
      'PUT',
      '/api/add-quote',
      first.token,
      quoteBody(stage.id, n),
    )
  }
  const sampleQuotes = quoteIdsOf(quoteSample.toString('utf8'))
  await removeQuotes(
    real.origin,
    sampleQuotes.map((quoteId) => ({ client: first, stageId: stage.id, quoteId })),
  )
  return {
    clients,
    stageIds: stages.map((s) => s.id),
    editBodies: bodies,
    samples: { 'edit-pool': editSample, 'add-quote': quoteSample },
  }
}

/** PUT /api/remove-quote for each quote, each client's in turn and the clients in parallel. */
async function removeQuotes(origin: string, held: readonly HeldQuote[]): Promise<void> {
  const byClient = new Map<number, HeldQuote[]>()
  for (const quote of held) {
    byClient.set(quote.client.index, [...(byClient.get(quote.client.index) ?? []), quote])
  }
  await inParallel([...byClient.values()], WRITE_CLIENTS, async (quotes) => {
    for (const { client, stageId, quoteId } of quotes) {
      await call(origin, 'PUT', '/api/remove-quote', client.token, { StageId: stageId, quoteId })
    }
  })
}

/** Clients in flight for the latency target (p99 <= 250 ms on PostgreSQL). */
export const FEWER_WRITERS = 50

/**
 * add-quote from `connections` of the clients, each run starting with every entry empty: `book`
 * is shared by every add-quote target, so a run removes what the one before it added.
 */
function addQuoteTarget(
  real: Server,
  writes: ClientWrites,
  book: QuoteBook,
  connections: number,
): Target {
  const pool = new ClientPool(writes.clients, (client) => book.hasRoom(client))
  let sent = 0
  return {
    label: `PUT /api/add-quote, ${connections} clients`,
    origin: real.origin,
    path: '/api/add-quote',
    connections,
    timeoutSeconds: QUEUED_TIMEOUT_SECONDS,
    request: () =>
      writeRequest(pool, {
        path: '/api/add-quote',
        origin: real.origin,
        body: (client) => quoteBody(book.stageFor(client), sent++),
        answered: (client, status, body) => book.answered(client, status, body),
      }),
    // Each run starts with every entry empty and ends with one quote of room left in each
    // (clients take turns, so each sends its share), so no measured request meets the limit.
    requests: writes.clients.length * writes.stageIds.length * (MAX_QUOTES_PER_ENTRY - 1),
    prepare: async () => {
      book.endRun()
      await removeQuotes(real.origin, book.takeAll())
      pool.reset()
    },
  }
}

/** The targets: each write on the real server at 100 and 50 clients, then the bare routes. */
export function clientWriteTargets(real: Server, bare: Server, writes: ClientWrites) {
  const { clients, stageIds, editBodies: bodies } = writes
  const editPool = (label: string, origin: string, path: string, connections: number): Target => {
    const pool = new ClientPool(clients)
    let n = 0
    return {
      label: `${label}, ${connections} clients`,
      origin,
      path,
      connections,
      timeoutSeconds: QUEUED_TIMEOUT_SECONDS,
      request: () => writeRequest(pool, { path, origin, body: () => bodies[n++ % bodies.length] }),
      prepare: async () => pool.reset(),
    }
  }
  const bareAddQuote = (connections: number): Target => {
    const pool = new ClientPool(clients)
    let sent = 0
    return {
      label: `PUT /same/add-quote (bare Fastify), ${connections} clients`,
      origin: bare.origin,
      path: '/same/add-quote',
      connections,
      timeoutSeconds: QUEUED_TIMEOUT_SECONDS,
      request: () =>
        writeRequest(pool, {
          path: '/same/add-quote',
          origin: bare.origin,
          body: () => quoteBody(stageIds[sent % stageIds.length] ?? '', sent++),
        }),
      prepare: async () => pool.reset(),
    }
  }
  const book = new QuoteBook(stageIds)
  return [WRITE_CLIENTS, FEWER_WRITERS].flatMap((connections) => [
    [
      editPool('PUT /api/edit-pool', real.origin, '/api/edit-pool', connections),
      editPool('PUT /same/edit-pool (bare Fastify)', bare.origin, '/same/edit-pool', connections),
    ] as const,
    [addQuoteTarget(real, writes, book, connections), bareAddQuote(connections)] as const,
  ])
}

/** 2xx answers per second of a run: refusals (e.g. a full entry's 409) are not writes. */
export const writesPerSecond = ({ result }: Measured) => result['2xx'] / result.duration

/** The lines under the writes table: what was sent, and any refusal spelled out. */
export function clientWriteNotes(writes: ClientWrites, rows: readonly Measured[]): string[] {
  const size = (name: keyof ClientWrites['samples']) =>
    `${writes.samples[name].length.toLocaleString('en-US')} bytes`
  const notes = [
    `Connections: ${WRITE_CLIENTS} (then ${FEWER_WRITERS}), one per signed-in client of a served city (${BENCH_CITY.name}, ` +
      `${BENCH_CITY.state}); each request sends its client's Bearer token, a JSON body and our own ` +
      'Origin (the CSRF check), and a client never has two requests in flight. Timeout ' +
      `${QUEUED_TIMEOUT_SECONDS} s.`,
    'edit-pool bodies alternate Pool Design dimensions and a stage option. add-quote spreads each ' +
      `client's quotes over its ${writes.stageIds.length} stages, and every quote is removed ` +
      '(remove-quote, not measured) before each run; a run is ' +
      `${MAX_QUOTES_PER_ENTRY - 1} quotes per entry (the clients take turns), not a number of ` +
      `seconds, so no entry reaches its limit of ${MAX_QUOTES_PER_ENTRY}. A refusal (409) would be ` +
      'counted apart: the shares of the floor below count 2xx answers only.',
    'The bare routes get the same requests and answer a sampled real answer: edit-pool a Pool ' +
      `Design entry (${size('edit-pool')}), add-quote an entry holding ${SAMPLE_QUOTES} quotes ` +
      `(${size('add-quote')}).`,
  ]
  return [...notes, ...refusalWarnings(rows, 'writes')]
}
