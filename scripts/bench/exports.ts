// Lien-safe payments' files (PRODUCT.md §15): a statutory waiver and the schedule of values
// made as PDFs for a project with 40 draws, in ms, against a bare route sending a stored PDF of
// the same size from disk.
import fs from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import { call, type Progress } from './client-calls'
import { signUpClients } from './client-writes'
import type { Measured, Target } from './load'
import type { PairedSection } from './paired'
import type { Server } from './processes'
import { refusalWarnings } from './report'
import { staticDirOf } from './servers'

/** A handful of downloads at once: an owner and a lender, not a crowd. */
const CONNECTIONS = 4
const DRAWS_PER_STEP = 10
/** $50,000 a contract, paid $5,000 a draw. */
const CONTRACT_AMOUNT = 5_000_000
const THROUGH = '2030-03-31'
const PAYMENT = { paidOn: '2030-03-01', method: 'check', reference: 'bench' }

const Stages = z.object({ Data: z.array(z.object({ id: z.string(), slug: z.string() })) })
const EntryAnswer = z.object({ Data: z.object({ quotes: z.array(z.object({ id: z.string() })) }) })
const MoneyAnswer = z.object({
  Data: z.object({
    steps: z.array(z.object({ step: z.string(), draws: z.array(z.object({ id: z.string() })) })),
  }),
})

export type ExportReads = {
  token: string
  drawId: string
  samples: { waiver: Buffer; schedule: Buffer }
}

const waiverPath = (drawId: string) => `/api/waivers/conditional-progress.pdf?drawId=${drawId}`
const schedulePath = `/api/exports/schedule-of-values.pdf?through=${THROUGH}`

/**
 * One owner with four contracts (three by title, Excavation by its stage) of 10 draws each, a
 * payment on each contract's first draw; one sample of each PDF, stored for the bare route.
 */
export async function prepareExports(
  real: Server,
  outboxDir: string,
  bareDir: string,
  progress: Progress,
): Promise<ExportReads> {
  progress('signing up an owner with four contracts of 10 draws each for the PDF runs')
  const [owner] = await signUpClients(real, outboxDir, 1, 'exports')
  if (!owner) throw new Error('no owner for the PDF runs')
  const stages = Stages.parse(await (await fetch(`${real.origin}/api`)).json()).Data
  const excavation = stages.find((stage) => stage.slug === 'excavation')?.id ?? ''
  const contracts = [
    { step: 'pool-design', key: { Title: 'Pool Design' }, url: '/api/add-quote1' },
    { step: 'engineering', key: { Title: 'Engineering' }, url: '/api/add-quote1' },
    { step: 'permits', key: { Title: 'Permits' }, url: '/api/add-quote1' },
    { step: 'excavation', key: { StageId: excavation }, url: '/api/add-quote' },
  ]
  const drawAmount = CONTRACT_AMOUNT / DRAWS_PER_STEP
  for (const { step, key, url } of contracts) {
    const quote = { ...key, vendor: 'Bench Builders', amount: CONTRACT_AMOUNT }
    const entry = await call(real.origin, 'PUT', url, owner.token, quote)
    const quoteId = EntryAnswer.parse(JSON.parse(entry.toString('utf8'))).Data.quotes[0]?.id
    await call(real.origin, 'PUT', '/api/accept-quote', owner.token, { ...key, quoteId })
    const draws = Array.from({ length: DRAWS_PER_STEP }, (_, i) => ({
      label: `Draw ${i + 1}`,
      amount: drawAmount,
      due: i === 0 ? 'signing' : 'done',
    }))
    await call(real.origin, 'PUT', '/api/draws', owner.token, { step, draws })
  }
  const money = await call(real.origin, 'GET', '/api/money', owner.token)
  const steps = MoneyAnswer.parse(JSON.parse(money.toString('utf8'))).Data.steps
  const firsts = steps.flatMap((step) => step.draws.slice(0, 1))
  for (const draw of firsts) {
    const payment = { ...PAYMENT, amount: drawAmount }
    await call(real.origin, 'POST', `/api/draws/${draw.id}/payments`, owner.token, payment)
  }
  const drawCount = steps.reduce((sum, step) => sum + step.draws.length, 0)
  if (drawCount !== contracts.length * DRAWS_PER_STEP)
    throw new Error(`the PDF runs' project has ${drawCount} draws, not 40`)
  const drawId = firsts[0]?.id ?? ''
  const waiver = await call(real.origin, 'GET', waiverPath(drawId), owner.token)
  const schedule = await call(real.origin, 'GET', schedulePath, owner.token)
  const stored = staticDirOf(bareDir)
  await fs.mkdir(stored, { recursive: true })
  await fs.writeFile(path.join(stored, 'waiver.pdf'), waiver)
  await fs.writeFile(path.join(stored, 'schedule.pdf'), schedule)
  return { token: owner.token, drawId, samples: { waiver, schedule } }
}

export function exportsSection(real: Server, bare: Server, prepared: ExportReads): PairedSection {
  const target = (label: string, origin: string, url: string, signedIn: boolean): Target => ({
    label,
    origin,
    path: url,
    connections: CONNECTIONS,
    ...(signedIn ? { headers: { authorization: `Bearer ${prepared.token}` } } : {}),
  })
  return {
    title: 'Lien-safe payments (§15): PDFs made for a project with 40 draws, against stored ones',
    pairs: [
      [
        target(
          'GET /api/waivers/conditional-progress.pdf',
          real.origin,
          waiverPath(prepared.drawId),
          true,
        ),
        target('GET /static/waiver.pdf (stored, bare)', bare.origin, '/static/waiver.pdf', false),
      ],
      [
        target('GET /api/exports/schedule-of-values.pdf', real.origin, schedulePath, true),
        target(
          'GET /static/schedule.pdf (stored, bare)',
          bare.origin,
          '/static/schedule.pdf',
          false,
        ),
      ],
    ],
    notes: (rows: Measured[]) => {
      const size = (bytes: Buffer) => `${bytes.length.toLocaleString('en-US')} bytes`
      return [
        `Connections: ${CONNECTIONS}, one owner's token. Four $50,000 contracts of ${DRAWS_PER_STEP} ` +
          'draws each (40 draws), the first draw of each paid. Each PDF is made on every request ' +
          `(waiver ${size(prepared.samples.waiver)}, schedule of values through ${THROUGH} ` +
          `${size(prepared.samples.schedule)}); the bare routes send the same bytes from disk ` +
          'with @fastify/static. Read p50 and p99 in ms.',
        ...refusalWarnings(rows, 'PDF'),
      ]
    },
  }
}
