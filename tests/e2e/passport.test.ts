import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { zipNames } from '../support/unzip'
import { accounts } from './support/accounts'
import { DESKTOP, PHONE } from './support/browser'
import { useE2e } from './support/e2e'
import { horizontalOverflow } from './support/layout-checks'
import { designedClient, expectSound } from './support/pages'

// The pool passport from a client's browser (PRODUCT.md §17), against the real server.
const e2e = useE2e({ env: { LOGIN_LIMIT_PER_EMAIL: '100' } })
const { serveCity, onboard } = accounts(e2e)

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(os.tmpdir(), `poolpath-${name}.png`), fullPage: true })

async function openPassport(page: Page) {
  await page.goto('/builder/passport')
  await page.getByRole('heading', { level: 1, name: 'Pool passport' }).waitFor()
  await page.getByRole('heading', { level: 2, name: 'As built' }).waitFor()
  await page.getByRole('textbox', { name: 'pH, day 1', exact: true }).waitFor()
}

describe('the pool passport', () => {
  it('records equipment and a day of the start-up log, and downloads its PDF and ZIP', async () => {
    const { page, problems } = await designedClient(e2e, { serveCity, onboard })
    await page
      .getByRole('navigation', { name: 'Project' })
      .getByRole('link', { name: 'Passport' })
      .click()
    await openPassport(page)
    await expect.poll(() => page.getByText('Draft', { exact: true }).isVisible()).toBe(true)

    await page.getByRole('button', { name: 'Add equipment' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add equipment' })
    await dialog.getByRole('combobox', { name: 'Kind' }).selectOption('pump')
    await dialog.getByRole('textbox', { name: /^Make/ }).fill('Pentair')
    await dialog.getByRole('textbox', { name: /^Model/ }).fill('IntelliFlo3 VSF')
    await dialog.getByRole('textbox', { name: /^Serial/ }).fill('PF-2030-118')
    await dialog.getByLabel('Installed on').fill('2030-04-02')
    await dialog.getByRole('button', { name: 'Save equipment' }).click()
    await dialog.waitFor({ state: 'detached' })
    const pump = page.getByRole('listitem', { name: 'Pentair IntelliFlo3 VSF' })
    await pump.getByText('PF-2030-118').waitFor()

    await page.getByRole('textbox', { name: 'pH, day 1', exact: true }).fill('8.2')
    await page.getByRole('textbox', { name: 'Free chlorine, day 1', exact: true }).fill('2')
    await page.getByRole('checkbox', { name: 'Brushed, day 1', exact: true }).check()
    await page
      .getByRole('textbox', { name: 'Note, day 1', exact: true })
      .fill('First fill, water clear')
    const save = page.getByRole('button', { name: 'Save day 1', exact: true })
    await save.click()
    await expect.poll(() => save.isDisabled()).toBe(true)
    const ph = page.getByRole('textbox', { name: 'pH, day 1', exact: true })
    expect(await ph.getAttribute('aria-describedby')).toBeTruthy()
    await page.getByRole('textbox', { name: /^Measured gallons/ }).fill('21,400')
    // The reload below must not cut the save short: wait for the server's answer to it.
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/passport',
    )
    await page.getByRole('button', { name: 'Save gallons' }).click()
    expect((await saved).status()).toBe(200)

    // What was saved is what the server answers after a reload.
    await openPassport(page)
    expect(await page.getByRole('textbox', { name: 'pH, day 1', exact: true }).inputValue()).toBe(
      '8.2',
    )
    expect(
      await page.getByRole('checkbox', { name: 'Brushed, day 1', exact: true }).isChecked(),
    ).toBe(true)
    expect(await page.getByRole('textbox', { name: /^Measured gallons/ }).inputValue()).toBe(
      '21,400',
    )
    await page.getByRole('listitem', { name: 'Pentair IntelliFlo3 VSF' }).waitFor()

    // Each download reads its file with the signed-in client's token and hands the browser the
    // file itself: a PDF, and a ZIP whose entries unzip lists.
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download passport (PDF)' }).click(),
    ])
    expect(pdf.suggestedFilename()).toMatch(/passport\.pdf$/)
    expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-')
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download everything (ZIP)' }).click(),
    ])
    expect(zip.suggestedFilename()).toMatch(/passport\.zip$/)
    expect(await zipNames(await zip.path())).toEqual(
      expect.arrayContaining(['passport.pdf', 'equipment.csv', 'startup-log.csv']),
    )
    expect(problems).toEqual([])

    await expectSound(page)
    await shot(page, 'passport-desktop')
    await page.setViewportSize(PHONE)
    expect(await horizontalOverflow(page)).toEqual([])
    await shot(page, 'passport-phone')
    await page.setViewportSize(DESKTOP)
    expect(problems.filter((p) => !p.startsWith('console: Failed to load resource'))).toEqual([])
  })

  it('shows the start-up log on the Pool Startup page, a phone scrolling it in its box', async () => {
    const { page, problems } = await designedClient(
      e2e,
      { serveCity, onboard },
      {
        city: 'Plano',
        name: 'Lee',
      },
    )
    await page.goto('/builder/pool-startup')
    await page.getByRole('heading', { level: 2, name: 'Start-up log' }).waitFor()
    await page.getByRole('textbox', { name: 'CYA, day 28', exact: true }).waitFor()
    await page.setViewportSize(PHONE)
    expect(await horizontalOverflow(page)).toEqual([])
    await page.getByRole('heading', { level: 2, name: 'Start-up log' }).scrollIntoViewIfNeeded()
    await page.screenshot({ path: path.join(os.tmpdir(), 'poolpath-startup-log-phone.png') })
    await page.setViewportSize(DESKTOP)
    await page.getByRole('heading', { level: 2, name: 'Start-up log' }).scrollIntoViewIfNeeded()
    await page.screenshot({ path: path.join(os.tmpdir(), 'poolpath-startup-log-desktop.png') })
    expect(problems).toEqual([])
  })
})
