import { describe, expect, it } from 'vitest'
import { accounts } from './support/accounts'
import { DESKTOP, PHONE } from './support/browser'
import { expectAccessible, useE2e } from './support/e2e'
import { horizontalOverflow } from './support/layout-checks'
import { addTrade, expectSound, saveFirstDesign } from './support/pages'

// A bid from request to contract (PRODUCT.md §13–§14): the owner records a trade and asks it for
// a bid on Steel; the trade opens the emailed link on a phone, signs in with the emailed code
// and bids without one scope item; the owner compares the bid on the scope, levelled, and
// accepts it despite the trade's missing licence and insurance. Withdrawing a request is
// tested in tests/app/builder/bids.test.tsx.
const e2e = useE2e({ env: { LOGIN_LIMIT_PER_EMAIL: '100' } })
const { serveCity, onboard, outbox, mailsTo, codeFor } = accounts(e2e)

const TRADE = 'rita@rebar.example'

/** The link in the bid request the trade was emailed after `before`, as its reader follows it. */
async function mailedLink(before: Set<string>): Promise<string> {
  await expect.poll(async () => (await mailsTo(TRADE, before)).length).toBe(1)
  const [mail] = await mailsTo(TRADE, before)
  const link = /https?:\/\/\S+\/t\/[\w-]+/.exec(mail?.text ?? '')?.[0]
  if (!link) throw new Error(`no link in the bid request: ${mail?.text}`)
  return link
}

describe('a bid from request to contract', () => {
  it('is requested by the owner, sent by the trade from its phone, compared and accepted', async () => {
    await serveCity('Waco', 'TX')
    const { page } = await e2e.openPage()
    const owner = { city: 'Waco', state: 'TX', name: 'Bea Bidder', email: 'bea@example.com' }
    await onboard(page, owner)
    // The design gives Steel its estimate, which levelling prices the left-out item on.
    await saveFirstDesign(page)

    // No licence, insurance or workers' comp on record: the acceptance will ask.
    await addTrade(page, { company: 'Rebar Co', contact: 'Rita', email: TRADE, step: 'Steel' })

    await page.goto('/builder/steel')
    const bids = page.getByRole('region', { name: 'Bids' })
    await bids.getByRole('button', { name: 'Request bids' }).click()
    const dialog = page.getByRole('dialog', { name: 'Request bids' })
    await dialog.getByRole('checkbox', { name: 'Rebar Co' }).check()
    await dialog.getByRole('textbox', { name: 'Message' }).fill('The yard gate is on the left.')
    await expectAccessible(page)
    const beforeRequest = await outbox()
    await dialog.getByRole('button', { name: 'Send requests' }).click()
    await dialog.waitFor({ state: 'detached' })
    const rebar = bids.getByRole('listitem', { name: 'Rebar Co' })
    await rebar.getByText('Sent', { exact: true }).waitFor()
    // In the page's narrow rail the request's actions go under it, not beside it in a sliver.
    const company = await rebar.getByRole('heading', { name: 'Rebar Co' }).boundingBox()
    expect(company?.height).toBeLessThan(40)
    await expectAccessible(page)

    // The trade: its own browser, on a phone, with nothing but the email.
    const link = await mailedLink(beforeRequest)
    const trade = await e2e.openPage({ viewport: PHONE })
    const portal = trade.page
    await portal.goto(link)
    await portal.getByRole('heading', { level: 1, name: 'Bid request: Steel' }).waitFor()
    await portal.getByText('For Bea Bidder in Waco').waitFor()
    const beforeCode = await outbox()
    await portal.getByRole('button', { name: 'Send me a code' }).click()
    await portal.getByRole('textbox', { name: 'Code' }).fill(await codeFor(TRADE, beforeCode))
    await portal.getByRole('button', { name: 'Verify' }).click()

    await portal.getByRole('heading', { level: 2, name: 'Your bid' }).waitFor()
    await portal.getByText('The yard gate is on the left.').waitFor()
    await expectAccessible(portal)
    expect(await horizontalOverflow(portal)).toEqual([])
    await portal.getByRole('textbox', { name: /^Amount/ }).fill('2,600')
    const included = portal.getByRole('group', { name: 'Included in your bid' })
    await included.getByRole('checkbox', { name: 'Chairs and spacers' }).uncheck()
    await portal.getByRole('button', { name: 'Submit bid' }).click()
    await portal.getByRole('heading', { name: 'Bid sent' }).waitFor()
    await portal.getByText('$2,600.00').waitFor()
    await expectAccessible(portal)
    expect(await horizontalOverflow(portal)).toEqual([])

    // The owner comes back to the step page's tab: it reads its quotes and bids again.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await rebar.getByText('Bid received', { exact: true }).waitFor()
    const compare = page.getByRole('region', { name: 'Compare quotes' })
    const scope = compare.getByRole('table', { name: 'What each bid includes' })
    const mark = (item: string) =>
      scope
        .getByRole('row', { name: new RegExp(item) })
        .getByRole('img')
        .getAttribute('aria-label')
    expect(await mark('Rebar per the engineering plan')).toBe('Included')
    expect(await mark('Bonding attachments to the steel')).toBe('Included')
    expect(await mark('Chairs and spacers')).toBe('Not included')
    // Levelled: the bid plus the left-out item's 5 % of Steel's $2,468 estimate.
    const total = scope
      .getByRole('row', { name: /Levelled total/ })
      .getByRole('cell')
      .last()
    expect(await total.textContent()).toBe('$2,723.40')
    // The comparison and the Bids card, at 1280 and on a phone.
    await expectSound(page)
    // On a phone each scope item is a card, under its table's caption on one line.
    await page.setViewportSize(PHONE)
    expect((await scope.locator('caption').boundingBox())?.height).toBeLessThan(30)
    await page.setViewportSize(DESKTOP)

    await page.getByRole('button', { name: 'Accept the quote from Rebar Co' }).click()
    const accept = page.getByRole('dialog', { name: 'Accept anyway?' })
    await accept.getByText('Record when the liability insurance ends.').waitFor()
    await accept.getByRole('button', { name: 'Accept anyway' }).click()
    await accept.waitFor({ state: 'detached' })
    await page
      .getByRole('article', { name: 'Rebar Co' })
      .getByText('Accepted', { exact: true })
      .waitFor()
  })
})
