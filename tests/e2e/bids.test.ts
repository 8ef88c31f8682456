import { describe, it } from 'vitest'
import { accounts } from './support/accounts'
import { expectAccessible, useE2e } from './support/e2e'

// The owner's side of bid requests (PRODUCT.md §14): a trade recorded, asked to bid on a step,
// its request shown as sent, then withdrawn.
const e2e = useE2e({ env: { LOGIN_LIMIT_PER_EMAIL: '100' } })
const { serveCity, onboard } = accounts(e2e)

describe('asking a trade for a bid', () => {
  it('adds a trade, requests its bid, sees it sent and withdraws it', async () => {
    await serveCity('Waco', 'TX')
    const { page } = await e2e.openPage()
    const owner = { city: 'Waco', state: 'TX', name: 'Bea Bidder', email: 'bea@example.com' }
    await onboard(page, owner)
    await page.waitForURL('**/builder/pool-design')

    await page.goto('/builder/trades')
    await page.getByRole('button', { name: 'Add trade' }).click()
    const add = page.getByRole('dialog', { name: 'Add trade' })
    await add.getByRole('textbox', { name: /^Company/ }).fill('Rebar Co')
    await add.getByRole('textbox', { name: /^Contact name/ }).fill('Rita')
    await add.getByRole('textbox', { name: /^Email/ }).fill('rita@rebar.example')
    await add.getByRole('checkbox', { name: 'Steel' }).check()
    await add.getByRole('button', { name: 'Save trade' }).click()
    await add.waitFor({ state: 'detached' })

    await page.goto('/builder/steel')
    const bids = page.getByRole('region', { name: 'Bids' })
    await bids.getByRole('button', { name: 'Request bids' }).click()
    const dialog = page.getByRole('dialog', { name: 'Request bids' })
    await dialog.getByRole('checkbox', { name: 'Rebar Co' }).check()
    await dialog.getByRole('textbox', { name: 'Message' }).fill('The yard gate is on the left.')
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Send requests' }).click()
    await dialog.waitFor({ state: 'detached' })

    const rebar = bids.getByRole('listitem', { name: 'Rebar Co' })
    await rebar.getByText('Sent', { exact: true }).waitFor()
    await expectAccessible(page)
    await rebar.getByRole('button', { name: 'Withdraw' }).click()
    const confirm = page.getByRole('dialog', { name: 'Withdraw this request?' })
    await confirm.getByRole('button', { name: 'Withdraw request' }).click()
    await confirm.waitFor({ state: 'detached' })
    await rebar.getByText('Withdrawn', { exact: true }).waitFor()
  })
})
