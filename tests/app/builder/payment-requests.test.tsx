// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import { storedFile } from '../../support/documents'
import { excavationWith, quote, renderBuilder } from './harness'

fakeModalDialogs()
afterEach(cleanup)

/** The trade's invoice and signed conditional waiver, uploaded through its portal. */
const invoice = storedFile(1, {
  step: 'excavation',
  kind: 'invoice',
  contentType: 'application/pdf',
  name: 'invoice-1042.pdf',
})
const waiver = storedFile(2, {
  step: 'excavation',
  kind: 'lien-waiver',
  contentType: 'application/pdf',
  name: 'conditional-deposit.pdf',
})

/** Excavation's $9,000 contract, its Deposit ($900) asked for by the trade: $500. */
async function budgetWithRequest() {
  const app = await renderBuilder('/builder/budget', {
    poolData: excavationWith(quote({ accepted: true })),
    documents: { files: [invoice, waiver] },
    paymentRequests: [
      {
        step: 'excavation',
        position: 0,
        amount: 50_000,
        invoiceFileId: invoice.id,
        conditionalWaiverFileId: waiver.id,
      },
    ],
  })
  await app.idle()
  const deposit = () =>
    within(screen.getByRole('region', { name: 'Excavation' })).getByRole('listitem', {
      name: 'Deposit',
    })
  return { ...app, deposit }
}

describe('a trade’s payment request on the Budget page', () => {
  it('shows by its draw with its invoice and waiver, and "Record payment" pays what it asks', async () => {
    const { user, idle, deposit, moneyCalls } = await budgetWithRequest()
    const requests = within(deposit()).getByRole('list', { name: 'Payment requests on Deposit' })
    expect(within(requests).getByText('Payment requested: $500')).toBeTruthy()
    expect(within(requests).getByText('Open')).toBeTruthy()
    expect(within(requests).getByRole('link', { name: 'Invoice' }).getAttribute('href')).toBe(
      invoice.urls.original,
    )
    expect(within(requests).getByRole('link', { name: 'Waiver' }).getAttribute('href')).toBe(
      waiver.urls.original,
    )

    await user.click(within(deposit()).getByRole('button', { name: 'Record payment' }))
    const dialog = screen.getByRole('dialog', { name: 'Record payment — Excavation, Deposit' })
    expect(within(dialog).getByLabelText('Amount')).toHaveProperty('value', '500.00')
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }))
    await idle()
    expect(moneyCalls.mock.calls.at(-1)?.[0]).toMatchObject({
      name: 'recordPayment',
      body: { amount: 50_000 },
    })
    expect(within(deposit()).getByText('Paid')).toBeTruthy()
    expect(within(deposit()).queryByRole('button', { name: /^Decline/ })).toBeNull()
  })

  it('may be declined while it is open', async () => {
    const { user, idle, deposit, moneyCalls } = await budgetWithRequest()
    await user.click(
      within(deposit()).getByRole('button', {
        name: 'Decline the payment request of $500 on Deposit',
      }),
    )
    await idle()
    expect(moneyCalls.mock.calls.at(-1)?.[0]).toMatchObject({
      name: 'declinePaymentRequest',
      body: { status: 'declined' },
    })
    expect(within(deposit()).getByText('Declined')).toBeTruthy()
    await user.click(within(deposit()).getByRole('button', { name: 'Record payment' }))
    const dialog = screen.getByRole('dialog', { name: 'Record payment — Excavation, Deposit' })
    expect(within(dialog).getByLabelText('Amount')).toHaveProperty('value', '900.00')
  })
})
