import type { LightMyRequestResponse } from 'fastify'
import { beforeEach, describe, expect, it } from 'vitest'
import { WAIVER_FORMS } from '../../contract/waiver-forms'
import { usDate } from '../../server/lib/exports/us-date'
import { STATUTORY_FORMS } from '../../server/lib/exports/waiver-text'
import { call, callRaw } from '../support/call'
import { expectProblem, onboardingDetails } from '../support/http'
import { joined, pdfText, type PdfText } from '../support/pdf-text'
import { austinPerTest, newClient } from './client-kit'
import { getMoney, signed, stepIn } from './money-kit'
import { setToday } from './timeline-kit'
import { awardExcavation, digger } from './trade-kit'

/**
 * The four statutory waivers (PRODUCT.md §15, Civil Code §§ 8132–8138) as PDFs, read back with
 * pdf.js: the statute's title and notice, the notice's type as large as any, the job's blanks.
 */
const { t, client } = austinPerTest()
const FORMS = WAIVER_FORMS
const OWNER = onboardingDetails.name
const LOCATION = `${onboardingDetails.address}, ${onboardingDetails.city}, ${onboardingDetails.state}`
let trade: Record<string, string>

beforeEach(async () => {
  setToday(t, '2030-03-01')
  trade = await awardExcavation(t, client)
  await signed(t, client.headers, 'steel', 2_400_000)
})

const draws = async (step: 'excavation' | 'steel') =>
  stepIn(await getMoney(t, client.headers), step).draws

async function pdfOf(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('application/pdf')
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?[a-z-]+\.pdf"?$/)
  return pdfText(res.rawPayload)
}

const waiver = (
  form: string,
  query: Record<string, string>,
  headers: Record<string, string> = client.headers,
) => callRaw(t, 'waiverPdf', { form, query }, headers)

/** The notice's runs: from the one that starts it to the one that ends it. */
function noticeRuns(runs: PdfText[], notice: string) {
  const first = runs.findIndex((run) => notice.startsWith(run.str.trim()))
  const last = runs.findIndex((run, index) => index >= first && notice.endsWith(run.str.trim()))
  return {
    notice: runs.slice(first, last + 1),
    rest: [...runs.slice(0, first), ...runs.slice(last + 1)],
  }
}

describe('a statutory waiver for a draw', () => {
  it.each(FORMS)(
    '%s: the statute’s title and notice, verbatim, the notice in the largest type',
    async (form) => {
      const [deposit] = await draws('excavation')
      const runs = await pdfOf(await waiver(form, { drawId: deposit?.id ?? '' }))
      const statute = STATUTORY_FORMS[form]
      const text = joined(runs)
      expect(text.startsWith(`${statute.title} ${statute.notice}`)).toBe(true)
      expect(text).toContain(`California Civil Code § ${statute.section}`)
      const { notice, rest } = noticeRuns(runs, statute.notice)
      expect(joined(notice)).toBe(statute.notice)
      const smallestNotice = Math.min(...notice.map((run) => run.size))
      for (const run of rest) expect(smallestNotice, run.str).toBeGreaterThanOrEqual(run.size)
    },
  )

  it.each(FORMS)('%s: filled from the job, the trade as claimant', async (form) => {
    const [deposit] = await draws('excavation')
    const text = joined(await pdfOf(await waiver(form, { drawId: deposit?.id ?? '' })))
    expect(text).toContain(`Name of Claimant: ${digger.company}`)
    expect(text).toContain(`Name of Customer: ${OWNER}`)
    expect(text).toContain(`Job Location: ${LOCATION}`)
    expect(text).toContain(`Owner: ${OWNER}`)
    // The unconditional final form says "paid in full" and names no amount.
    expect(text.includes('1,000.00')).toBe(form !== 'unconditional-final')
    expect(text).toContain('Claimant’s Signature:')
    expect(text).toContain('Exceptions')
    const progress = form.endsWith('progress')
    expect(text.includes(`Through Date: ${usDate(deposit?.dueOn ?? '2030-03-01')}`)).toBe(progress)
    if (form.startsWith('conditional')) {
      expect(text).toContain(`Maker of Check: ${OWNER}`)
      expect(text).toContain('Amount of Check: $ 1,000.00')
      expect(text).toContain(`Check Payable to: ${digger.company}`)
    }
  })

  it('names the accepted quote’s vendor when the contract has no trade, with the draw’s amount', async () => {
    const balance = (await draws('steel')).at(-1)
    const res = await waiver('conditional-final', { drawId: balance?.id ?? '' })
    const text = joined(await pdfOf(res))
    expect(text).toContain('Name of Claimant: Dig Co')
    expect(text).toContain('Amount of Check: $ 23,000.00')
  })

  it('fills a preliminary notice’s form: its claimant waives toward the trade', async () => {
    const [deposit] = await draws('excavation')
    const [dig] = await call(t, 'trades', {}, client.headers)
    const notice = await call(
      t,
      'createNotice',
      {
        body: {
          claimant: 'Rebar Supply Inc',
          role: 'supplier',
          tradeId: dig?.id ?? '',
          receivedOn: '2030-02-25',
        },
      },
      client.headers,
    )
    const res = await waiver('conditional-progress', {
      drawId: deposit?.id ?? '',
      noticeId: notice.id,
    })
    const text = joined(await pdfOf(res))
    expect(text).toContain('Name of Claimant: Rebar Supply Inc')
    expect(text).toContain(`Name of Customer: ${digger.company}`)
    expect(text).toContain(`Owner: ${OWNER}`)
    expect(text).toContain('Check Payable to: Rebar Supply Inc')
    // Steel's contract names no trade: the notice is not one of its claimants.
    const [steelDeposit] = await draws('steel')
    expectProblem(
      await waiver('conditional-progress', { drawId: steelDeposit?.id ?? '', noticeId: notice.id }),
      404,
    )
  })

  it('answers 404 for another client’s draw, an unknown one and an unknown notice', async () => {
    const [deposit] = await draws('excavation')
    const drawId = deposit?.id ?? ''
    const other = await newClient(t, 'other@example.com')
    expectProblem(await waiver('conditional-progress', { drawId }, other.headers), 404)
    const unknown = '00000000-0000-4000-8000-000000000000'
    expectProblem(await waiver('conditional-progress', { drawId: unknown }), 404)
    expectProblem(await waiver('conditional-progress', { drawId, noticeId: unknown }), 404)
  })

  it('refuses a form it does not know (404) and a draw id that is none (400)', async () => {
    const [deposit] = await draws('excavation')
    expectProblem(await waiver('partial-release', { drawId: deposit?.id ?? '' }), 404)
    expectProblem(await waiver('conditional-progress', { drawId: 'x' }), 400)
    expectProblem(await waiver('conditional-progress', {}), 400)
    expectProblem(
      await waiver('conditional-progress', { drawId: deposit?.id ?? '', noticeId: 'x' }),
      400,
    )
  })

  it('is the builder’s: no token, no form', async () => {
    const [deposit] = await draws('excavation')
    expectProblem(await waiver('conditional-progress', { drawId: deposit?.id ?? '' }, {}), 401)
  })
})

describe('the trade’s copy of its award’s waivers', () => {
  const tradeWaiver = (form: string, drawId: string, headers: Record<string, string> = trade) =>
    callRaw(t, 'tradeWaiverPdf', { form, query: { drawId } }, headers)

  it('fills the same form for a draw of its award', async () => {
    const [deposit] = await draws('excavation')
    const text = joined(await pdfOf(await tradeWaiver('unconditional-progress', deposit?.id ?? '')))
    expect(text).toContain(`Name of Claimant: ${digger.company}`)
    expect(text).toContain(STATUTORY_FORMS['unconditional-progress'].notice)
  })

  it('answers 404 for a draw of another step, and 401 without its session', async () => {
    const [steelDeposit] = await draws('steel')
    expectProblem(await tradeWaiver('conditional-progress', steelDeposit?.id ?? ''), 404)
    const [deposit] = await draws('excavation')
    expectProblem(await tradeWaiver('conditional-progress', deposit?.id ?? '', {}), 401)
  })
})
