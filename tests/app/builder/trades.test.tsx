// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { tradeWarnings, type Trade, type TradeBody } from '../../../contract/trades'
import type { ClientCall, ClientCallResult } from '../../../machines/client/client.machine'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import { apiProblem } from '../auth/harness'
import { designEntry, emptyPoolData, renderBuilder } from './harness'

fakeModalDialogs()
afterEach(cleanup)
document.documentElement.lang = 'en'
document.title = 'PoolPath'

const TODAY = '2030-03-01'

/** A trade as the server answers it, its warnings worked out on TODAY. */
function tradeFrom(id: string, body: TradeBody): Trade {
  const facts = {
    id,
    company: body.company,
    contact: body.contact,
    email: body.email,
    phone: body.phone ?? null,
    steps: body.steps,
    licence: {
      number: body.licenceNumber ?? null,
      classification: body.licenceClass ?? null,
      checkedOn: body.licenceCheckedOn ?? null,
    },
    insurance: { expiresOn: body.insuranceExpiresOn ?? null, fileId: body.insuranceFileId ?? null },
    workersComp: {
      exempt: body.compExempt ?? false,
      expiresOn: body.compExpiresOn ?? null,
      fileId: body.compFileId ?? null,
    },
    createdAt: `${TODAY}T10:00:00.000Z`,
  }
  return { ...facts, warnings: tradeWarnings(facts, TODAY) }
}

const DIG_CO = tradeFrom('4a0c2f3e-2b1d-4c5e-9f6a-7b8c9d0e1f2a', {
  company: 'Dig Co',
  contact: 'Dan Diaz',
  email: 'dan@dig.example',
  steps: ['excavation'],
  licenceNumber: '1234567',
  licenceClass: 'C-10',
  licenceCheckedOn: '2030-02-20',
  insuranceExpiresOn: '2030-03-20',
})

/** The trades calls as the server makes them, kept in a list; an email twice is a 409. */
function fakeTradesApi(initial: Trade[]) {
  let trades = [...initial]
  let ids = 0
  const handle = async (call: ClientCall): Promise<ClientCallResult> => {
    switch (call.name) {
      case 'trades':
        return { name: 'trades', data: trades }
      case 'createTrade': {
        if (trades.some((trade) => trade.email === call.body.email))
          throw apiProblem(409, 'TRADE_EXISTS', 'Another trade of your project has this email.')
        const trade = tradeFrom(
          `7b0c2f3e-2b1d-4c5e-9f6a-7b8c9d0e1f${String(++ids).padStart(2, '0')}`,
          call.body as TradeBody,
        )
        trades = [...trades, trade]
        return { name: 'createTrade', data: trade }
      }
      case 'editTrade': {
        const trade = tradeFrom(call.id, call.body as TradeBody)
        trades = trades.map((t) => (t.id === call.id ? trade : t))
        return { name: 'editTrade', data: trade }
      }
      case 'deleteTrade':
        trades = trades.filter((t) => t.id !== call.id)
        return { name: 'deleteTrade', data: { id: call.id } }
      default:
        throw new Error(`The fake trades API has no ${call.name}`)
    }
  }
  return vi.fn(handle)
}

async function tradesPage(initial: Trade[] = []) {
  const calls = fakeTradesApi(initial)
  const app = await renderBuilder('/builder/trades', {
    poolData: emptyPoolData({ nonStages: [designEntry()] }),
    clientCall: calls,
  })
  await app.idle()
  return { ...app, tradeCalls: calls }
}

const card = (company: string) =>
  screen.getByRole('heading', { level: 2, name: company }).closest('li') as HTMLElement

const badges = (company: string) =>
  within(within(card(company)).getByRole('list', { name: 'Warnings' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

const sent = (calls: ReturnType<typeof fakeTradesApi>, name: ClientCall['name']) =>
  calls.mock.calls.map(([call]) => call).filter((call) => call.name === name)

describe('the Trades page', () => {
  it('is the Trades link of the Project navigation, and says what a trade is', async () => {
    const { router } = await tradesPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Trades' })).toBeTruthy()
    const project = screen.getByRole('navigation', { name: 'Project' })
    const link = within(project).getByRole('link', { name: 'Trades' })
    expect(link.getAttribute('aria-current')).toBe('page')
    expect(router.state.location.pathname).toBe('/builder/trades')
    expect(screen.getByText(/A trade is a company you hire for a step/)).toBeTruthy()
    const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations.map((v) => v.id)).toEqual([])
  })

  it('lists each trade with its facts, its warnings as badges and the CSLB lookup', async () => {
    await tradesPage([DIG_CO])
    const dig = within(card('Dig Co'))
    expect(dig.getByText(/Dan Diaz/)).toBeTruthy()
    expect(dig.getByText('Excavation')).toBeTruthy()
    expect(dig.getByText('1234567 (C-10), checked Feb 20, 2030')).toBeTruthy()
    expect(dig.getByText('Mar 20, 2030')).toBeTruthy()
    expect(badges('Dig Co')).toEqual([
      "Licence class doesn't fit",
      'Insurance ends Mar 20, 2030',
      "No workers' comp",
    ])
    const lookup = dig.getByRole('link', { name: 'Look it up on the CSLB' })
    expect(lookup.getAttribute('href')).toBe(
      'https://www.cslb.ca.gov/OnlineServices/CheckLicenseII/CheckLicense.aspx',
    )
  })

  it('adds a trade through "Add trade", its steps ticked by title', async () => {
    const { user, tradeCalls } = await tradesPage()
    await user.click(screen.getByRole('button', { name: 'Add trade' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Add trade' }))
    await user.type(dialog.getByLabelText('Company'), 'Blue Shell Co')
    await user.type(dialog.getByLabelText('Contact name'), 'Ana Ruiz')
    await user.type(dialog.getByLabelText('Email'), 'Ana@BlueShell.example')
    await user.type(dialog.getByLabelText('Phone'), '+1 512 555 0110')
    const steps = within(dialog.getByRole('group', { name: 'Steps' }))
    await user.click(steps.getByRole('checkbox', { name: 'Decking' }))
    await user.click(steps.getByRole('checkbox', { name: 'Shotcrete' }))
    await user.type(dialog.getByLabelText('Licence number'), '7654321')
    await user.type(dialog.getByLabelText('Licence class'), 'c-8')
    fireEvent.change(dialog.getByLabelText('Licence checked on'), {
      target: { value: '2030-02-27' },
    })
    fireEvent.change(dialog.getByLabelText('Insurance expires on'), {
      target: { value: '2031-01-01' },
    })
    await user.click(dialog.getByRole('checkbox', { name: "Workers' comp exempt" }))
    await user.click(dialog.getByRole('button', { name: 'Save trade' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent(tradeCalls, 'createTrade')).toEqual([
      {
        name: 'createTrade',
        body: {
          company: 'Blue Shell Co',
          contact: 'Ana Ruiz',
          email: 'ana@blueshell.example',
          phone: '+1 512 555 0110',
          steps: ['shotcrete', 'decking'],
          licenceNumber: '7654321',
          licenceClass: 'C-8',
          licenceCheckedOn: '2030-02-27',
          insuranceExpiresOn: '2031-01-01',
          insuranceFileId: null,
          compExempt: true,
          compFileId: null,
        },
      },
    ])
    const shell = within(card('Blue Shell Co'))
    expect(shell.getByText('Shotcrete, Decking')).toBeTruthy()
    expect(shell.queryByRole('list', { name: 'Warnings' })).toBeNull()
  })

  it('says what to fix before sending, and shows the server’s refusal', async () => {
    const { user, tradeCalls } = await tradesPage([DIG_CO])
    await user.click(screen.getByRole('button', { name: 'Add trade' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Add trade' }))
    await user.type(dialog.getByLabelText('Licence class'), 'Z-9')
    await user.click(dialog.getByRole('button', { name: 'Save trade' }))
    expect(dialog.getByText('Enter the company’s name')).toBeTruthy()
    expect(dialog.getByText('Choose at least one step')).toBeTruthy()
    expect(dialog.getByText('Enter a class like B, C-53 or D-35')).toBeTruthy()
    expect(sent(tradeCalls, 'createTrade')).toEqual([])
    await user.clear(dialog.getByLabelText('Licence class'))
    await user.type(dialog.getByLabelText('Company'), 'Dig Again')
    await user.type(dialog.getByLabelText('Contact name'), 'Dan')
    await user.type(dialog.getByLabelText('Email'), 'dan@dig.example')
    await user.click(dialog.getByRole('checkbox', { name: 'Excavation' }))
    await user.click(dialog.getByRole('button', { name: 'Save trade' }))
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'Another trade of your project has this email.',
    )
    expect(dialog.getByLabelText('Company')).toHaveProperty('value', 'Dig Again')
  })

  it('uploads the insurance certificate and saves the trade naming it', async () => {
    const { user, tradeCalls, uploads } = await tradesPage([DIG_CO])
    await user.click(within(card('Dig Co')).getByRole('button', { name: 'Edit' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Edit trade' }))
    expect(dialog.getByLabelText('Company')).toHaveProperty('value', 'Dig Co')
    const pdf = new File(['%PDF-1.7'], 'coi.pdf', { type: 'application/pdf' })
    await user.upload(dialog.getByLabelText('Insurance certificate'), pdf)
    expect(dialog.getByText('Uploading coi.pdf…')).toBeTruthy()
    expect(dialog.getByRole('button', { name: 'Save trade' })).toHaveProperty('disabled', true)
    const [held] = uploads
    expect(held?.request).toMatchObject({
      kind: 'other',
      caption: 'Insurance certificate — Dig Co',
    })
    const stored = held?.finish()
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Save trade' })).toHaveProperty('disabled', false),
    )
    await user.click(dialog.getByRole('button', { name: 'Save trade' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent(tradeCalls, 'editTrade')).toMatchObject([
      { id: DIG_CO.id, body: { company: 'Dig Co', insuranceFileId: stored?.id } },
    ])
  })

  it('deletes a trade once confirmed', async () => {
    const { user, tradeCalls } = await tradesPage([DIG_CO])
    await user.click(within(card('Dig Co')).getByRole('button', { name: 'Delete' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Delete this trade?' }))
    await user.click(dialog.getByRole('button', { name: 'Delete trade' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent(tradeCalls, 'deleteTrade')).toEqual([{ name: 'deleteTrade', id: DIG_CO.id }])
    expect(screen.getByText('No trades yet.')).toBeTruthy()
  })
})
