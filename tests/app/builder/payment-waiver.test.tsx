// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import { excavationWith, quote, renderBuilder } from './harness'

fakeModalDialogs()
afterEach(cleanup)

const TRADE = '00000000-0000-4000-8000-000000000b01'

/** The Budget page with Excavation's accepted quote from a recorded trade. */
async function budgetPage() {
  const poolData = excavationWith(quote({ accepted: true, tradeId: TRADE }))
  const app = await renderBuilder('/builder/budget', { poolData })
  await app.idle()
  const draw = (name: string) =>
    within(screen.getByRole('region', { name: 'Excavation' })).getByRole('listitem', { name })
  return { ...app, draw }
}

describe('recording a payment on a trade’s draw without its conditional waiver', () => {
  it('shows the server’s WAIVER_REQUIRED in the dialog, links the form, and pays anyway', async () => {
    const { user, idle, draw, moneyCalls } = await budgetPage()
    await user.click(within(draw('Deposit')).getByRole('button', { name: 'Record payment' }))
    const dialog = screen.getByRole('dialog', { name: 'Record payment — Excavation, Deposit' })
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }))
    await idle()
    const alert = within(dialog).getByRole('alert')
    expect(alert.textContent).toBe(
      'Before paying “Deposit”, get a conditional waiver from Dig Co: without one, they may still lien your home for this money.',
    )
    const link = within(dialog).getByRole('link', { name: 'Conditional waiver (PDF)' })
    const depositId = moneyCalls.mock.calls.at(-1)?.[0]
    if (depositId?.name !== 'recordPayment') throw new Error('no payment sent')
    expect(link.getAttribute('href')).toBe(
      `/api/waivers/conditional-progress.pdf?drawId=${depositId.id}`,
    )
    // Nothing was recorded: the draw still owes it all.
    expect(within(draw('Deposit')).getByText('$0 paid of $900')).toBeTruthy()

    await user.click(within(dialog).getByRole('button', { name: 'Pay anyway' }))
    await idle()
    expect(moneyCalls.mock.calls.at(-1)?.[0]).toMatchObject({
      name: 'recordPayment',
      id: depositId.id,
      body: { ...depositId.body, acknowledge: true },
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(within(draw('Deposit')).getByText('Paid in full, $900')).toBeTruthy()
    expect(
      screen.getByText('Excavation was paid without a conditional waiver from Dig Co: ask for it.'),
    ).toBeTruthy()
  })

  it('links the final form for the step’s last draw', async () => {
    const { user, idle, draw } = await budgetPage()
    await user.click(within(draw('Balance')).getByRole('button', { name: 'Record payment' }))
    const dialog = screen.getByRole('dialog', { name: 'Record payment — Excavation, Balance' })
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }))
    await idle()
    const link = within(dialog).getByRole('link', { name: 'Conditional waiver (PDF)' })
    expect(link.getAttribute('href')).toMatch(/^\/api\/waivers\/conditional-final\.pdf\?drawId=/)
  })
})
