import { describe, expect, it } from 'vitest'
import { accounts, ADMIN } from './support/accounts'
import { DESKTOP, PHONE } from './support/browser'
import { expectAccessible, useE2e } from './support/e2e'

const e2e = useE2e({ env: { LOGIN_LIMIT_PER_EMAIL: '100' } })
const { signInAsAdmin } = accounts(e2e)

describe('the signed-in header', () => {
  it('folds the sidebar into a Menu on a phone only, and keeps one Log out big enough to tap', async () => {
    const { page, problems } = await e2e.openPage({ viewport: PHONE })
    await signInAsAdmin(page)
    const nav = page.getByRole('navigation', { name: 'Admin sections' })
    const menu = page.getByRole('button', { name: 'Menu', exact: true })
    const logOut = page.getByRole('button', { name: 'Log out' })
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor()

    // On a phone Log out is its icon alone, still named "Log out", at least 24 × 24 px.
    expect(await logOut.count()).toBe(1)
    const target = await logOut.boundingBox()
    expect(target?.width).toBeGreaterThanOrEqual(24)
    expect(target?.height).toBeGreaterThanOrEqual(24)
    // The phone opens on the page, the menu folded.
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    expect(await nav.isVisible()).toBe(false)

    await menu.click()
    const close = page.getByRole('button', { name: 'Close menu' })
    expect(await close.getAttribute('aria-expanded')).toBe('true')
    expect(await nav.isVisible()).toBe(true)
    await expectAccessible(page)
    await close.click()
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    expect(await nav.isVisible()).toBe(false)

    // The folded state does not follow the user to a wide screen: no Menu, the sidebar shown.
    await page.setViewportSize(DESKTOP)
    expect(await menu.isVisible()).toBe(false)
    expect(await nav.isVisible()).toBe(true)
    expect(await logOut.textContent()).toBe('Log out')
    expect(problems).toEqual([])
  })

  it('opens the account panel on who is signed in; Escape closes it back onto its button', async () => {
    const { page, problems } = await e2e.openPage({ viewport: DESKTOP })
    await signInAsAdmin(page)
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor()
    const account = page.getByRole('button', { name: `Account: ${ADMIN}` })
    expect(await account.textContent()).toBe(ADMIN)
    await account.click()
    const panel = page.getByRole('dialog', { name: 'Account' })
    await panel.waitFor()
    expect(await panel.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await panel.textContent()).toContain('Admin')
    expect(await page.getByRole('button', { name: 'Log out' }).count()).toBe(1)
    await expectAccessible(page)

    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'hidden' })
    expect(await account.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(problems).toEqual([])
  })
})
