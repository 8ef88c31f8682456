// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BidRequest } from '../../../contract/bids'
import { tradeWarnings, type Trade, type TradeFacts } from '../../../contract/trades'
import type { ClientCall, ClientCallResult } from '../../../machines/client/client.machine'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import { apiProblem } from '../auth/harness'
import { designEntry, emptyPoolData, renderBuilder } from './harness'

fakeModalDialogs()
afterEach(() => {
  vi.restoreAllMocks()
  cleanup()
})
document.documentElement.lang = 'en'
document.title = 'PoolPath'

const TODAY = '2030-03-01'
const id = (n: number) => `00000000-0000-4000-8000-0000000007${String(n).padStart(2, '0')}`

const trade = (n: number, company: string, steps: TradeFacts['steps'] = ['steel']): Trade => {
  const facts: TradeFacts = {
    id: id(n),
    company,
    contact: 'Someone',
    email: `trade${n}@example.com`,
    phone: null,
    steps,
    licence: { number: '1234567', classification: 'C-50', checkedOn: '2030-02-01' },
    insurance: { expiresOn: '2031-01-01', fileId: null },
    workersComp: { exempt: true, expiresOn: null, fileId: null },
    createdAt: `${TODAY}T10:00:00.000Z`,
  }
  return { ...facts, warnings: tradeWarnings(facts, TODAY) }
}
const REBAR = trade(1, 'Rebar Co')
const BENDER = trade(2, 'Bender Bros')
const TILER = trade(3, 'Tile Works', ['tile'])

const request = (n: number, tradeOf: Trade, over: Partial<BidRequest> = {}): BidRequest => ({
  id: id(50 + n),
  step: 'steel',
  tradeId: tradeOf.id,
  company: tradeOf.company,
  dueOn: '2030-03-15',
  message: '',
  status: 'sent',
  sentAt: `${TODAY}T10:00:00.000Z`,
  viewedAt: null,
  respondedAt: null,
  quoteId: null,
  declineReason: null,
  fileIds: [],
  ...over,
})

const poolData = emptyPoolData({ nonStages: [designEntry()] })

/** The bids' calls as the server answers them; `refuse` is the create's refusal, if any. */
function fakeBidsApi(trades: Trade[], refuse?: Error) {
  return vi.fn(async (call: ClientCall): Promise<ClientCallResult> => {
    switch (call.name) {
      case 'trades':
        return { name: 'trades', data: trades }
      case 'requestBids': {
        if (refuse) throw refuse
        const made = call.body.tradeIds.map((tradeId, n) => {
          const asked = trades.find((t) => t.id === tradeId) ?? REBAR
          return request(10 + n, asked, {
            dueOn: call.body.dueOn,
            message: call.body.message ?? '',
          })
        })
        return { name: 'requestBids', data: made }
      }
      case 'resendBidRequest':
        return { name: 'resendBidRequest', data: request(1, REBAR, { id: call.id }) }
      case 'withdrawBidRequest':
        return {
          name: 'withdrawBidRequest',
          data: request(1, REBAR, { id: call.id, status: 'withdrawn' }),
        }
      default:
        throw new Error(`not a bids call: ${call.name}`)
    }
  })
}

async function steelPage(trades: Trade[], bidRequests: BidRequest[] = [], refuse?: Error) {
  const api = fakeBidsApi(trades, refuse)
  const rendered = await renderBuilder('/builder/steel', { poolData, clientCall: api, bidRequests })
  const section = () => screen.getByRole('region', { name: 'Bids' })
  await waitFor(() => expect(within(section()).queryByText('Loading the bids')).toBeNull())
  return { ...rendered, api, section }
}

const sent = (api: ReturnType<typeof fakeBidsApi>, name: ClientCall['name']) =>
  api.mock.calls.map(([call]) => call).filter((call) => call.name === name)

describe('a step page’s Bids', () => {
  it('says when the step has no trades yet, with the way to add one', async () => {
    const { section } = await steelPage([TILER])
    expect(within(section()).getByText(/No trades for this step yet/)).toBeTruthy()
    const link = within(section()).getByRole('link', { name: 'Add a trade' })
    expect(link.getAttribute('href')).toBe('/builder/trades')
  })

  it('asks the chosen trades, with a due date and a message, and lists them as Sent', async () => {
    const { user, api, section, idle } = await steelPage([REBAR, BENDER, TILER])
    expect(within(section()).getByText(/No bids asked for yet/)).toBeTruthy()
    await user.click(within(section()).getByRole('button', { name: 'Request bids' }))
    const dialog = screen.getByRole('dialog', { name: 'Request bids' })
    const boxes = within(dialog).getAllByRole('checkbox')
    expect(
      boxes.map((box) => box.getAttribute('aria-label') ?? box.parentElement?.textContent),
    ).toEqual(['Rebar Co', 'Bender Bros'])
    expect(within(dialog).getByRole('link', { name: 'Add a trade' })).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Send requests' }))
    expect(within(dialog).getByText('Choose at least one trade')).toBeTruthy()
    expect(sent(api, 'requestBids')).toEqual([])
    await user.click(within(dialog).getByRole('checkbox', { name: 'Rebar Co' }))
    fireEvent.change(within(dialog).getByLabelText(/^Due date/), {
      target: { value: '2030-03-20' },
    })
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Gate code 1234')
    const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations.map((v) => v.id)).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Send requests' }))
    await idle()
    expect(sent(api, 'requestBids')).toEqual([
      {
        name: 'requestBids',
        body: {
          step: 'steel',
          tradeIds: [REBAR.id],
          dueOn: '2030-03-20',
          message: 'Gate code 1234',
        },
      },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const item = within(section()).getByRole('listitem', { name: 'Rebar Co' })
    expect(within(item).getByText('Sent')).toBeTruthy()
    expect(within(item).getByText(/Due Mar 20, 2030/)).toBeTruthy()
  })

  it('shows the server’s refusal by its field and keeps the dialog open', async () => {
    const refusal = Object.assign(apiProblem(400, 'VALIDATION', 'Some fields need attention.'), {
      fieldErrors: { dueOn: ['Choose a day from tomorrow to 60 days ahead'] },
    })
    const { user, section, idle } = await steelPage([REBAR], [], refusal)
    await user.click(within(section()).getByRole('button', { name: 'Request bids' }))
    const dialog = screen.getByRole('dialog', { name: 'Request bids' })
    await user.click(within(dialog).getByRole('checkbox', { name: 'Rebar Co' }))
    await user.click(within(dialog).getByRole('button', { name: 'Send requests' }))
    await idle()
    const due = within(dialog).getByLabelText(/^Due date/)
    expect(due.getAttribute('aria-invalid')).toBe('true')
    expect(within(dialog).getByText('Choose a day from tomorrow to 60 days ahead')).toBeTruthy()
  })

  it('shows each request’s status and the decline reason; resends and withdraws open ones', async () => {
    const declined = request(2, BENDER, { status: 'declined', declineReason: 'Booked until May' })
    const { user, api, section, idle } = await steelPage(
      [REBAR, BENDER],
      [request(1, REBAR), declined],
    )
    const bender = within(section()).getByRole('listitem', { name: 'Bender Bros' })
    expect(within(bender).getByText('Declined')).toBeTruthy()
    expect(within(bender).getByText('“Booked until May”')).toBeTruthy()
    expect(within(bender).queryByRole('button')).toBeNull()
    const rebar = () => within(section()).getByRole('listitem', { name: 'Rebar Co' })
    await user.click(within(rebar()).getByRole('button', { name: 'Resend' }))
    await idle()
    expect(sent(api, 'resendBidRequest')).toEqual([{ name: 'resendBidRequest', id: id(51) }])
    await user.click(within(rebar()).getByRole('button', { name: 'Withdraw' }))
    const confirm = screen.getByRole('dialog', { name: 'Withdraw this request?' })
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw request' }))
    await idle()
    expect(sent(api, 'withdrawBidRequest')).toEqual([{ name: 'withdrawBidRequest', id: id(51) }])
    await waitFor(() => expect(within(rebar()).getByText('Withdrawn')).toBeTruthy())
    expect(within(rebar()).queryByRole('button', { name: 'Resend' })).toBeNull()
  })

  it('reads the quotes and bids again when the tab comes back, without a refresh', async () => {
    const bidRequests = [request(1, REBAR)]
    const { section, refreshes, poolReads } = await steelPage([REBAR], bidRequests)
    // Opening the page reads them; a refresh would race the session's own (and replay its token).
    await waitFor(() => expect(poolReads).toHaveBeenCalledTimes(1))
    bidRequests[0] = request(1, REBAR, { status: 'submitted' })
    const now = Date.now()
    vi.spyOn(Date, 'now').mockImplementation(() => now + 60_000)
    act(() => {
      window.dispatchEvent(new Event('focus'))
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await waitFor(() => expect(within(section()).getByText('Bid received')).toBeTruthy())
    // The focus and the visibility change of one return read once.
    expect(poolReads).toHaveBeenCalledTimes(2)
    expect(refreshes).toHaveBeenCalledTimes(0)
  })
})
