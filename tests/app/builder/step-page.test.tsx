// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import type { ClientCall } from '../../../machines/client/client.machine'
import {
  designEntry,
  emptyPoolData,
  engineer,
  NO_BID,
  renderBuilder,
  stageId,
  type BuilderOptions,
} from './harness'

fakeModalDialogs()
afterEach(cleanup)

/** What the Estimate section says: the amount, or why there is none yet. */
const estimate = () =>
  screen.getByRole('region', { name: 'Estimate' }).querySelector('.estimate-amount, .estimate-note')
    ?.textContent

const withDesign = (over: Partial<ReturnType<typeof emptyPoolData>> = {}) =>
  emptyPoolData({ nonStages: [designEntry()], ...over })

const quote = (n: number, amount: number, accepted = false) => ({
  id: `00000000-0000-4000-8000-0000000008${String(n).padStart(2, '0')}`,
  vendor: `Vendor ${n}`,
  amount,
  note: '',
  createdAt: '2026-06-01T12:00:00.000Z',
  accepted,
  tradeId: null,
  ...NO_BID,
})

/** A quote's card, named by its vendor. */
const card = (vendor: string) => screen.getByRole('article', { name: vendor })

/** The value a quote card shows under one of its labels (Amount, Against the estimate, Note). */
const fact = (quoteCard: HTMLElement, label: string) =>
  within(quoteCard).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent

const excavationWith = (quotes: ReturnType<typeof quote>[]) =>
  withDesign({
    poolChoices: [
      { StageId: stageId('excavation'), choices: {}, done: false, doneAt: null, quotes },
    ],
  })

const refuse = (detail: string, fieldErrors: Record<string, string[]> = {}) =>
  (async () => {
    throw Object.assign(new Error(detail), {
      status: 400,
      code: 'VALIDATION_FAILED',
      detail,
      fieldErrors,
    })
  }) satisfies BuilderOptions['clientCall']

describe('a stage step', () => {
  it('shows its tip, its estimate from the saved design and what the estimate is based on', async () => {
    await renderBuilder('/builder/excavation', { poolData: withDesign() })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Excavation')
    expect(screen.getByRole('complementary', { name: 'Design tip' }).textContent).toContain(
      'Tip for Excavation.',
    )
    expect(estimate()).toBe('$8,320')
    expect(screen.getByText(/for 130\.3 yd³ of dig/)).toBeTruthy()
  })

  it('asks for the pool design before a metered estimate', async () => {
    await renderBuilder('/builder/excavation')
    expect(estimate()).toBe('Save your pool design to see an estimate')
  })

  it('prices each option and saves the one chosen, re-estimating', async () => {
    const { user, calls, idle } = await renderBuilder('/builder/excavation', {
      poolData: withDesign(),
    })
    const rocky = screen.getByRole('radio', { name: /Rocky soil/ })
    expect(rocky.closest('label')?.textContent).toContain('$13,012')
    await user.click(rocky)
    await idle()
    expect(calls).toHaveBeenCalledWith({
      name: 'editPool',
      body: { StageId: stageId('excavation'), choices: { option: 'rocky' } },
    } satisfies ClientCall)
    expect(estimate()).toBe('$13,012')
    expect((screen.getByRole('radio', { name: /Rocky soil/ }) as HTMLInputElement).checked).toBe(
      true,
    )
  })

  it('Extras: a checklist with prices; the estimate is the sum of the items ticked', async () => {
    const { user, idle } = await renderBuilder('/builder/extras')
    expect(estimate()).toBe('$0')
    await user.click(screen.getByRole('checkbox', { name: /LED light/ }))
    await idle()
    await user.click(screen.getByRole('checkbox', { name: /Gas heater/ }))
    await idle()
    expect(estimate()).toBe('$5,400')
    await user.click(screen.getByRole('checkbox', { name: /LED light/ }))
    await idle()
    expect(estimate()).toBe('$4,500')
  })
})

describe('quotes', () => {
  it('adds a quote from dollars as cents, clears the form and lists it against the estimate', async () => {
    const { user, calls, idle } = await renderBuilder('/builder/excavation', {
      poolData: withDesign(),
    })
    await user.type(screen.getByRole('textbox', { name: 'Vendor' }), ' Dig Co ')
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '8,500.50')
    await user.type(screen.getByRole('textbox', { name: /^Note\b/ }), 'Haul-off included')
    await user.click(screen.getByRole('button', { name: 'Add quote' }))
    await idle()
    expect(calls).toHaveBeenCalledWith({
      name: 'addQuote',
      body: {
        StageId: stageId('excavation'),
        vendor: 'Dig Co',
        amount: 850_050,
        note: 'Haul-off included',
      },
    } satisfies ClientCall)
    const card = screen.getByRole('article', { name: 'Dig Co' })
    expect(fact(card, 'Amount')).toBe('$8,500.50')
    expect(fact(card, 'Against the estimate')).toBe('+$180.50 over')
    expect(fact(card, 'Note')).toBe('Haul-off included')
    expect((screen.getByRole('textbox', { name: 'Vendor' }) as HTMLInputElement).value).toBe('')
    expect(screen.getByText('1 of 5 quotes recorded.')).toBeTruthy()
  })

  it('says what is wrong by each field and sends nothing', async () => {
    const { user, calls } = await renderBuilder('/builder/excavation')
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '12.345')
    await user.click(screen.getByRole('button', { name: 'Add quote' }))
    expect(screen.getByRole('textbox', { name: 'Vendor' }).getAttribute('aria-invalid')).toBe(
      'true',
    )
    expect(screen.getByText('Enter who quoted')).toBeTruthy()
    expect(screen.getByText('Enter an amount in dollars, e.g. 8,500')).toBeTruthy()
    expect(calls).not.toHaveBeenCalled()
  })

  it('names the ceiling of a huge amount in dollars', async () => {
    const { user, calls } = await renderBuilder('/builder/excavation')
    await user.type(screen.getByRole('textbox', { name: 'Vendor' }), 'Dig Co')
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '10,000,000')
    await user.click(screen.getByRole('button', { name: 'Add quote' }))
    expect(screen.getByText('Enter at most $9,999,999')).toBeTruthy()
    expect(calls).not.toHaveBeenCalled()
  })

  it('holds a vendor name and note to the lengths the server keeps', async () => {
    const { user, calls } = await renderBuilder('/builder/excavation')
    await user.click(screen.getByRole('textbox', { name: 'Vendor' }))
    await user.paste('V'.repeat(101))
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '900')
    await user.click(screen.getByRole('textbox', { name: /^Note\b/ }))
    await user.paste('n'.repeat(501))
    await user.click(screen.getByRole('button', { name: 'Add quote' }))
    expect(screen.getByText('Use at most 100 characters')).toBeTruthy()
    expect(screen.getByText('Use at most 500 characters')).toBeTruthy()
    expect(calls).not.toHaveBeenCalled()
  })

  it('shows the server refusal by its field and keeps what was typed', async () => {
    const { user, idle } = await renderBuilder('/builder/excavation', {
      clientCall: refuse('Check the highlighted fields.', { vendor: ['Vendor is too long'] }),
    })
    await user.type(screen.getByRole('textbox', { name: 'Vendor' }), 'Dig Co')
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '900')
    await user.click(screen.getByRole('button', { name: 'Add quote' }))
    await idle()
    expect(screen.getByRole('alert').textContent).toBe('Check the highlighted fields.')
    expect(screen.getByText('Vendor is too long')).toBeTruthy()
    expect((screen.getByRole('textbox', { name: 'Vendor' }) as HTMLInputElement).value).toBe(
      'Dig Co',
    )
    // Once the form's own check finds a fix, the refusal is out of date: one message per field.
    await user.clear(screen.getByRole('textbox', { name: 'Vendor' }))
    await user.click(screen.getByRole('button', { name: 'Add quote' }))
    expect(screen.getByText('Enter who quoted')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('leaves a refusal behind when the client moves to another page', async () => {
    const { user, idle } = await renderBuilder('/builder/excavation', {
      clientCall: refuse('Something is off.'),
    })
    await user.type(screen.getByRole('textbox', { name: 'Vendor' }), 'Dig Co')
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '900')
    await user.click(screen.getByRole('button', { name: 'Add quote' }))
    await idle()
    expect(screen.getByRole('alert').textContent).toBe('Something is off.')
    await user.click(screen.getByRole('link', { name: 'Steel' }))
    await screen.findByRole('heading', { level: 1, name: 'Steel' })
    await user.click(screen.getByRole('link', { name: 'Excavation' }))
    await screen.findByRole('heading', { level: 1, name: 'Excavation' })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows each quote as a card named by its vendor, its figures under their labels', async () => {
    const poolData = excavationWith([
      { ...quote(1, 832_000, true), note: 'Haul-off included' },
      quote(2, 800_000),
    ])
    await renderBuilder('/builder/excavation', { poolData })
    const list = screen.getByRole('list', { name: 'Quotes for Excavation' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)

    const accepted = within(list).getByRole('article', { name: 'Vendor 1' })
    expect(fact(accepted, 'Amount')).toBe('$8,320')
    expect(fact(accepted, 'Against the estimate')).toBe('On the estimate')
    expect(fact(accepted, 'Note')).toBe('Haul-off included')
    expect(within(accepted).getByText('Accepted')).toBeTruthy()
    // The accepted quote offers Remove only; the other offers Accept then Remove, on one line.
    expect(
      within(accepted)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Remove'])

    const lowest = within(list).getByRole('article', { name: 'Vendor 2' })
    expect(fact(lowest, 'Amount')).toBe('$8,000')
    expect(fact(lowest, 'Against the estimate')).toBe('−$320 under')
    expect(within(lowest).queryByText('Note')).toBeNull()
    expect(within(lowest).getByText('Lowest')).toBeTruthy()
    expect(
      within(lowest)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept', 'Remove'])
    expect(
      within(lowest).getByRole('button', { name: 'Accept the quote from Vendor 2' }).parentElement,
    ).toBe(
      within(lowest).getByRole('button', { name: 'Remove the quote from Vendor 2' }).parentElement,
    )
  })

  it('marks the lowest quote, accepts one and removes another', async () => {
    const poolData = excavationWith([quote(1, 900_000), quote(2, 800_000)])
    const { user, idle, calls } = await renderBuilder('/builder/excavation', { poolData })
    expect(card('Vendor 2').textContent).toContain('Lowest')
    expect(card('Vendor 1').textContent).not.toContain('Lowest')
    await user.click(screen.getByRole('button', { name: 'Accept the quote from Vendor 1' }))
    await idle()
    expect(card('Vendor 1').textContent).toContain('Accepted')
    expect(screen.queryByRole('button', { name: 'Accept the quote from Vendor 1' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Remove the quote from Vendor 2' }))
    const confirm = screen.getByRole('dialog', { name: 'Remove this quote?' })
    expect(confirm.textContent).toContain('The quote from Vendor 2 for $8,000 will be removed.')
    await user.click(within(confirm).getByRole('button', { name: 'Remove quote' }))
    await idle()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByRole('article', { name: 'Vendor 2' })).toBeNull()
    expect(calls.mock.calls.map(([call]) => call.name)).toEqual(['acceptQuote', 'removeQuote'])
  })

  it('asks before removing a quote: Cancel and Escape keep it', async () => {
    const poolData = excavationWith([quote(1, 900_000)])
    const { user, calls } = await renderBuilder('/builder/excavation', { poolData })
    const removeButton = screen.getByRole('button', { name: 'Remove the quote from Vendor 1' })
    await user.click(removeButton)
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(removeButton)
    await user.click(removeButton)
    // The browser turns Escape on a modal dialog into its cancel event.
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(card('Vendor 1')).toBeTruthy()
    expect(calls).not.toHaveBeenCalled()
  })

  it('shows the limit of 5 and disables Add quote when it is reached', async () => {
    const five = [1, 2, 3, 4, 5].map((n) => quote(n, n * 100_000))
    await renderBuilder('/builder/excavation', { poolData: excavationWith(five) })
    expect(screen.getByText('5 of 5 quotes recorded — remove one to add another.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Add quote' }).hasAttribute('disabled')).toBe(true)
  })
})

describe('done', () => {
  it('marks a stage done and not done again, through mark-done', async () => {
    const { user, idle, calls } = await renderBuilder('/builder/steel')
    await user.click(screen.getByRole('button', { name: 'Mark as done' }))
    await idle()
    expect(screen.getByRole('button', { name: 'Mark as not done' })).toBeTruthy()
    expect(screen.getByRole('progressbar', { name: '1 of 13 steps done' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Mark as not done' }))
    await idle()
    expect(calls.mock.calls.map(([call]) => call)).toEqual([
      { name: 'markDone', body: { StageId: stageId('steel'), done: true } },
      { name: 'markDone', body: { StageId: stageId('steel'), done: false } },
    ])
  })

  it('marks a non-stage step through mark-done1 by its Title', async () => {
    const { user, idle, calls } = await renderBuilder('/builder/permits')
    await user.click(screen.getByRole('button', { name: 'Mark as done' }))
    await idle()
    expect(calls).toHaveBeenCalledWith({
      name: 'markDone1',
      body: { Title: 'Permits', done: true },
    })
  })
})

describe('the non-stage steps', () => {
  it('Engineering lists engineers with licence and fee; the choice sets the estimate', async () => {
    const Engineers = [engineer(1), engineer(2)]
    const { user, idle, calls } = await renderBuilder('/builder/engineering', { Engineers })
    expect(estimate()).toBe('Choose an engineer to see an estimate')
    const second = screen.getByRole('radio', { name: /Erin Engineer 2/ })
    expect(second.closest('label')?.textContent).toContain('Licence PE-1002')
    expect(second.closest('label')?.textContent).toContain('$1,700')
    await user.click(second)
    await idle()
    expect(calls).toHaveBeenCalledWith({
      name: 'editPool',
      body: { Title: 'Engineering', choices: { engineerId: engineer(2).id } },
    })
    expect(estimate()).toBe('$1,700')
  })

  it("Permits shows the city's permit fee as the estimate and saves the permit number", async () => {
    const { user, idle, calls } = await renderBuilder('/builder/permits')
    expect(estimate()).toBe('$450')
    expect(screen.getByText('The building permit fee in Boise, ID is $450.')).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: /^Permit number/ }), 'BP-118')
    await user.click(screen.getByRole('button', { name: 'Save permit number' }))
    await idle()
    expect(calls).toHaveBeenCalledWith({
      name: 'editPool',
      body: { Title: 'Permits', choices: { permitNumber: 'BP-118' } },
    })
    expect(screen.getByRole('status').textContent).toBe('Permit number saved')
    await user.type(screen.getByRole('textbox', { name: /^Permit number/ }), '9')
    expect(screen.getByRole('status').textContent).toBe('')
  })
})
