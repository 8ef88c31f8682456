// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { tradeWarnings, type Trade, type TradeFacts } from '../../../contract/trades'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import { excavationWith, quote, renderBuilder } from './harness'

fakeModalDialogs()
afterEach(cleanup)

const facts: TradeFacts = {
  id: '00000000-0000-4000-8000-000000000901',
  company: 'Dig Co',
  contact: 'Dan',
  email: 'dan@dig.example',
  phone: null,
  steps: ['excavation'],
  licence: { number: '1234567', classification: 'C-12', checkedOn: '2026-05-01' },
  insurance: { expiresOn: '2027-01-01', fileId: null },
  workersComp: { exempt: true, expiresOn: null, fileId: null },
  createdAt: '2026-05-01T10:00:00.000Z',
}
const DIG_CO: Trade = { ...facts, warnings: tradeWarnings(facts, '2026-06-01') }

describe('preliminary notices on the Budget page', () => {
  it('adds a notice for one of the trades, in dollars, and lists it', async () => {
    const { user, idle } = await renderBuilder('/builder/budget', {
      poolData: excavationWith(quote({ accepted: true, tradeId: DIG_CO.id })),
      trades: [DIG_CO],
    })
    await idle()
    const section = screen.getByRole('region', { name: 'Preliminary notices' })
    expect(within(section).getByText(/No notices/)).toBeTruthy()
    await user.click(within(section).getByRole('button', { name: 'Add notice' }))
    const dialog = screen.getByRole('dialog', { name: 'Add notice' })
    await user.type(within(dialog).getByRole('textbox', { name: /^Claimant/ }), 'Rebar Supply')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'supplier')
    const worksFor = within(dialog).getByRole('combobox', { name: 'Works for' })
    expect(
      within(worksFor)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Dig Co'])
    await user.type(within(dialog).getByLabelText('Received on'), '2026-06-01')
    await user.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '1,200')
    await user.click(within(dialog).getByRole('button', { name: 'Save notice' }))
    await idle()
    expect(screen.queryByRole('dialog')).toBeNull()
    const notice = within(section).getByRole('listitem', { name: 'Rebar Supply' })
    expect(notice.textContent).toContain('Supplier for Dig Co · received Jun 1, 2026 · $1,200')
    expect(within(notice).getByRole('button', { name: 'Edit' })).toBeTruthy()
    expect(within(notice).getByRole('button', { name: 'Delete' })).toBeTruthy()
  })

  it('says a claimant is needed before sending anything', async () => {
    const { user, idle } = await renderBuilder('/builder/budget', { trades: [DIG_CO] })
    await idle()
    await user.click(screen.getByRole('button', { name: 'Add notice' }))
    const dialog = screen.getByRole('dialog', { name: 'Add notice' })
    await user.click(within(dialog).getByRole('button', { name: 'Save notice' }))
    const claimant = within(dialog).getByRole('textbox', { name: /^Claimant/ })
    expect(claimant.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('dialog', { name: 'Add notice' })).toBeTruthy()
  })
})
