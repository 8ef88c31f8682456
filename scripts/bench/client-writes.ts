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

const quoteFields = (n: number) => ({
  vendor: 'Bench Pool Works',
  amount: 250_000 + (n % 1000) * 100,
  note: 'Includes haul-off',
})

const quoteBody = (stageId: string, n: number) => ({ StageId: stageId, ...quoteFields(n) })

/**
 * The entry each client holds full for the refused row: keyed by title, apart from add-quote's
 * stages and from the money bench's Permits.
 */
const FULL_ENTRY = 'Engineering'
const refusedBody = (n: number) => ({ Title: FULL_ENTRY, ...quoteFields(n) })

/** The admin serves BENCH_CITY, where every client the bench signs up lives. */
export async function openBenchCity(real: Server, outboxDir: string): Promise<void> {
  const admin = await signIn(real.origin, outboxDir, BENCH_ADMIN_EMAIL)
  await call(real.origin, 'POST', '/api/admin/cities/create', admin.token, {
    ...BENCH_CITY,
    permitFee: 45_000,
  })
}

/** `count` new clients of BENCH_CITY, `{prefix}-{n}@example.com`, signed up through the API. */
export function signUpClients(
  real: Server,
  outboxDir: string,
  count: number,
  prefix: string,
): Promise<BenchClient[]> {
  const indexes = Array.from({ length: count }, (_, i) => i)
  return inParallel(indexes, SIGN_UP_PARALLEL, async (index) => ({
    index,
    ...(await signUp(real.origin, outboxDir, `${prefix}-${index + 1}@example.com`)),
  }))
}

export type ClientWrites = {
  clients: BenchClient[]
  stageIds: string[]
  editBodies: unknown[]
  /** What the real routes answer, for the bare routes to send as many bytes. */
  samples: { 'edit-pool': Buffer; 'add-quote': Buffer; 'add-quote-refused': Buffer }
}

/**
 * Fills each client's FULL_ENTRY to the limit; the answer of one quote more is the refused
 * row's sample (409).
 */
async function fillEntries(origin: string, clients: readonly BenchClient[]): Promise<Buffer> {
  await inParallel(clients, SIGN_UP_PARALLEL, async (client) => {
    for (let n = 0; n < MAX_QUOTES_PER_ENTRY; n++) {
      await call(origin, 'PUT', '/api/add-quote1', client.token, refusedBody(n))
    }
  })
  const [first] = clients
  if (!first) throw new Error('no client to take the refusal sample with')
  const response = await fetch(`${origin}/api/add-quote1`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin, authorization: `Bearer ${first.token}` },
    body: JSON.stringify(refusedBody(0)),
  })
  const answer = Buffer.from(await response.arrayBuffer())
  if (response.status !== 409) {
    throw new Error(`one quote beyond the limit answered ${response.status}: ${answer.toString()}`)
  }
  return answer
}

/**
 * Opens the clients' city (as the admin, through the API), signs the clients up, and takes one
 * answer of each call as the bare routes' body; the sample quotes are removed again. Each
 * client's FULL_ENTRY is left full, for the refused row.
 */
export async function prepareClientWrites(
  real: Server,
  outboxDir: string,
  stagesBody: Buffer,
  progress: Progress,
): Promise<ClientWrites> {
  const stages = envelope(StagesData).parse(JSON.parse(stagesBody.toString('utf8'))).Data
  await openBenchCity(real, outboxDir)
  progress(`signing up ${WRITE_CLIENTS} clients in ${BENCH_CITY.name} for the write runs`)
  const clients = await signUpClients(real, outboxDir, WRITE_CLIENTS, 'writer')
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
  progress(`filling each client's ${FULL_ENTRY} entry with ${MAX_QUOTES_PER_ENTRY} quotes`)
  const refusedSample = await fillEntries(real.origin, clients)
  return {
    clients,
    stageIds: stages.map((s) => s.id),
    editBodies: bodies,
    samples: {
      'edit-pool': editSample,
      'add-quote': quoteSample,
      'add-quote-refused': refusedSample,
    },
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
  /** `connections` of the clients, each request's body the next of `body(n)`, n counting from 0. */
  const target = (
    label: string,
    origin: string,
    path: string,
    connections: number,
    body: (n: number) => unknown,
  ): Target => {
    const pool = new ClientPool(clients)
    let n = 0
    return {
      label: `${label}, ${connections} clients`,
      origin,
      path,
      connections,
      timeoutSeconds: QUEUED_TIMEOUT_SECONDS,
      request: () => writeRequest(pool, { path, origin, body: () => body(n++) }),
      prepare: async () => pool.reset(),
    }
  }
  const editPool = (label: string, origin: string, path: string, connections: number) =>
    target(label, origin, path, connections, (n) => bodies[n % bodies.length])
  const bareAddQuote = (connections: number) =>
    target('PUT /same/add-quote (bare Fastify)', bare.origin, '/same/add-quote', connections, (n) =>
      quoteBody(stageIds[n % stageIds.length] ?? '', n),
    )
  /** A quote for each client's full entry: every answer is the 409 of the 5-quote limit. */
  const refused = (label: string, origin: string, path: string) =>
    target(label, origin, path, WRITE_CLIENTS, refusedBody)
  const book = new QuoteBook(stageIds)
  return [
    ...[WRITE_CLIENTS, FEWER_WRITERS].flatMap((connections) => [
      [
        editPool('PUT /api/edit-pool', real.origin, '/api/edit-pool', connections),
        editPool('PUT /same/edit-pool (bare Fastify)', bare.origin, '/same/edit-pool', connections),
      ] as const,
      [addQuoteTarget(real, writes, book, connections), bareAddQuote(connections)] as const,
    ]),
    [
      refused(REFUSED_LABEL, real.origin, '/api/add-quote1'),
      refused('PUT /same/add-quote-refused (bare Fastify)', bare.origin, '/same/add-quote-refused'),
    ] as const,
  ]
}

/** The row whose every answer is a refusal: its shares count the 409s. */
export const REFUSED_LABEL = 'PUT /api/add-quote1 to a full entry (409)'

const refusedRow = ({ target }: Measured) => target.label.startsWith(REFUSED_LABEL)

/**
 * 2xx answers per second of a run: refusals (e.g. a full entry's 409) are not writes; the
 * refused row's 409s per second.
 */
export const writesPerSecond = (row: Measured) =>
  (refusedRow(row) ? row.result['4xx'] : row.result['2xx']) / row.result.duration

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
    `The refused row sends a quote for each client's ${FULL_ENTRY} entry, filled with ` +
      `${MAX_QUOTES_PER_ENTRY} quotes beforehand: every answer is the 409 of the limit, which ` +
      "the entry's own check constraint gives (its share of the floor counts the 409s).",
    'The bare routes get the same requests and answer a sampled real answer: edit-pool a Pool ' +
      `Design entry (${size('edit-pool')}), add-quote an entry holding ${SAMPLE_QUOTES} quotes ` +
      `(${size('add-quote')}), the refused row the 409 (${size('add-quote-refused')}).`,
  ]
  const refusedWarnings = rows
    .filter(({ result }) => result['2xx'] + result['5xx'] + result.errors > 0)
    .filter(refusedRow)
    .map(
      ({ target, result }) =>
        `WARNING: ${target.label} had ${result['2xx']} 2xx and ${result['5xx']} 5xx answers and ` +
        `${result.errors} errors: its numbers do not measure refusals only.`,
    )
  return [
    ...notes,
    ...refusalWarnings(
      rows.filter((row) => !refusedRow(row)),
      'writes',
    ),
    ...refusedWarnings,
  ]
}
