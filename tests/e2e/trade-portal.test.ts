import { eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bidRequests } from '../../server/db/schema'
import { call } from '../support/call'
import { codeIn, lastMail } from '../support/http'
import { pdf } from '../support/sample-files'
import { newClient, serveAustin, stageIds } from '../server/client-kit'
import { bidRequest, digger, saveDesign, seedScope } from '../server/trade-kit'
import { launchBrowser, openPage, PHONE } from './support/browser'
import { expectAccessible } from './support/e2e'
import { useInProcessApp } from './support/in-process'
import { horizontalOverflow } from './support/layout-checks'

// A trade answers its bid request on a phone (PRODUCT.md §14): the link, the emailed code, the
// bid package and "Your bid"; once the owner accepts it, "Request payment" on a draw (§15), and
// once the owner pays it, the signed unconditional waiver. The owner's side is written as the
// owner's calls would write it.
const running = useInProcessApp()
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser.close())

describe('the trade portal on a phone', () => {
  it('signs in with the emailed code, sends a bid, once awarded asks to be paid, and sends the waiver once paid', async () => {
    const { t } = running
    await serveAustin(t)
    const owner = await newClient(t, 'pat@example.com')
    await saveDesign(t, owner.headers)
    await seedScope(t)
    const { token, request } = await bidRequest(t, owner, {
      trade: { ...digger, licenceCheckedOn: '2026-01-05' },
      dueOn: '2099-12-31',
    })

    const { page, problems, close } = await openPage(browser, running.url, { viewport: PHONE })
    try {
      await page.goto(`/t/${token}`)
      await page.getByRole('heading', { level: 1, name: 'Bid request: Excavation' }).waitFor()
      await page.getByText('For Pat Swimmer in Austin').waitFor()
      await expectAccessible(page)
      await page.getByRole('button', { name: 'Send me a code' }).click()
      const code = page.getByRole('textbox', { name: 'Code' })
      await code.waitFor()
      await code.fill(codeIn(await lastMail(t, digger.email)))
      await page.getByRole('button', { name: 'Verify' }).click()

      await page.getByRole('heading', { level: 2, name: 'Your bid' }).waitFor()
      await page.getByText('Access is from the back alley.').waitFor()
      await expectAccessible(page)
      expect(await horizontalOverflow(page)).toEqual([])

      await page.getByRole('textbox', { name: /^Amount/ }).fill('15,800')
      const included = page.getByRole('group', { name: 'Included in your bid' })
      await included.getByRole('checkbox', { name: 'Site cleanup' }).uncheck()
      await page.getByRole('textbox', { name: 'Notes' }).fill('Two days with one excavator.')
      await page.getByRole('button', { name: 'Submit bid' }).click()

      await page.getByRole('heading', { name: 'Bid sent' }).waitFor()
      await page.getByText('$15,800.00').waitFor()
      await page.getByRole('button', { name: 'Change bid' }).waitFor()
      await expectAccessible(page)
      expect(await horizontalOverflow(page)).toEqual([])

      // A reload resumes the session from its cookie.
      await page.reload()
      await page.getByRole('heading', { name: 'Bid sent' }).waitFor()
      expect((await lastMail(t, 'pat@example.com')).subject).toBe(
        'New bid from Deep Dig Co for Excavation',
      )

      // Once the owner accepts the bid, the trade asks to be paid the Deposit.
      const [bid] = await t.app.db
        .select({ quoteId: bidRequests.quoteId })
        .from(bidRequests)
        .where(eq(bidRequests.id, request.id))
      const { excavation } = await stageIds(t)
      const accept = { StageId: excavation ?? '', quoteId: bid?.quoteId ?? '', acknowledge: true }
      await call(t, 'acceptQuote', { body: accept }, owner.headers)
      await page.reload()
      await page.getByRole('heading', { name: 'Your bid was accepted' }).waitFor()
      const deposit = page.getByRole('listitem').filter({ hasText: 'Deposit' }).first()
      await deposit.getByRole('button', { name: 'Request payment' }).click()
      const file = (name: string) => ({ name, mimeType: 'application/pdf', buffer: pdf() })
      await deposit.getByLabel('Invoice').setInputFiles(file('invoice.pdf'))
      await deposit.getByLabel('Conditional waiver').setInputFiles(file('waiver.pdf'))
      await expectAccessible(page)
      await deposit.getByRole('button', { name: 'Send request' }).click()
      await deposit.getByText(/^Requested \$1,000\.00 on .*: Waiting for the owner$/).waitFor()
      expect(await horizontalOverflow(page)).toEqual([])
      expect((await lastMail(t, 'pat@example.com')).subject).toBe(
        'Payment requested by Deep Dig Co for Excavation',
      )

      // The owner pays it; the portal asks for the unconditional waiver, which the trade sends.
      const money = await call(t, 'money', {}, owner.headers)
      const drawId = money.steps.find((s) => s.step === 'excavation')?.draws[0]?.id ?? ''
      const payment = { paidOn: '2026-01-06', amount: 100_000, method: 'check' as const }
      await call(t, 'recordPayment', { id: drawId, body: payment }, owner.headers)
      await page.reload()
      const ask = 'The owner paid $1,000.00: sign the unconditional waiver and send it to them.'
      const waiverForm = page.getByRole('form', { name: ask })
      await waiverForm.getByLabel('Signed unconditional waiver').setInputFiles(file('uw.pdf'))
      await expectAccessible(page)
      expect(await horizontalOverflow(page)).toEqual([])
      await waiverForm.getByRole('button', { name: 'Send waiver' }).click()
      await waiverForm.waitFor({ state: 'detached' })
      // Paid in full, the Deposit has nothing more to ask for.
      await expect
        .poll(() => deposit.getByRole('button', { name: 'Request payment' }).count())
        .toBe(0)
      const paid = await call(t, 'money', {}, owner.headers)
      const held = paid.steps.find((s) => s.step === 'excavation')?.draws[0]
      expect(held?.unconditionalWaiverFileId).toEqual(expect.any(String))
      // Only the first open's try to resume a session, before there was one, was refused.
      expect(problems).toEqual([
        'console: Failed to load resource: the server responded with a status of 401 (Unauthorized)',
      ])
    } finally {
      await close()
    }
  })
})
