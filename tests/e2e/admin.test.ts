import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ADMIN_SECTIONS } from '../../src/features/admin/section-titles'
import { accounts } from './support/accounts'
import { expectAccessible, useE2e } from './support/e2e'
import { openSection } from './support/pages'

// Every test signs the admin in again: more codes than the default 5 per email per 15 minutes.
const e2e = useE2e({ env: { LOGIN_LIMIT_PER_EMAIL: '100' } })

const { signInAsAdmin } = accounts(e2e)

/** Fills the open dialog's fields by label (State is chosen from its select), then submits. */
async function submitDialog(
  page: Page,
  dialogName: string,
  fields: Record<string, string>,
  submit: string,
) {
  const dialog = page.getByRole('dialog', { name: dialogName })
  for (const [label, value] of Object.entries(fields)) {
    if (label === 'State') {
      await dialog.getByRole('combobox', { name: label, exact: true }).selectOption(value)
    } else {
      await dialog.getByRole('textbox', { name: label, exact: true }).fill(value)
    }
  }
  await dialog.getByRole('button', { name: submit }).click()
  await dialog.waitFor({ state: 'detached' })
}

async function deleteRow(page: Page, label: string, noun: string) {
  await page.getByRole('button', { name: `Delete ${label}` }).click()
  const dialog = page.getByRole('dialog', { name: `Delete this ${noun}?` })
  await dialog.getByRole('button', { name: `Delete ${noun}` }).click()
  await dialog.waitFor({ state: 'detached' })
  await page
    .getByRole('cell', { name: label.split(',')[0], exact: true })
    .waitFor({ state: 'detached' })
}

describe('the admin area', () => {
  it('creates, edits and deletes a city, and shows the server’s refusal in the dialog', async () => {
    const { page, problems } = await e2e.openPage()
    await signInAsAdmin(page)
    await openSection(page, 'Cities')

    await page.getByRole('button', { name: 'Add city' }).click()
    await expectAccessible(page)
    await submitDialog(
      page,
      'Add city',
      { City: 'Austin', State: 'TX', 'Permit fee ($)': '450' },
      'Add city',
    )
    const row = page.getByRole('row', { name: /Austin/ })
    await row.getByRole('cell', { name: 'TX', exact: true }).waitFor()
    await row.getByRole('cell', { name: '$450', exact: true }).waitFor()

    // A second Austin, TX is refused by the server; the dialog keeps what was typed.
    await page.getByRole('button', { name: 'Add city' }).click()
    const again = page.getByRole('dialog', { name: 'Add city' })
    await again.getByRole('textbox', { name: 'City' }).fill('austin')
    await again.getByRole('combobox', { name: 'State' }).selectOption('TX')
    await again.getByRole('textbox', { name: 'Permit fee ($)' }).fill('1')
    await again.getByRole('button', { name: 'Add city' }).click()
    await again.getByRole('alert').waitFor()
    expect(await again.getByRole('textbox', { name: 'City' }).inputValue()).toBe('austin')
    await expectAccessible(page)
    await again.getByRole('button', { name: 'Cancel' }).click()

    await page.getByRole('button', { name: 'Edit Austin, TX' }).click()
    await submitDialog(page, 'Edit Austin, TX', { 'Permit fee ($)': '1,250.50' }, 'Save changes')
    await row.getByRole('cell', { name: '$1,250.50', exact: true }).waitFor()

    await deleteRow(page, 'Austin, TX', 'city')
    await page.getByText('No cities yet').waitFor()
    expect(problems.filter((p) => !p.includes('409'))).toEqual([])
  })

  it('creates, edits and deletes an engineer and a manager', async () => {
    const { page, problems } = await e2e.openPage()
    await signInAsAdmin(page)
    const contact = {
      Name: 'Eve Stone',
      Company: 'Structa',
      Email: 'eve@example.com',
      Phone: '+1 512 555 0100',
    }

    await openSection(page, 'Engineers')
    await page.getByRole('button', { name: 'Add engineer' }).click()
    await submitDialog(
      page,
      'Add engineer',
      { ...contact, 'License number': 'PE-1234', 'Fee ($)': '1,500' },
      'Add engineer',
    )
    await page.getByRole('cell', { name: 'PE-1234', exact: true }).waitFor()
    await page.getByRole('button', { name: 'Edit Eve Stone' }).click()
    await submitDialog(page, 'Edit Eve Stone', { Name: 'Eve Stone-Park' }, 'Save changes')
    await page.getByRole('cell', { name: 'Eve Stone-Park', exact: true }).waitFor()
    await deleteRow(page, 'Eve Stone-Park', 'engineer')

    await openSection(page, 'Managers')
    await page.getByRole('button', { name: 'Add manager' }).click()
    await submitDialog(
      page,
      'Add manager',
      {
        ...contact,
        Name: 'Max Field',
        Email: 'max@example.com',
        'Years of experience': '12',
        'Fee ($)': '5000',
        Bio: 'Builds pools.',
      },
      'Add manager',
    )
    await page.getByRole('cell', { name: 'Max Field', exact: true }).waitFor()
    await page.getByRole('button', { name: 'Edit Max Field' }).click()
    await submitDialog(page, 'Edit Max Field', { 'Years of experience': '15' }, 'Save changes')
    await page.getByRole('cell', { name: '15', exact: true }).waitFor()
    await deleteRow(page, 'Max Field', 'manager')
    expect(problems).toEqual([])
  })

  it('renders every section with its heading, and each is axe-clean', async () => {
    const { page, problems } = await e2e.openPage()
    await signInAsAdmin(page)
    for (const section of ADMIN_SECTIONS) {
      await openSection(page, section.title)
      expect(page.url()).toContain(`/admin/${section.route}`)
      await expectAccessible(page)
    }
    await openSection(page, 'Pricing')
    await page.getByRole('button', { name: 'Edit pricing for Excavation' }).click()
    await page
      .getByRole('dialog', { name: 'Edit pricing: Excavation' })
      .getByText('Standard soil: $8,320')
      .waitFor()
    await expectAccessible(page)
    expect(problems).toEqual([])
  })
})
