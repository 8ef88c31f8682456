// The trade portal's read under load: GET /api/trade from trade sessions opened as a trade opens
// them (the owner's request, the emailed link, the emailed code), against a bare route answering
// as many bytes and against the database's one-row PK select floor.
import type autocannon from 'autocannon'
import { addDays, format } from 'date-fns'
import { envelope } from '../../contract'
import { TRADE_SESSION_COOKIE, TradeView } from '../../contract/bids'
import { REFERENCE_POOL } from '../../contract/estimator'
import { Trade } from '../../contract/trades'
import { call, inParallel, type BenchClient, type Progress } from './client-calls'
import { signUpClients } from './client-writes'
import { ofFloor, type Floors } from './floors'
import type { Measured, Target } from './load'
import type { PairedSection } from './paired'
import type { Server } from './processes'
import { refusalWarnings } from './report'
import { mailFiles, waitForMail } from './sessions'

/** One trade session per owner, each on a request of its own; one connection each. */
export const TRADE_SESSIONS = 10
const PREPARE_PARALLEL = 5
const DUE_IN_DAYS = 14

export type TradeReads = {
  /** `trade_session=…`, one per trade. */
  cookies: string[]
  /** A trade's answer, for the bare route to send as many bytes. */
  sample: Buffer
}

async function post(real: Server, path: string, body: unknown) {
  const response = await fetch(`${real.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: real.origin },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}`)
  return response
}

/**
 * Owner `owner` saves a design (the package's quantities), records a trade of Excavation and asks
 * it for a bid; the trade follows the emailed link and signs in with the emailed code.
 */
async function tradeSession(real: Server, outboxDir: string, owner: BenchClient) {
  const n = owner.index + 1
  const email = `trade-${n}@example.com`
  const design = { Title: 'Pool Design', choices: REFERENCE_POOL }
  await call(real.origin, 'PUT', '/api/edit-pool', owner.token, design)
  const tradeBody = { company: `Bench Dig ${n}`, contact: 'Dee', email, steps: ['excavation'] }
  const created = await call(real.origin, 'POST', '/api/trades', owner.token, tradeBody)
  const trade = envelope(Trade).parse(JSON.parse(created.toString('utf8'))).Data
  const dueOn = format(addDays(new Date(), DUE_IN_DAYS), 'yyyy-MM-dd')
  const asked = new Set(await mailFiles(outboxDir))
  await call(real.origin, 'POST', '/api/bid-requests', owner.token, {
    step: 'excavation',
    tradeIds: [trade.id],
    dueOn,
    message: 'Access is from the back alley.',
  })
  const token = await waitForMail(outboxDir, email, asked, /\/t\/([\w-]+)/)
  const loggedIn = new Set(await mailFiles(outboxDir))
  await post(real, '/api/trade/login', { token })
  const code = await waitForMail(outboxDir, email, loggedIn)
  const verified = await post(real, '/api/trade/verify', { token, code })
  const cookie = verified.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${TRADE_SESSION_COOKIE}=`))
  if (!cookie) throw new Error(`verifying ${email} set no ${TRADE_SESSION_COOKIE} cookie`)
  return cookie
}

/** TRADE_SESSIONS new owners in the bench's city (served already), each with its trade signed in. */
export async function prepareTradeReads(
  real: Server,
  outboxDir: string,
  progress: Progress,
): Promise<TradeReads> {
  progress(`signing up ${TRADE_SESSIONS} owners, each asking a trade for a bid that signs in`)
  const owners = await signUpClients(real, outboxDir, TRADE_SESSIONS, 'owner')
  const cookies = await inParallel(owners, PREPARE_PARALLEL, (owner) =>
    tradeSession(real, outboxDir, owner),
  )
  const response = await fetch(`${real.origin}/api/trade`, {
    headers: { cookie: cookies[0] ?? '' },
  })
  const sample = Buffer.from(await response.arrayBuffer())
  if (!response.ok) throw new Error(`GET /api/trade answered ${response.status}`)
  envelope(TradeView).parse(JSON.parse(sample.toString('utf8')))
  return { cookies, sample }
}

/** GETs of `path`, each with the next trade's session cookie in turn. */
function cookieRequest(reads: TradeReads, path: string): autocannon.Request {
  let next = 0
  return {
    method: 'GET',
    path,
    setupRequest: (built) => {
      const cookie = reads.cookies[next++ % reads.cookies.length] ?? ''
      return { ...built, headers: { ...built.headers, cookie } }
    },
  }
}

export function tradeSection(
  real: Server,
  bare: Server,
  reads: TradeReads,
  floors: Floors,
): PairedSection {
  const target = (label: string, origin: string, path: string): Target => ({
    label,
    origin,
    path,
    connections: reads.cookies.length,
    request: () => cookieRequest(reads, path),
  })
  return {
    title: 'Trade portal (§14): GET /api/trade, the trade session reading its request',
    pairs: [
      [
        target('GET /api/trade', real.origin, '/api/trade'),
        target('GET /same/trade (bare Fastify)', bare.origin, '/same/trade'),
      ],
    ],
    notes: (rows: Measured[]) => [
      `Connections: ${reads.cookies.length}, one per trade session (each trade of its own ` +
        'owner, asked for a bid on Excavation, signed in through the emailed link and code); ' +
        'the requests take the sessions in turn and send the session cookie alone.',
      `Answers of ${reads.sample.length.toLocaleString('en-US')} bytes (the bid package: the ` +
        "design's quantities, the scope, the owner's message); the bare route sends as many.",
      ...rows.map(
        (row) =>
          `${row.target.label}: ${ofFloor(row.result.requests.average, floors.select)}, ` +
          `p99 ${row.result.latency.p99} ms`,
      ),
      ...refusalWarnings(rows, 'reads'),
    ],
  }
}
