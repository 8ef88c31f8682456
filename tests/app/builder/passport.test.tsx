// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import type { Warranty } from '../../../contract/documents'
import type { Passport } from '../../../contract/passport'
import type { ClientCall } from '../../../machines/client/client.machine'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import { apiProblem } from '../auth/harness'
import { designEntry, emptyPoolData, renderBuilder, type BuilderOptions } from './harness'
import { FINAL_WAITING, type PassportSeed } from './passport-fake'

fakeModalDialogs()
afterEach(cleanup)
document.documentElement.lang = 'en'
document.title = 'PoolPath'

const PUMP = {
  id: '0e000000-0000-4000-8000-0000000000a1',
  kind: 'pump' as const,
  make: 'Pentair',
  model: 'IntelliFlo3',
  serial: 'PF-123',
  installedOn: '2030-04-02',
  warrantyId: null,
  createdAt: '2030-04-02T10:00:00.000Z',
}

const HEATER_WARRANTY: Warranty = {
  id: '0f000000-0000-4000-8000-0000000000b1',
  step: 'plumbing',
  provider: 'Hot Water Co',
  termMonths: 36,
  startsOn: '2030-04-01',
  expiresOn: '2033-04-01',
  fileId: null,
}

const FINAL_PASSED: Passport['inspections'][number] = {
  ...FINAL_WAITING,
  status: 'passed',
  date: '2030-05-20',
  history: [{ status: 'passed', date: '2030-05-20', notes: 'All clear' }],
}

async function passportPage(seed: PassportSeed = {}, more: BuilderOptions = {}) {
  const app = await renderBuilder('/builder/passport', {
    poolData: emptyPoolData({ nonStages: [designEntry()] }),
    passport: seed,
    documents: { warranties: [HEATER_WARRANTY] },
    ...more,
  })
  await screen.findByRole('heading', { level: 2, name: 'As built' })
  await app.idle()
  return app
}

const sent = (calls: { mock: { calls: [ClientCall][] } }, name: ClientCall['name']) =>
  calls.mock.calls.map(([call]) => call).filter((call) => call.name === name)

/** A control's accessible description: the texts its aria-describedby names. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ')

describe('the pool passport', () => {
  it('is the Passport link of the Project navigation, a draft until the final inspection', async () => {
    const { router } = await passportPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Pool passport' })).toBeTruthy()
    const project = screen.getByRole('navigation', { name: 'Project' })
    const link = within(project).getByRole('link', { name: 'Passport' })
    expect(link.getAttribute('aria-current')).toBe('page')
    expect(router.state.location.pathname).toBe('/builder/passport')
    expect(screen.getByText('Draft')).toBeTruthy()
    const page = within(screen.getByRole('article'))
    const parts = page.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
    expect(parts).toEqual([
      'As built',
      'Equipment',
      'Start-up log',
      'Inspections',
      'Trades',
      'Contracts and payments',
      'Warranties',
      'Cost basis',
    ])
    expect(screen.getByRole('button', { name: 'Download passport (PDF)' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Download everything (ZIP)' })).toBeTruthy()
    const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations.map((v) => v.id)).toEqual([])
  })

  it('is no draft once the final inspection passed', async () => {
    await passportPage({ inspections: [FINAL_PASSED] })
    expect(screen.queryByText('Draft')).toBeNull()
    const inspections = within(screen.getByRole('list', { name: 'Final inspection results' }))
    expect(inspections.getByText('Passed on May 20, 2030 — All clear')).toBeTruthy()
  })

  it('shows the pool as built and saves the measured gallons, its error by the field', async () => {
    const { user, passportCalls } = await passportPage()
    expect(screen.getByText('Rectangle')).toBeTruthy()
    expect(screen.getByText('32 × 16 ft')).toBeTruthy()
    expect(screen.getByText('512 ft²')).toBeTruthy()
    expect(screen.getByText('1,002 ft²')).toBeTruthy()
    expect(screen.getByText('22,980 gallons')).toBeTruthy()
    const gallons = screen.getByLabelText('Measured gallons')
    await user.type(gallons, '50')
    await user.click(screen.getByRole('button', { name: 'Save gallons' }))
    expect(description(gallons)).toContain('Enter 100 to 200,000 gallons')
    expect(gallons.getAttribute('aria-invalid')).toBe('true')
    expect(sent(passportCalls, 'setPassport')).toEqual([])
    await user.clear(gallons)
    await user.type(gallons, '21,400')
    await user.click(screen.getByRole('button', { name: 'Save gallons' }))
    await waitFor(() =>
      expect(sent(passportCalls, 'setPassport')).toEqual([
        { name: 'setPassport', body: { measuredGallons: 21_400 } },
      ]),
    )
    expect(gallons.getAttribute('aria-invalid')).toBeNull()
  })

  it('shows the server’s refusal of the gallons by the field', async () => {
    const refuse = async (call: ClientCall) => {
      if (call.name !== 'setPassport') throw new Error(`unexpected ${call.name}`)
      throw Object.assign(apiProblem(400, 'VALIDATION', 'Check the highlighted fields.'), {
        fieldErrors: { measuredGallons: ['Enter 100 to 200,000 gallons'] },
      })
    }
    const { user, passportCalls } = await passportPage()
    passportCalls.mockImplementationOnce(refuse)
    const gallons = screen.getByLabelText('Measured gallons')
    await user.type(gallons, '900')
    await user.click(screen.getByRole('button', { name: 'Save gallons' }))
    await waitFor(() => expect(description(gallons)).toContain('Enter 100 to 200,000 gallons'))
  })

  it('adds equipment through its dialog, saying what to fix next to each field', async () => {
    const { user, passportCalls } = await passportPage()
    expect(screen.getByText(/No equipment yet/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Add equipment' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Add equipment' }))
    await user.click(dialog.getByRole('button', { name: 'Save equipment' }))
    expect(description(dialog.getByLabelText('Kind'))).toBe('Choose a kind')
    expect(description(dialog.getByLabelText('Make'))).toContain('Enter the make')
    expect(description(dialog.getByLabelText('Model'))).toContain('Enter the model')
    expect(document.activeElement).toBe(dialog.getByLabelText('Kind'))
    expect(sent(passportCalls, 'addEquipment')).toEqual([])
    await user.selectOptions(dialog.getByLabelText('Kind'), 'Heater')
    await user.type(dialog.getByLabelText('Make'), 'Raypak')
    await user.type(dialog.getByLabelText('Model'), 'Avia 266k')
    await user.type(dialog.getByLabelText('Serial'), 'RP-77')
    fireEvent.change(dialog.getByLabelText('Installed on'), { target: { value: '2030-04-03' } })
    await user.selectOptions(
      dialog.getByLabelText('Warranty'),
      'Hot Water Co, Plumbing (36 months)',
    )
    await user.click(dialog.getByRole('button', { name: 'Save equipment' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent(passportCalls, 'addEquipment')).toEqual([
      {
        name: 'addEquipment',
        body: {
          kind: 'heater',
          make: 'Raypak',
          model: 'Avia 266k',
          serial: 'RP-77',
          installedOn: '2030-04-03',
          warrantyId: HEATER_WARRANTY.id,
        },
      },
    ])
    const card = within(screen.getByRole('listitem', { name: 'Raypak Avia 266k' }))
    expect(card.getByText('Heater')).toBeTruthy()
    expect(card.getByText('Apr 3, 2030')).toBeTruthy()
    expect(card.getByText('Hot Water Co, Plumbing (36 months)')).toBeTruthy()
  })

  it('edits and deletes a piece of equipment, the delete once confirmed', async () => {
    const { user, passportCalls } = await passportPage({ equipment: [PUMP] })
    const card = () => within(screen.getByRole('listitem', { name: 'Pentair IntelliFlo3' }))
    await user.click(card().getByRole('button', { name: 'Edit' }))
    const edit = within(screen.getByRole('dialog', { name: 'Edit equipment' }))
    expect(edit.getByLabelText('Serial')).toHaveProperty('value', 'PF-123')
    await user.clear(edit.getByLabelText('Serial'))
    await user.type(edit.getByLabelText('Serial'), 'PF-124')
    await user.click(edit.getByRole('button', { name: 'Save equipment' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent(passportCalls, 'editEquipment')).toMatchObject([
      { id: PUMP.id, body: { kind: 'pump', serial: 'PF-124' } },
    ])
    expect(card().getByText('PF-124')).toBeTruthy()
    await user.click(card().getByRole('button', { name: 'Delete' }))
    const confirm = within(screen.getByRole('dialog', { name: 'Delete this equipment?' }))
    await user.click(confirm.getByRole('button', { name: 'Delete equipment' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent(passportCalls, 'deleteEquipment')).toEqual([
      { name: 'deleteEquipment', id: PUMP.id },
    ])
    expect(screen.getByText(/No equipment yet/)).toBeTruthy()
  })

  it('shows the record: trades, contracts and payments, waivers, warranties and cost basis', async () => {
    await passportPage({
      trades: [
        {
          company: 'Dig Co',
          licence: { number: '1234567', classification: 'C-12', checkedOn: '2030-02-20' },
          insurance: { expiresOn: '2031-01-31' },
        },
      ],
      steps: [
        {
          step: 'excavation',
          title: 'Excavation',
          contract: { vendor: 'Dig Co', amount: 900_000 },
          changeOrders: [
            {
              id: '0c000000-0000-4000-8000-000000000001',
              description: 'Rock removal',
              amount: 125_050,
              status: 'approved',
              createdAt: '2030-03-05T10:00:00.000Z',
            },
          ],
          payments: [
            {
              id: '0d000000-0000-4000-8000-000000000001',
              paidOn: '2030-03-02',
              amount: 450_000,
              method: 'check',
              reference: '#1042',
            },
          ],
          waivers: [
            {
              drawId: '0b000000-0000-4000-8000-000000000001',
              kind: 'conditional',
              fileId: '0a000000-0000-4000-8000-000000000001',
            },
            {
              drawId: '0b000000-0000-4000-8000-000000000001',
              kind: 'unconditional',
              fileId: '0a000000-0000-4000-8000-000000000002',
            },
          ],
        },
      ],
      warranties: [HEATER_WARRANTY],
      costBasis: { total: 450_000, steps: [{ step: 'excavation', paid: 450_000 }] },
    })
    expect(screen.getByText('1234567 (C-12), checked Feb 20, 2030')).toBeTruthy()
    expect(screen.getByText('Jan 31, 2031')).toBeTruthy()
    expect(screen.getByText('Dig Co, $9,000')).toBeTruthy()
    const orders = within(screen.getByRole('list', { name: 'Excavation change orders' }))
    expect(orders.getByText(/Rock removal, \+\$1,250\.50/)).toBeTruthy()
    const payments = within(screen.getByRole('list', { name: 'Excavation payments' }))
    expect(payments.getByRole('listitem').textContent).toBe(
      'Paid $4,500 on Mar 2, 2030, check #1042',
    )
    const waivers = within(screen.getByRole('list', { name: 'Excavation lien waivers' }))
    expect(waivers.getByRole('listitem').textContent).toBe(
      'Draw 1: conditional and unconditional lien waivers',
    )
    expect(screen.getByText('Expires Apr 1, 2033')).toBeTruthy()
    const cost = within(screen.getByRole('region', { name: 'Cost basis' }))
    expect(cost.getByText('$4,500', { selector: '.passport-total' })).toBeTruthy()
    expect(cost.getByRole('row', { name: 'Excavation $4,500' })).toBeTruthy()
  })

  it('says when the passport did not load, and reads it again on "Try again"', async () => {
    let refuse = true
    const app = await renderBuilder('/builder/passport', {
      poolData: emptyPoolData({ nonStages: [designEntry()] }),
      clientCall: async (call) => {
        if (call.name === 'passport' && refuse)
          throw apiProblem(503, 'UNAVAILABLE', 'The service is busy. Try again in a minute.')
        if (call.name === 'passport') {
          const { createFakePassportApi } = await import('./passport-fake')
          return createFakePassportApi().handle(call)
        }
        throw new Error(`unexpected ${call.name}`)
      },
    })
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Your pool passport did not load')).toBeTruthy()
    refuse = false
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'As built' })).toBeTruthy()
  })
})
