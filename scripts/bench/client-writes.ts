// The builder's write calls under load: PUT /api/edit-pool and PUT /api/add-quote from 100
// signed-in clients of a served city, each against a bare route answering as many bytes.
import { envelope, MAX_QUOTES_PER_ENTRY, StagesData, type Stage } from '../../contract'
import { REFERENCE_POOL } from '../../contract/estimator'
import { ClientPool, writeRequest, type BenchClient } from './client-calls'
import type { Measured, Target } from './load'
import type { Server } from './processes'
import { QuoteBook, quoteIdsOf, type HeldQuote } from './quote-book'
import { BENCH_ADMIN_EMAIL } from './servers'
import { BENCH_CITY, signIn, signUp } from './sessions'

export const WRITE_CLIENTS = 100
/**
 * Writes queue for the server's one database connection; autocannon's default of 10 s would
 * count the slowest answers as errors (and resend them) instead of as latency.
 */
const WRITE_TIMEOUT_SECONDS = 30
/** Sign-ups in parallel: a few at once is quicker without crowding the server's mailer. */
const SIGN_UP_PARALLEL = 10
/** The sample quote answer holds this many quotes: the middle of the 1 to 5 a run answers with. */
const SAMPLE_QUOTES = 3

type Progress = (line: string) => void

/** Runs `work` over `items`, at most `parallel` at a time, in order of start. */
export async function inParallel<T, R>(
  items: readonly T[],
  parallel: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) {
      const item = items[i]
      if (item !== undefined) results[i] = await work(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker))
  return results
}

/** One call outside the load, as the browser sends it; its body, or an error naming the call. */
export async function call(
  origin: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  token: string,
  body: unknown,
): Promise<Buffer> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin, authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  const answer = Buffer.from(await response.arrayBuffer())
  if (!response.ok) {
    throw new Error(`${method} ${path} answered ${response.status}: ${answer.toString('utf8')}`)
  }
  return answer
}

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

/** The four targets: each write on the real server, then the same requests to the bare one. */
export function clientWriteTargets(real: Server, bare: Server, writes: ClientWrites) {
  const { clients, stageIds, editBodies: bodies } = writes
  const editPool = (label: string, origin: string, path: string): Target => {
    const pool = new ClientPool(clients)
    let n = 0
    return {
      label,
      origin,
      path,
      connections: WRITE_CLIENTS,
      timeoutSeconds: WRITE_TIMEOUT_SECONDS,
      request: () => writeRequest(pool, { path, origin, body: () => bodies[n++ % bodies.length] }),
      prepare: async () => pool.reset(),
    }
  }
  const realQuotes = new QuoteBook(stageIds)
  const realQuotePool = new ClientPool(clients)
  let quotesSent = 0
  const addQuote: Target = {
    label: 'PUT /api/add-quote',
    origin: real.origin,
    path: '/api/add-quote',
    connections: WRITE_CLIENTS,
    timeoutSeconds: WRITE_TIMEOUT_SECONDS,
    request: () =>
      writeRequest(realQuotePool, {
        path: '/api/add-quote',
        origin: real.origin,
        body: (client) => quoteBody(realQuotes.stageFor(client), quotesSent++),
        answered: (client, status, body) => realQuotes.answered(client, status, body),
      }),
    // Each run starts with every entry empty, so no measured request meets the 5-quote limit.
    prepare: async () => {
      realQuotes.endRun()
      await removeQuotes(real.origin, realQuotes.takeAll())
      realQuotePool.reset()
    },
  }
  const bareQuotePool = new ClientPool(clients)
  let bareSent = 0
  const bareAddQuote: Target = {
    label: 'PUT /same/add-quote (bare Fastify)',
    origin: bare.origin,
    path: '/same/add-quote',
    connections: WRITE_CLIENTS,
    timeoutSeconds: WRITE_TIMEOUT_SECONDS,
    request: () =>
      writeRequest(bareQuotePool, {
        path: '/same/add-quote',
        origin: bare.origin,
        body: () => quoteBody(stageIds[bareSent % stageIds.length] ?? '', bareSent++),
      }),
    prepare: async () => bareQuotePool.reset(),
  }
  return {
    editPool: editPool('PUT /api/edit-pool', real.origin, '/api/edit-pool'),
    bareEditPool: editPool('PUT /same/edit-pool (bare Fastify)', bare.origin, '/same/edit-pool'),
    addQuote,
    bareAddQuote,
  }
}

/** The lines under the writes table: what was sent, and any refusal spelled out. */
export function clientWriteNotes(writes: ClientWrites, rows: readonly Measured[]): string[] {
  const size = (name: keyof ClientWrites['samples']) =>
    `${writes.samples[name].length.toLocaleString('en-US')} bytes`
  const notes = [
    `Connections: ${WRITE_CLIENTS}, one per signed-in client of a served city (${BENCH_CITY.name}, ` +
      `${BENCH_CITY.state}); each request sends its client's Bearer token, a JSON body and our own ` +
      'Origin (the CSRF check), and a client never has two requests in flight. Timeout ' +
      `${WRITE_TIMEOUT_SECONDS} s.`,
    'edit-pool bodies alternate Pool Design dimensions and a stage option. add-quote spreads each ' +
      `client's quotes over its ${writes.stageIds.length} stages, and every quote is removed ` +
      '(remove-quote, not measured) before each run, so no entry reaches its limit of ' +
      `${MAX_QUOTES_PER_ENTRY}.`,
    'The bare routes get the same requests and answer a sampled real answer: edit-pool a Pool ' +
      `Design entry (${size('edit-pool')}), add-quote an entry holding ${SAMPLE_QUOTES} quotes ` +
      `(${size('add-quote')}).`,
  ]
  for (const { target, result } of rows) {
    if (result.non2xx > 0 || result.errors > 0) {
      notes.push(
        `WARNING: ${target.label} had ${result.non2xx} non-2xx answers and ${result.errors} ` +
          'errors: its numbers do not measure working writes only.',
      )
    }
  }
  return notes
}
