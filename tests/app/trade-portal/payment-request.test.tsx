// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TradeView } from '../../../contract/bids'
import type {
  TradeAnswer,
  TradePortalPorts,
} from '../../../machines/trade-portal/trade-portal.types'
import { TradePortalPage } from '../../../src/features/trade-portal/trade-portal-page'

afterEach(cleanup)

const DEPOSIT = '00000000-0000-4000-8000-000000000701'
const BALANCE = '00000000-0000-4000-8000-000000000702'

/** An awarded trade's view: a $15,800 contract paid in a Deposit and a Balance. */
const awarded = (
  payments: TradeView['payments'] = [],
  deposit = { paid: 0, unconditionalWaiver: false },
): TradeView => ({
  request: {
    step: 'excavation',
    title: 'Excavation',
    dueOn: '2030-03-15',
    status: 'submitted',
    message: '',
  },
  project: {
    ownerName: 'Pat Swimmer',
    address: '1 Main St',
    city: 'Austin',
    state: 'TX',
    timeZone: 'America/Chicago',
  },
  quantities: [],
  scope: [],
  planned: null,
  files: [],
  bid: {
    amount: 1_580_000,
    items: [],
    note: '',
    validUntil: null,
    fileId: null,
    submittedAt: '2030-03-01T10:00:00.000Z',
  },
  award: {
    amount: 1_580_000,
    changeOrders: 0,
    draws: [
      { id: DEPOSIT, label: 'Deposit', amount: 100_000, ...deposit },
      { id: BALANCE, label: 'Balance', amount: 1_480_000, paid: 0, unconditionalWaiver: false },
    ],
    dates: { start: null, end: null, confirmed: false, proposed: null },
  },
  payments,
})

/** The portal resumed from a session cookie, its answers recorded. */
function openPortal(view = awarded()) {
  const answers: TradeAnswer[] = []
  const ports: TradePortalPorts = {
    link: async () => ({
      step: 'excavation',
      title: 'Excavation',
      ownerName: 'Pat Swimmer',
      city: 'Austin',
    }),
    login: async () => ({ sentTo: 'd•••@example.com' }),
    verify: async () => view,
    view: async () => view,
    answer: vi.fn(async (answer: TradeAnswer) => {
      answers.push(answer)
      if (answer.kind === 'waiver') return awarded([], { paid: 100_000, unconditionalWaiver: true })
      if (answer.kind !== 'payment') throw new Error('only payments and waivers here')
      return awarded([
        {
          id: '00000000-0000-4000-8000-000000000801',
          drawId: answer.drawId,
          amount: answer.amount,
          invoiceFileId: '00000000-0000-4000-8000-000000000901',
          conditionalWaiverFileId: '00000000-0000-4000-8000-000000000902',
          requestedAt: '2030-03-02T09:00:00.000Z',
          status: 'open',
        },
      ])
    }),
    upload: async () => {
      throw new Error('no proposal here')
    },
    signOut: async () => ({}),
    messages: async () => [],
    postMessage: async () => {
      throw new Error('no message is sent here')
    },
  }
  render(<TradePortalPage token="link-token" ports={ports} />)
  return { answers, user: userEvent.setup() }
}

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' })

async function depositRow() {
  const plan = await screen.findByRole('heading', { name: 'Payment plan' })
  const list = plan.nextElementSibling as HTMLElement
  const [row] = within(list).getAllByRole('listitem')
  if (!row) throw new Error('no draw')
  return row
}

describe('"Request payment" in the trade portal', () => {
  it('sends the amount, the invoice and the conditional waiver for its draw, then shows the request', async () => {
    const { answers, user } = openPortal()
    const row = await depositRow()
    await user.click(within(row).getByRole('button', { name: 'Request payment' }))
    expect(within(row).getByLabelText('Amount')).toHaveProperty('value', '1000.00')
    await user.clear(within(row).getByLabelText('Amount'))
    await user.type(within(row).getByLabelText('Amount'), '800')
    await user.upload(within(row).getByLabelText('Invoice'), pdf('invoice.pdf'))
    await user.upload(within(row).getByLabelText('Conditional waiver'), pdf('waiver.pdf'))
    await user.click(within(row).getByRole('button', { name: 'Send request' }))
    expect(
      await within(row).findByText('Requested $800.00 on Sat, Mar 2, 2030: Waiting for the owner'),
    ).toBeTruthy()
    expect(answers).toEqual([
      {
        kind: 'payment',
        drawId: DEPOSIT,
        amount: 80_000,
        invoice: expect.objectContaining({ name: 'invoice.pdf' }),
        conditionalWaiver: expect.objectContaining({ name: 'waiver.pdf' }),
      },
    ])
    expect(within(row).queryByRole('button', { name: 'Send request' })).toBeNull()
  })

  it('offers what a part-paid draw still owes, and nothing to ask once it is paid in full', async () => {
    const { user } = openPortal(awarded([], { paid: 40_000, unconditionalWaiver: true }))
    const row = await depositRow()
    await user.click(within(row).getByRole('button', { name: 'Request payment' }))
    expect(within(row).getByLabelText('Amount')).toHaveProperty('value', '600.00')
    cleanup()
    openPortal(awarded([], { paid: 100_000, unconditionalWaiver: true }))
    const paid = await depositRow()
    expect(within(paid).queryByRole('button', { name: 'Request payment' })).toBeNull()
  })

  it('asks for both files before sending anything', async () => {
    const { answers, user } = openPortal()
    const row = await depositRow()
    await user.click(within(row).getByRole('button', { name: 'Request payment' }))
    await user.click(within(row).getByRole('button', { name: 'Send request' }))
    expect(within(row).getByText('Choose your invoice')).toBeTruthy()
    expect(within(row).getByText('Choose your signed conditional waiver')).toBeTruthy()
    expect(answers).toEqual([])
  })

  it('sends the signed unconditional waiver of a paid draw as that draw’s, and then stops asking', async () => {
    const ask = 'The owner paid $1,000.00: sign the unconditional waiver and send it to them.'
    const { answers, user } = openPortal(awarded([], { paid: 100_000, unconditionalWaiver: false }))
    const row = await depositRow()
    const form = within(row).getByRole('form', { name: ask })
    await user.click(within(form).getByRole('button', { name: 'Send waiver' }))
    expect(within(form).getByText('Choose your signed unconditional waiver')).toBeTruthy()
    expect(answers).toEqual([])
    await user.upload(within(form).getByLabelText('Signed unconditional waiver'), pdf('uw.pdf'))
    await user.click(within(form).getByRole('button', { name: 'Send waiver' }))
    await expect.poll(() => within(row).queryByText(ask)).toBeNull()
    expect(answers).toEqual([
      { kind: 'waiver', drawId: DEPOSIT, waiver: expect.objectContaining({ name: 'uw.pdf' }) },
    ])
  })

  it('asks for the unconditional waiver of a draw the owner paid, until the owner holds it', async () => {
    const ask = 'The owner paid $1,000.00: sign the unconditional waiver and send it to them.'
    openPortal(awarded([], { paid: 100_000, unconditionalWaiver: false }))
    expect(await within(await depositRow()).findByText(ask)).toBeTruthy()
    cleanup()
    openPortal(awarded([], { paid: 100_000, unconditionalWaiver: true }))
    expect(within(await depositRow()).queryByText(ask)).toBeNull()
  })
})
