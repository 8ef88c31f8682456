// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Quote } from '../../../contract/domain'
import { tradeWarnings, type Trade, type TradeFacts } from '../../../contract/trades'
import type { ClientCall, ClientCallResult } from '../../../machines/client/client.machine'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import { apiProblem } from '../auth/harness'
import {
  createFakeClientApi,
  designEntry,
  emptyPoolData,
  renderBuilder,
  stageId,
  NO_BID,
} from './harness'

fakeModalDialogs()
afterEach(cleanup)

const TODAY = '2030-03-01'

const trade = (n: number, company: string, over: Partial<TradeFacts>): Trade => {
  const facts: TradeFacts = {
    id: `00000000-0000-4000-8000-0000000009${String(n).padStart(2, '0')}`,
    company,
    contact: 'Someone',
    email: `trade${n}@example.com`,
    phone: null,
    steps: ['excavation'],
    licence: { number: '1234567', classification: 'C-12', checkedOn: '2030-02-01' },
    insurance: { expiresOn: '2031-01-01', fileId: null },
    workersComp: { exempt: true, expiresOn: null, fileId: null },
    createdAt: `${TODAY}T10:00:00.000Z`,
    ...over,
  }
  return { ...facts, warnings: tradeWarnings(facts, TODAY) }
}

const DIG_CO = trade(1, 'Dig Co', {})
const HOLE_INC = trade(2, 'Hole Inc', {
  licence: { number: null, classification: null, checkedOn: null },
  insurance: { expiresOn: null, fileId: null },
})
const TILER = trade(3, 'Tile Works', { steps: ['tile'] })

const quote = (n: number, vendor: string, tradeId: string | null): Quote => ({
  id: `00000000-0000-4000-8000-0000000008${String(n).padStart(2, '0')}`,
  vendor,
  amount: 800_000 + n,
  note: '',
  createdAt: '2026-06-01T12:00:00.000Z',
  accepted: false,
  tradeId,
  ...NO_BID,
})

const excavationWith = (quotes: Quote[]) =>
  emptyPoolData({
    nonStages: [designEntry()],
    poolChoices: [
      { StageId: stageId('excavation'), choices: {}, done: false, doneAt: null, quotes },
    ],
  })

const acceptButton = (vendor: string) =>
  screen.getByRole('button', { name: `Accept the quote from ${vendor}` })

/** The names of a select's options, or of a list's items. */
const textsIn = (container: HTMLElement, role: 'option' | 'listitem') =>
  within(container)
    .getAllByRole(role)
    .map((element) => element.textContent)

const sent = (calls: { mock: { calls: [ClientCall][] } }) =>
  calls.mock.calls.map(([call]) => call).filter((call) => call.name !== 'trades')

describe('the quote form’s "Trade"', () => {
  it('marks a quote a manager entered for the owner as entered by them', async () => {
    const entered = { ...quote(1, 'Dig Co', DIG_CO.id), enteredBy: 'Max Manager' }
    const { idle } = await renderBuilder('/builder/excavation', {
      poolData: excavationWith([entered, quote(2, 'Hole Inc', null)]),
      trades: [DIG_CO, HOLE_INC],
    })
    await idle()
    const cards = screen.getAllByRole('article')
    expect(within(cards[0] as HTMLElement).getByText('entered by Max Manager')).toBeTruthy()
    expect(within(cards[1] as HTMLElement).queryByText(/entered by/)).toBeNull()
  })

  it('offers the step’s trades and "Not a recorded trade", and sends the one chosen', async () => {
    const { user, idle, calls } = await renderBuilder('/builder/excavation', {
      poolData: excavationWith([]),
      trades: [DIG_CO, HOLE_INC, TILER],
    })
    await idle()
    const select = screen.getByRole('combobox', { name: 'Trade' })
    expect(textsIn(select, 'option')).toEqual(['Not a recorded trade', 'Dig Co', 'Hole Inc'])
    expect((select as HTMLSelectElement).value).toBe('')
    await user.selectOptions(select, 'Hole Inc')
    // The vendor is the trade's company unless one was typed.
    const vendor = screen.getByRole('textbox', { name: 'Vendor' }) as HTMLInputElement
    expect(vendor.value).toBe('Hole Inc')
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '8,000')
    await user.click(screen.getByRole('button', { name: 'Add quote' }))
    await idle()
    const [added] = sent(calls)
    expect(added?.name === 'addQuote' && added.body).toMatchObject({
      vendor: 'Hole Inc',
      amount: 800_000,
      tradeId: HOLE_INC.id,
    })
    expect((select as HTMLSelectElement).value).toBe('')
  })

  it('shows the server’s refusal of the trade on the select', async () => {
    const refused = async (call: ClientCall): Promise<ClientCallResult> => {
      if (call.name === 'trades') return { name: 'trades', data: [DIG_CO] }
      throw Object.assign(apiProblem(400, 'VALIDATION_FAILED', 'Some fields need attention.'), {
        fieldErrors: { tradeId: ['Choose one of your trades'] },
      })
    }
    const { user, idle } = await renderBuilder('/builder/excavation', {
      poolData: excavationWith([]),
      clientCall: refused,
    })
    await idle()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Trade' }), 'Dig Co')
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '8,000')
    await user.click(screen.getByRole('button', { name: 'Add quote' }))
    await idle()
    const select = screen.getByRole('combobox', { name: 'Trade' })
    expect(select.getAttribute('aria-invalid')).toBe('true')
    expect(select.getAttribute('aria-describedby') ?? '').not.toBe('')
    expect(screen.getByText('Choose one of your trades')).toBeTruthy()
  })
})

describe('accepting a quote whose trade has warnings', () => {
  it('asks first: the dialog lists the warnings; Cancel sends nothing, "Accept anyway" acknowledges', async () => {
    const poolData = excavationWith([quote(1, 'Hole Inc', HOLE_INC.id)])
    const { user, idle, calls } = await renderBuilder('/builder/excavation', {
      poolData,
      trades: [HOLE_INC],
    })
    await idle()
    await user.click(acceptButton('Hole Inc'))
    const dialog = screen.getByRole('dialog', { name: 'Accept anyway?' })
    for (const warning of HOLE_INC.warnings)
      expect(within(dialog).getByText(warning.message)).toBeTruthy()
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(HOLE_INC.warnings.length)
    expect(dialog.textContent).toContain(
      'In California, a homeowner who hires an unlicensed contractor can become that worker’s employer',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(sent(calls)).toEqual([])

    await user.click(acceptButton('Hole Inc'))
    const again = screen.getByRole('dialog', { name: 'Accept anyway?' })
    await user.click(within(again).getByRole('button', { name: 'Accept anyway' }))
    await idle()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(sent(calls)).toEqual([
      {
        name: 'acceptQuote',
        body: { StageId: stageId('excavation'), quoteId: quote(1, '', null).id, acknowledge: true },
      },
    ])
    expect(screen.getByRole('article', { name: 'Hole Inc' }).textContent).toContain('Accepted')
  })

  it('asks when the server refuses with the warnings, and sends again with acknowledge', async () => {
    const poolData = excavationWith([quote(1, 'Hole Inc', HOLE_INC.id)])
    const api = createFakeClientApi(poolData)
    const errors = { LICENCE_MISSING: ['Record the licence.'], COMP_MISSING: ['Record the comp.'] }
    const server = async (call: ClientCall): Promise<ClientCallResult> => {
      // This page holds no trades: only the server knows the warnings.
      if (call.name === 'trades') return { name: 'trades', data: [] }
      if (call.name === 'acceptQuote' && !call.body.acknowledge)
        throw Object.assign(apiProblem(409, 'TRADE_NOT_VERIFIED', 'Hole Inc has warnings.'), {
          fieldErrors: errors,
        })
      return api.handle(call)
    }
    const { user, idle } = await renderBuilder('/builder/excavation', {
      poolData,
      clientCall: server,
    })
    await idle()
    await user.click(acceptButton('Hole Inc'))
    await idle()
    const dialog = screen.getByRole('dialog', { name: 'Accept anyway?' })
    expect(textsIn(dialog, 'listitem')).toEqual(['Record the licence.', 'Record the comp.'])
    // The refusal is the dialog's question, not an error under the quotes.
    expect(screen.queryByText('Hole Inc has warnings.')).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Accept anyway' }))
    await idle()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(api.handle).toHaveBeenLastCalledWith({
      name: 'acceptQuote',
      body: { StageId: stageId('excavation'), quoteId: quote(1, '', null).id, acknowledge: true },
    })
    expect(screen.getByRole('article', { name: 'Hole Inc' }).textContent).toContain('Accepted')
  })

  it('accepts at once a quote whose trade has no warnings, or that names none', async () => {
    const poolData = excavationWith([quote(1, 'Dig Co', DIG_CO.id), quote(2, 'Cash Only', null)])
    const { user, idle, calls } = await renderBuilder('/builder/excavation', {
      poolData,
      trades: [DIG_CO],
    })
    await idle()
    expect(screen.getByRole('article', { name: 'Dig Co' }).textContent).toContain('Trade')
    await user.click(acceptButton('Dig Co'))
    await idle()
    expect(screen.queryByRole('dialog')).toBeNull()
    await user.click(acceptButton('Cash Only'))
    await idle()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(sent(calls).map((call) => ('body' in call ? call.body : null))).toEqual([
      { StageId: stageId('excavation'), quoteId: quote(1, '', null).id },
      { StageId: stageId('excavation'), quoteId: quote(2, '', null).id },
    ])
  })
})
