// Money under load (issue 12): GET /api/money and POST /api/draws/:id/payments from 100
// signed-in clients, each with a signed contract, against bare routes answering as many bytes.
import { z } from 'zod'
import {
  call,
  ClientPool,
  inParallel,
  readRequest,
  writeRequest,
  type BenchClient,
} from './client-calls'
import { WRITE_CLIENTS } from './client-writes'
import type { Measured, Target } from './load'
import type { Server } from './processes'

/** Payments queue for the one database connection, as the builder's writes do. */
const MONEY_TIMEOUT_SECONDS = 30
/** Permits is keyed by title: the add-quote bench, which spreads over the stages, never meets it. */
const CONTRACT = { Title: 'Permits' }
const CONTRACT_AMOUNT = 5_000_000
/** $1 a payment: a $49,000 Balance outlasts any run. */
const PAYMENT = { paidOn: '2030-03-01', amount: 100, method: 'check', reference: 'bench' }

const MoneyAnswer = z.object({
  Data: z.object({
    steps: z.array(z.object({ step: z.string(), draws: z.array(z.object({ id: z.string() })) })),
  }),
})
const EntryAnswer = z.object({ Data: z.object({ quotes: z.array(z.object({ id: z.string() })) }) })

export type MoneyCalls = {
  clients: BenchClient[]
  /** Each client's Balance draw, by client index. */
  balances: string[]
  samples: { money: Buffer; payment: Buffer }
}

/** Signs each client's Permits contract; samples one GET /api/money and one payment's answer. */
export async function prepareMoney(
  real: Server,
  clients: BenchClient[],
  progress: (line: string) => void,
): Promise<MoneyCalls> {
  progress(`signing a contract for each of the ${clients.length} clients for the money runs`)
  const balances = await inParallel(clients, 10, async (client) => {
    const quote = { ...CONTRACT, vendor: 'Bench Permits', amount: CONTRACT_AMOUNT }
    const entry = await call(real.origin, 'PUT', '/api/add-quote1', client.token, quote)
    const quoteId = EntryAnswer.parse(JSON.parse(entry.toString('utf8'))).Data.quotes[0]?.id
    await call(real.origin, 'PUT', '/api/accept-quote', client.token, { ...CONTRACT, quoteId })
    const money = await call(real.origin, 'GET', '/api/money', client.token, undefined)
    const permits = MoneyAnswer.parse(JSON.parse(money.toString('utf8'))).Data.steps.find(
      (s) => s.step === 'permits',
    )
    const balance = permits?.draws.at(-1)?.id
    if (!balance) throw new Error('the signed contract has no Balance draw')
    return balance
  })
  const [first] = clients
  if (!first) throw new Error('no client to take samples with')
  const money = await call(real.origin, 'GET', '/api/money', first.token, undefined)
  const path = `/api/draws/${balances[0]}/payments`
  const payment = await call(real.origin, 'POST', path, first.token, PAYMENT)
  return { clients, balances, samples: { money, payment } }
}

/** The four targets: each call on the real server, then the same requests to the bare one. */
export function moneyTargets(real: Server, bare: Server, prepared: MoneyCalls) {
  const { clients, balances } = prepared
  const target = (label: string, origin: string, path: string, request: Target['request']) => ({
    label,
    origin,
    path,
    connections: WRITE_CLIENTS,
    timeoutSeconds: MONEY_TIMEOUT_SECONDS,
    request,
  })
  const reading = (label: string, origin: string, path: string): Target => {
    const pool = new ClientPool(clients)
    return {
      ...target(label, origin, path, () => readRequest(pool, path, { origin })),
      prepare: async () => pool.reset(),
    }
  }
  const paying = (label: string, origin: string, pathOf: (client: BenchClient) => string) => {
    const pool = new ClientPool(clients)
    // autocannon's path is the first client's; each request takes its own client's draw.
    const path = pathOf(clients[0] ?? ({} as BenchClient))
    const call = { method: 'POST' as const, path, origin, pathOf, body: () => PAYMENT }
    return {
      ...target(label, origin, path, () => writeRequest(pool, call)),
      prepare: async () => pool.reset(),
    }
  }
  return {
    money: reading('GET /api/money', real.origin, '/api/money'),
    bareMoney: reading('GET /same/money (bare Fastify)', bare.origin, '/same/money'),
    payment: paying(
      'POST /api/draws/:id/payments',
      real.origin,
      (c) => `/api/draws/${balances[c.index]}/payments`,
    ),
    barePayment: paying('POST /same/payment (bare Fastify)', bare.origin, () => '/same/payment'),
  }
}

/** The lines under the money table: what was sent, and any refusal spelled out. */
export function moneyNotes(prepared: MoneyCalls, rows: readonly Measured[]): string[] {
  const size = (name: keyof MoneyCalls['samples']) =>
    `${prepared.samples[name].length.toLocaleString('en-US')} bytes`
  const notes = [
    `Connections: ${WRITE_CLIENTS}, one per signed-in client, each with a $50,000 Permits contract ` +
      '(Deposit and Balance draws); a client never has two requests in flight. Each payment is $1 ' +
      `on the client's own Balance draw. Timeout ${MONEY_TIMEOUT_SECONDS} s.`,
    `The bare routes answer a sampled real answer: GET /api/money before any payment (${size('money')}), ` +
      `a payment's answer with one payment (${size('payment')}). The real answers grow by a payment ` +
      'with each one recorded, so the last ones of a run send a little more than the bare route.',
  ]
  for (const { target, result } of rows) {
    if (result.non2xx > 0 || result.errors > 0)
      notes.push(
        `WARNING: ${target.label} had ${result.non2xx} non-2xx answers and ${result.errors} ` +
          'errors: its numbers do not measure working calls only.',
      )
  }
  return notes
}
