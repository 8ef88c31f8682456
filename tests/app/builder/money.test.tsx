// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Quote, UserData } from '../../../contract/domain'
import { client as signedInClient } from '../auth/harness'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import { designEntry, emptyPoolData, renderBuilder, stageId, NO_BID } from './harness'

fakeModalDialogs()
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const quote = (n: number, amount: number, accepted = false, note = ''): Quote => ({
  id: `00000000-0000-4000-8000-0000000008${String(n).padStart(2, '0')}`,
  vendor: `Vendor ${n}`,
  amount,
  note,
  createdAt: '2026-06-01T12:00:00.000Z',
  accepted,
  tradeId: null,
  ...NO_BID,
})

/** The reference design saved and Excavation ($8,320 estimated) with these quotes. */
const excavationWith = (...quotes: Quote[]) =>
  emptyPoolData({
    nonStages: [designEntry()],
    poolChoices: [
      { StageId: stageId('excavation'), choices: {}, done: false, doneAt: null, quotes },
    ],
  })

/** The Budget page with Excavation's $9,000 quote accepted, once its money answer is in. */
async function budgetPage(userData?: UserData) {
  const app = await renderBuilder('/builder/budget', {
    poolData: excavationWith(quote(1, 900_000, true)),
    ...(userData ? { userData } : {}),
  })
  await app.idle()
  const contract = screen.getByRole('region', { name: 'Excavation' })
  return { ...app, contract }
}

/** The figure under one of the Budget page's headline labels (the sidebar has some of them too). */
const figure = (label: string) =>
  within(screen.getByRole('article')).getByText(label, { selector: 'dt' }).nextElementSibling
    ?.textContent

describe('the quote check on a step page', () => {
  it('says each quote’s implied unit price against the typical one, and its band, in one tone', async () => {
    await renderBuilder('/builder/excavation', {
      poolData: excavationWith(quote(1, 1_580_000, true), quote(2, 850_000), quote(3, 1_050_000)),
    })
    const check = (vendor: string) =>
      within(screen.getByRole('article', { name: vendor }))
        .getByText('Quote check', { selector: 'dt' })
        .nextElementSibling?.querySelector('.badge')
    expect(check('Vendor 1')?.textContent).toBe(
      '$121.23 per yd³ of dig · typical $63.84 · far above — check what it includes',
    )
    expect(check('Vendor 1')?.className).toContain('badge-danger')
    expect(check('Vendor 2')?.textContent).toBe('$65.22 per yd³ of dig · typical $63.84')
    expect(check('Vendor 2')?.className).toContain('badge-success')
    expect(check('Vendor 3')?.textContent).toContain('· high')
    expect(check('Vendor 3')?.className).toContain('badge-warning')
    // The difference from the estimate takes the band's tone: a typical one is no alarm.
    const difference = (vendor: string) =>
      within(screen.getByRole('article', { name: vendor }))
        .getByText('Against the estimate', { selector: 'dt' })
        .nextElementSibling?.querySelector('.difference')
    expect(difference('Vendor 2')?.textContent).toBe('+$180 over')
    expect(difference('Vendor 2')?.className).toBe('difference difference-success')
    expect(difference('Vendor 3')?.className).toBe('difference difference-warning')
    expect(difference('Vendor 1')?.className).toBe('difference difference-danger')
  })

  it('compares two or more quotes in a table: amount, implied unit price, band and note', async () => {
    await renderBuilder('/builder/excavation', {
      poolData: excavationWith(quote(1, 1_580_000, false, 'Includes haul-off'), quote(2, 850_000)),
    })
    const section = screen.getByRole('region', { name: 'Compare quotes' })
    const rows = within(section)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children, (cell) => cell.textContent))
    expect(rows).toEqual([
      [
        'Vendor 1',
        '$15,800',
        '$121.23 per yd³ of dig',
        'far above — check what it includes',
        'Includes haul-off',
      ],
      ['Vendor 2', '$8,500', '$65.22 per yd³ of dig', 'typical', '—'],
    ])
  })

  it('shows no comparison for a single quote', async () => {
    await renderBuilder('/builder/excavation', { poolData: excavationWith(quote(1, 850_000)) })
    expect(screen.queryByRole('region', { name: 'Compare quotes' })).toBeNull()
  })
})

describe('money on the Budget page', () => {
  it('shows the contract and its default draws: 10 % at signing, the balance when done', async () => {
    const { contract } = await budgetPage()
    expect(within(contract).getByText('Vendor 1, $9,000')).toBeTruthy()
    const draws = within(contract)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('draw'))
    expect(draws.map((d) => d.querySelector('.draw-head')?.textContent)).toEqual([
      'Deposit$900',
      'Balance$8,100',
    ])
    expect(draws[0]?.textContent).toContain('Due at signing · Jun 1, 2026')
    expect(draws[0]?.textContent).toContain('$0 paid of $900')
    expect(figure('Committed')).toBe('$9,000')
    expect(figure('Remaining')).toBe('$9,000')
  })

  it('links each draw’s waiver forms: progress for the deposit, final for the last draw', async () => {
    const { contract } = await budgetPage()
    const hrefs = (name: string) =>
      within(contract)
        .getAllByRole('link', { name })
        .map((link) => link.getAttribute('href')?.replace(/\?.*/, ''))
    expect(hrefs('Conditional waiver (PDF)')).toEqual([
      '/api/waivers/conditional-progress.pdf',
      '/api/waivers/conditional-final.pdf',
    ])
    expect(hrefs('Unconditional waiver (PDF)')).toEqual([
      '/api/waivers/unconditional-progress.pdf',
      '/api/waivers/unconditional-final.pdf',
    ])
  })

  it('refuses draws that do not add up, showing the difference, and saves ones that do', async () => {
    const { user, contract, moneyCalls } = await budgetPage()
    await user.click(within(contract).getByRole('button', { name: 'Edit draws' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit draws — Excavation' })
    const deposit = within(within(dialog).getByRole('group', { name: 'Draw 1' })).getByRole(
      'textbox',
      { name: /Amount/ },
    )
    await user.clear(deposit)
    await user.type(deposit, '1,000')
    const more = 'The draws add up to $100 more than the $9,000 committed'
    expect(within(dialog).getByRole('status').textContent).toBe(more)
    await user.click(within(dialog).getByRole('button', { name: 'Save draws' }))
    expect(within(dialog).getByRole('alert').textContent).toBe(more)
    expect(moneyCalls.mock.calls.map(([call]) => call.name)).not.toContain('setDraws')

    const balance = within(within(dialog).getByRole('group', { name: 'Draw 2' })).getByRole(
      'textbox',
      { name: /Amount/ },
    )
    await user.clear(balance)
    await user.type(balance, '8000')
    expect(within(dialog).getByRole('status').textContent).toBe(
      'The draws add up to the $9,000 committed',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Save draws' }))
    expect(moneyCalls).toHaveBeenLastCalledWith({
      name: 'setDraws',
      body: {
        step: 'excavation',
        draws: [
          { id: expect.any(String), label: 'Deposit', amount: 100_000, due: 'signing' },
          { id: expect.any(String), label: 'Balance', amount: 800_000, due: 'done' },
        ],
      },
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(within(contract).getByText('Deposit').closest('li')?.textContent).toContain('$1,000')
  })

  it('sends each existing draw’s id, so a renamed draw keeps its payment', async () => {
    const { user, contract, moneyCalls } = await budgetPage()
    const [payDeposit] = within(contract).getAllByRole('button', { name: 'Record payment' })
    if (!payDeposit) throw new Error('no Record payment button')
    await user.click(payDeposit)
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Record payment' }),
    )
    const paid = moneyCalls.mock.lastCall?.[0]
    if (paid?.name !== 'recordPayment') throw new Error('no payment recorded')

    await user.click(within(contract).getByRole('button', { name: 'Edit draws' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit draws — Excavation' })
    const row = (n: number) => within(within(dialog).getByRole('group', { name: `Draw ${n}` }))
    await user.clear(row(1).getByRole('textbox', { name: 'Label' }))
    await user.type(row(1).getByRole('textbox', { name: 'Label' }), 'Signing')
    await user.clear(row(2).getByRole('textbox', { name: /Amount/ }))
    await user.type(row(2).getByRole('textbox', { name: /Amount/ }), '7100')
    await user.click(within(dialog).getByRole('button', { name: 'Add a draw' }))
    await user.type(row(3).getByRole('textbox', { name: 'Label' }), 'Coping')
    await user.type(row(3).getByRole('textbox', { name: /Amount/ }), '1000')
    await user.click(within(dialog).getByRole('button', { name: 'Save draws' }))
    const saved = moneyCalls.mock.lastCall?.[0]
    if (saved?.name !== 'setDraws') throw new Error('no draws saved')
    // The added row has no id: the server makes a new draw of it.
    expect(saved.body.draws).toEqual([
      { id: paid.id, label: 'Signing', amount: 90_000, due: 'signing' },
      { id: expect.any(String), label: 'Balance', amount: 710_000, due: 'done' },
      { label: 'Coping', amount: 100_000, due: 'done' },
    ])
    expect(saved.body.draws[1]?.id).not.toBe(paid.id)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(within(contract).getByText('Signing').closest('li')?.textContent).toContain(
      'Paid in full, $900',
    )
  })

  it('shows the server’s DRAWS_MUST_SUM next to the draws', async () => {
    const { user, contract, client } = await budgetPage()
    await user.click(within(contract).getByRole('button', { name: 'Edit draws' }))
    // Another tab's change of the contract: the server sums against the committed cost it holds.
    client()?.send({
      type: 'client.callRequested',
      call: {
        name: 'setDraws',
        body: { step: 'excavation', draws: [{ label: 'All', amount: 899_900, due: 'done' }] },
      },
    })
    const alert = await within(screen.getByRole('dialog')).findByRole('alert')
    expect(alert.textContent).toBe('The draws add up to $1 less than the $9,000 committed')
  })

  it('records a payment in dollars as cents, and deletes it after asking', async () => {
    const { user, contract, moneyCalls } = await budgetPage()
    const [payDeposit] = within(contract).getAllByRole('button', { name: 'Record payment' })
    if (!payDeposit) throw new Error('no Record payment button')
    await user.click(payDeposit)
    const dialog = screen.getByRole('dialog', { name: 'Record payment — Excavation, Deposit' })
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ })
    expect((amount as HTMLInputElement).value).toBe('900.00')
    await user.clear(amount)
    await user.type(amount, '900.5')
    expect(within(dialog).getByRole('button', { name: 'Record payment' })).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }))
    // More than the draw owes: said at the amount, with nothing sent.
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    const described = (amount.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
    expect(described).toContain('“Deposit” still owes $900: a payment cannot be more than that.')
    expect(moneyCalls.mock.calls.map(([call]) => call.name)).not.toContain('recordPayment')
    await user.clear(amount)
    await user.type(amount, '900')
    const paidOn = within(dialog).getByLabelText('Paid on')
    await user.clear(paidOn)
    await user.type(paidOn, '2026-06-02')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Method' }), 'transfer')
    await user.type(within(dialog).getByRole('textbox', { name: /Reference/ }), 'TX-9')
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }))
    expect(moneyCalls).toHaveBeenLastCalledWith({
      name: 'recordPayment',
      id: expect.any(String),
      body: { paidOn: '2026-06-02', amount: 90_000, method: 'transfer', reference: 'TX-9' },
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(figure('Paid')).toBe('$900')
    expect(within(contract).getByText('$900 on Jun 2, 2026 by transfer (TX-9)')).toBeTruthy()
    expect(within(contract).getAllByText('No unconditional waiver')).toHaveLength(2)

    const remove = within(contract).getByRole('button', {
      name: 'Delete the payment of $900 on Jun 2, 2026',
    })
    await user.click(remove)
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this payment?' })).getByRole('button', {
        name: 'Cancel',
      }),
    )
    expect(moneyCalls.mock.calls.map(([call]) => call.name)).not.toContain('deletePayment')
    await user.click(remove)
    await user.click(screen.getByRole('button', { name: 'Delete payment' }))
    expect(moneyCalls).toHaveBeenLastCalledWith({ name: 'deletePayment', id: expect.any(String) })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(figure('Paid')).toBe('$0')
  })

  it('adds a signed change order, and approving it moves the committed cost; rejecting does not', async () => {
    const errors = vi.spyOn(console, 'error')
    const { user, contract, moneyCalls } = await budgetPage()
    const add = async (description: string, amount: string) => {
      await user.click(within(contract).getByRole('button', { name: 'Add change order' }))
      const dialog = screen.getByRole('dialog', { name: 'Add change order — Excavation' })
      if (description) {
        await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), description)
      }
      await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), amount)
      await user.click(within(dialog).getByRole('button', { name: 'Add change order' }))
    }
    await add('', '12')
    expect(screen.getByRole('dialog').textContent).toContain('Say what changes')
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }))

    await add('Less haul-off', '-250')
    expect(moneyCalls).toHaveBeenLastCalledWith({
      name: 'addChangeOrder',
      body: { step: 'excavation', description: 'Less haul-off', amount: -25_000 },
    })
    const order = within(contract).getByText('Less haul-off').closest('li')
    if (!order) throw new Error('no change order')
    expect(order.textContent).toContain('−$250')
    expect(order.textContent).toContain('Proposed')
    await user.click(within(order).getByRole('button', { name: 'Approve' }))
    expect(order.textContent).toContain('Approved')
    expect(within(order).queryByRole('button', { name: 'Approve' })).toBeNull()
    expect(figure('Committed')).toBe('$8,750')

    await add('Rock removal', '1,200')
    const rock = within(contract).getByText('Rock removal').closest('li')
    if (!rock) throw new Error('no change order')
    await user.click(within(rock).getByRole('button', { name: 'Reject' }))
    expect(rock.textContent).toContain('Rejected')
    expect(figure('Committed')).toBe('$8,750')
    // The dialog closed after its call went through, not by updating the page while rendering.
    expect(errors.mock.calls.flat().join('\n')).not.toContain('while rendering a different')
  })

  it('lists the warnings: a far-off accepted quote', async () => {
    await renderBuilder('/builder/budget', {
      poolData: excavationWith(quote(1, 1_580_000, true)),
    })
    const warnings = await screen.findByRole('region', { name: 'Warnings' })
    expect(
      within(warnings)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toContain("Excavation's accepted quote is far above typical — check what it includes")
  })
})

describe('money the client holds', () => {
  it('is fetched again after a write that moves it', async () => {
    const poolData = excavationWith(quote(1, 900_000, true), quote(2, 850_000))
    const { user, moneyCalls, client, idle } = await renderBuilder('/builder/budget', { poolData })
    await idle()
    await user.click(
      within(screen.getByRole('navigation', { name: 'Build steps' })).getByRole('link', {
        name: 'Excavation',
      }),
    )
    await screen.findByRole('heading', { level: 1, name: 'Excavation' })
    moneyCalls.mockClear()
    await user.click(screen.getByRole('button', { name: 'Accept the quote from Vendor 2' }))
    await idle()
    await waitFor(() => expect(moneyCalls).toHaveBeenCalledWith({ name: 'money' }))
    await idle()
    const excavation = client()
      ?.getSnapshot()
      .context.money?.steps.find((s) => s.step === 'excavation')
    expect(excavation?.contract?.vendor).toBe('Vendor 2')
  })

  it('is held on a step page for the sidebar, whose committed cost follows an accepted quote', async () => {
    const poolData = excavationWith(quote(1, 900_000, true), quote(2, 850_000))
    const { user, moneyCalls, idle } = await renderBuilder('/builder/excavation', { poolData })
    await idle()
    const sidebar = screen.getByRole('region', { name: 'Your project' })
    const committed = () =>
      within(sidebar).getByText('Committed', { selector: 'dt' }).nextElementSibling?.textContent
    expect(committed()).toBe('$9,000')
    moneyCalls.mockClear()
    await user.click(screen.getByRole('button', { name: 'Accept the quote from Vendor 2' }))
    await idle()
    expect(moneyCalls).toHaveBeenCalledWith({ name: 'money' })
    await waitFor(() => expect(committed()).toBe('$8,500'))
  })
})

describe('the design ripple', () => {
  it('after saving a bigger pool, offers change orders at the accepted quote’s own rate', async () => {
    const { user, moneyCalls, idle } = await renderBuilder('/builder/pool-design', {
      poolData: excavationWith(quote(1, 900_000, true)),
    })
    const length = screen.getByRole('spinbutton', { name: /Length/ })
    await user.clear(length)
    await user.type(length, '40')
    await user.click(screen.getByRole('button', { name: 'Save design' }))
    const dialog = await screen.findByRole('dialog', {
      name: 'Your design changes signed contracts',
    })
    const line = within(dialog).getByRole('listitem')
    expect(line.textContent).toMatch(/^ExcavationDesign change: 130\.3 → [\d.]+ yd³ of dig\+\$/)
    await user.click(within(dialog).getByRole('button', { name: 'Propose change orders' }))
    await idle()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(moneyCalls).toHaveBeenCalledWith({
      name: 'addChangeOrder',
      body: {
        step: 'excavation',
        description: expect.stringMatching(/^Design change: 130\.3 → /),
        amount: expect.any(Number),
      },
    })
  })

  it('closes on “Not now” without proposing anything', async () => {
    const { user, moneyCalls } = await renderBuilder('/builder/pool-design', {
      poolData: excavationWith(quote(1, 900_000, true)),
    })
    const length = screen.getByRole('spinbutton', { name: /Length/ })
    await user.clear(length)
    await user.type(length, '30')
    await user.click(screen.getByRole('button', { name: 'Save design' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('listitem').textContent).toMatch(/−\$[\d,]+$/)
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(moneyCalls.mock.calls.map(([call]) => call.name)).not.toContain('addChangeOrder')
  })

  it('offers nothing when no metered step has an accepted quote', async () => {
    const { user } = await renderBuilder('/builder/pool-design', {
      poolData: excavationWith(quote(1, 900_000, false)),
    })
    const length = screen.getByRole('spinbutton', { name: /Length/ })
    await user.clear(length)
    await user.type(length, '40')
    await user.click(screen.getByRole('button', { name: 'Save design' }))
    await screen.findByText('Design saved')
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe("the payment dialog's day, at 03:30 UTC on March 5 (still March 4 in the cities)", () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it.each([
    ['Austin', 'TX', 'America/Chicago'],
    ['Honolulu', 'HI', 'Pacific/Honolulu'],
    // A session stored before zones: the state's.
    ['Boise', 'ID', undefined],
  ])('starts Paid on at the day in %s', async (city, state, timeZone) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2030-03-05T03:30:00Z'))
    const { user, contract } = await budgetPage({ ...signedInClient({ city, state }), timeZone })
    const [payDeposit] = within(contract).getAllByRole('button', { name: 'Record payment' })
    if (!payDeposit) throw new Error('no Record payment button')
    await user.click(payDeposit)
    const paidOn = within(screen.getByRole('dialog')).getByLabelText('Paid on')
    expect((paidOn as HTMLInputElement).value).toBe('2030-03-04')
  })
})
