// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import Papa from 'papaparse'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Pricing, type AdminClient, type Stage } from '../../../contract'
import { DEFAULT_PRICING } from '../../../contract/estimator'
import { STAGE_SLUGS, STEPS } from '../../../contract/steps'
import { SECTION_SCREENS } from '../../../src/features/admin/admin-area'
import { ClientsSection } from '../../../src/features/admin/clients-section'
import { MarketingSection } from '../../../src/features/admin/marketing-section'
import { PricingSection } from '../../../src/features/admin/pricing-section'
import { BuilderRequestsSection } from '../../../src/features/admin/requests-sections'
import { ADMIN_DATA_SECTIONS } from '../../../src/features/admin/section-titles'
import { TipsSection } from '../../../src/features/admin/tips-section'
import { WaitingListSection } from '../../../src/features/admin/waiting-list-section'
import { client, tip, uuid } from '../../machines/fixtures'
import { blobText, captureDownloads, refusal, renderSection, startAdmin } from './harness'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

/** The seeded stages: real slugs, titles and the default price list. */
const stages = (): Stage[] =>
  STAGE_SLUGS.map((slug, index) => ({
    id: uuid(100 + index),
    slug,
    title: STEPS.find((step) => step.route === slug)?.title ?? slug,
    order: index + 4,
    pricing: DEFAULT_PRICING[slug],
    designTip: tip(200 + index, uuid(100 + index), `Tip about ${slug}`),
  }))

const waiting = (n: number, city: string, state: string): AdminClient => ({
  ...client(n, true),
  name: `Waiter ${n}`,
  city,
  state,
})

describe('every admin section', () => {
  it.each(ADMIN_DATA_SECTIONS.map((s) => [s.route, s.title] as const))(
    '%s renders its one h1, the last refresh and a Refresh button',
    async (route, title) => {
      const { actor, fetchAdmin } = await startAdmin({ Stages: stages() })
      const Screen = SECTION_SCREENS[route]
      const { user } = renderSection(<Screen actor={actor} />)
      expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
        title,
      ])
      expect(screen.getByText(/^Last refreshed /)).toBeTruthy()
      await user.click(screen.getByRole('button', { name: 'Refresh' }))
      await waitFor(() => expect(fetchAdmin).toHaveBeenCalledTimes(2))
    },
  )
})

describe('pricing', () => {
  it('writes unit prices with cents, as the builder does, a flat price as an amount, and none for catalogue stages', async () => {
    const withFlatPrice = stages().map((stage) =>
      stage.slug === 'pool-startup'
        ? { ...stage, pricing: { ...stage.pricing, unitPrice: 25_000 } }
        : stage,
    )
    const { actor } = await startAdmin({ Stages: withFlatPrice })
    renderSection(<PricingSection actor={actor} />)
    const unitPrice = (stage: string) => {
      const table = screen.getByRole('table', { name: 'Stage pricing' })
      const column = within(table)
        .getAllByRole('columnheader')
        .findIndex((header) => header.textContent?.startsWith('Unit price'))
      const row = within(table).getByRole('row', { name: new RegExp(`^\\d+ ${stage} `) })
      return within(row).getAllByRole('cell')[column]?.textContent
    }
    expect(unitPrice('Excavation')).toBe('$60.00')
    expect(unitPrice('Steel')).toBe('$1.00')
    expect(unitPrice('Electrical')).toBe('—')
    expect(unitPrice('Pool Startup')).toBe('$250')
    expect(unitPrice('Extras')).toBe('—')
  })

  it('shows the reference pool’s example and updates it live while editing', async () => {
    const edited = stages()[0]
    const { actor, call } = await startAdmin({ Stages: stages() }, async (asked) => {
      if (asked.name !== 'editStage' || !edited) throw new Error('unexpected call')
      return { name: 'editStage', data: { ...edited, pricing: Pricing.parse(asked.body.pricing) } }
    })
    const { user } = renderSection(<PricingSection actor={actor} />)
    const excavation = screen.getByRole('row', { name: /Excavation/ })
    expect(within(excavation).getByRole('cell', { name: '$8,320' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Edit pricing for Excavation' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit pricing: Excavation' })
    expect(dialog.textContent).toContain('Standard soil: $8,320')
    expect(dialog.textContent).toContain('Rocky soil: $13,012')
    const base = within(dialog).getByRole('textbox', { name: 'Base ($)' })
    await user.clear(base)
    await user.type(base, '1000')
    expect(dialog.textContent).toContain('Standard soil: $8,820')
    await user.clear(within(dialog).getByRole('textbox', { name: 'Option 2 multiplier' }))
    expect(dialog.textContent).toContain('Fix the prices above to see the estimate.')
    await user.type(within(dialog).getByRole('textbox', { name: 'Option 2 multiplier' }), '2')

    await user.click(within(dialog).getByRole('button', { name: 'Save pricing' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(call).toHaveBeenCalledWith({
      name: 'editStage',
      id: uuid(100),
      body: {
        pricing: {
          ...DEFAULT_PRICING.excavation,
          base: 100_000,
          options: [
            { key: 'standard', label: 'Standard soil', multiplier: 1 },
            { key: 'rocky', label: 'Rocky soil', multiplier: 2 },
          ],
        },
      },
    })
    expect(
      within(screen.getByRole('row', { name: /Excavation/ })).getByRole('cell', { name: '$8,820' }),
    ).toBeTruthy()
  })

  it('edits a catalogue stage’s items, with a new one', async () => {
    const { actor, call } = await startAdmin({ Stages: stages() }, () =>
      Promise.reject(new Error('stop here')),
    )
    const { user } = renderSection(<PricingSection actor={actor} />)
    await user.click(screen.getByRole('button', { name: 'Edit pricing for Extras' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit pricing: Extras' })
    expect(within(dialog).queryByRole('textbox', { name: /Unit price/ })).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }))
    await user.type(within(dialog).getByRole('textbox', { name: 'Item 8 label' }), 'Slide')
    await user.type(within(dialog).getByRole('textbox', { name: 'Item 8 price ($)' }), '2,750')
    expect(dialog.textContent).toContain('Slide: $2,750')
    await user.click(within(dialog).getByRole('button', { name: 'Remove item 1' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save pricing' }))
    const sent = call.mock.calls[0]?.[0]
    if (sent?.name !== 'editStage') throw new Error('no pricing was sent')
    expect((sent.body.pricing.items ?? []).map((i) => i.label)).toEqual([
      ...DEFAULT_PRICING.extras.items.slice(1).map((i) => i.label),
      'Slide',
    ])
    expect(sent.body.pricing.items?.at(-1)).toEqual({
      key: 'new-item',
      label: 'Slide',
      price: 275_000,
    })
    expect((await within(dialog).findByRole('alert')).textContent).toBe('stop here')
  })
})

describe('clients', () => {
  it('show who each client is, whether they are served or waiting, progress and money, and edit a perk away', async () => {
    const pat = {
      ...client(4),
      name: 'Pat Doe',
      perk: 'Free LED light',
      stepsDone: 5,
      committed: 1_250_050,
      paid: 90_000,
      storageUsed: 13_002_342,
    }
    const waiting = { ...client(5), name: 'Wes Wait', Flag: false, onWaiting: true }
    const elsewhere = { ...client(6), name: 'Nia Nowhere', Flag: false, onWaiting: false }
    const { actor, call } = await startAdmin({ Clients: [pat, waiting, elsewhere] }, async () => ({
      name: 'editClient',
      data: { ...pat, perk: null },
    }))
    const { user } = renderSection(<ClientsSection actor={actor} />)
    const cells = (name: RegExp) =>
      within(screen.getByRole('row', { name }))
        .getAllByRole('cell')
        .map((c) => c.textContent)
    expect(cells(/Pat Doe/)).toEqual([
      'Pat Doe c4@example.com',
      'Austin, TX Served',
      '5/13',
      '$12,500.50',
      '$900',
      '12.4 MB',
      'EditDelete',
    ])
    expect(cells(/Wes Wait/)[1]).toBe('Austin, TX Waiting')
    expect(cells(/Nia Nowhere/)[1]).toBe('Austin, TX Not served')
    await user.click(screen.getByRole('button', { name: 'Edit Pat Doe' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit Pat Doe' })
    expect(
      within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'On the waiting list' })
        .checked,
    ).toBe(false)
    await user.clear(within(dialog).getByRole('textbox', { name: /Perk/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(call.mock.calls[0]?.[0]).toMatchObject({
      name: 'editClient',
      id: uuid(4),
      body: { perk: null },
    })
  })

  it('export committed and paid in dollars, and the storage in bytes, with the rest of the row', async () => {
    const files = captureDownloads()
    const pat = {
      ...client(4),
      name: 'Pat Doe',
      stepsDone: 5,
      committed: 1_250_050,
      paid: 90_000,
      storageUsed: 13_002_342,
    }
    const { actor } = await startAdmin({ Clients: [pat] })
    const { user } = renderSection(<ClientsSection actor={actor} />)
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    const [file] = files
    if (!file) throw new Error('no file was downloaded')
    const [headers, row] = Papa.parse<string[]>(await blobText(file.blob)).data
    // The screen folds name and email, served and waiting together; the CSV keeps them apart.
    expect(headers).toEqual([
      'Name',
      'Email',
      'City',
      'Served',
      'Waiting list',
      'Perk',
      'Progress',
      'Committed',
      'Paid',
      'Storage',
    ])
    expect(row?.slice(0, 2)).toEqual(['Pat Doe', 'c4@example.com'])
    expect(row?.slice(-3)).toEqual(['12500.5', '900', '13002342'])
  })
})

describe('waiting list and marketing', () => {
  const list = [waiting(11, 'Boise', 'ID'), waiting(12, 'reno', 'nv '), waiting(13, 'Reno', 'NV')]

  it('groups the waiting clients by city, the longest queue first', async () => {
    const { actor } = await startAdmin({ UsersOnWaiting: list })
    renderSection(<WaitingListSection actor={actor} />)
    const groups = screen
      .getAllByRole('columnheader')
      .filter((h) => h.getAttribute('scope') === 'colgroup')
    expect(groups.map((g) => g.textContent)).toEqual(['Reno, NV (2)', 'Boise, ID (1)'])
  })

  it('draws the demand by city and lists clients with perks', async () => {
    const perky = { ...client(14), name: 'Perky Pat', perk: '10% off decking' }
    const { actor } = await startAdmin({ UsersOnWaiting: list, UsersWithPerks: [perky] })
    renderSection(<MarketingSection actor={actor} />)
    const chart = screen.getByRole('figure', { name: /Where to open next/ })
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Reno, NV2 waiting', 'Boise, ID1 waiting'])
    const perks = screen.getByRole('table', { name: 'Clients with perks' })
    expect(within(perks).getByRole('cell', { name: '10% off decking' })).toBeTruthy()
  })
})

/** Pat Doe's open builder request, by its id. */
const openRequest = (id: string) => ({
  id,
  clientId: uuid(4),
  clientName: 'Pat Doe',
  status: 'open' as const,
  createdAt: '2026-01-02T00:00:00.000Z',
})

describe('requests and tips', () => {
  it('change a builder request’s status in place', async () => {
    const request = openRequest(uuid(30))
    const { actor, call } = await startAdmin({ BuilderRequests: [request] }, async () => ({
      name: 'editBuilderRequest',
      data: { ...request, status: 'contacted' },
    }))
    const { user } = renderSection(<BuilderRequestsSection actor={actor} />)
    const select = screen.getByRole<HTMLSelectElement>('combobox', {
      name: 'Status of the request from Pat Doe',
    })
    await user.selectOptions(select, 'Contacted')
    expect(call).toHaveBeenCalledWith({
      name: 'editBuilderRequest',
      id: uuid(30),
      body: { status: 'contacted' },
    })
    await waitFor(() => expect(select.value).toBe('contacted'))
  })

  it('say why a status change was refused, until the admin dismisses it', async () => {
    const request = openRequest(uuid(31))
    const { actor } = await startAdmin({ BuilderRequests: [request] }, () =>
      Promise.reject(refusal(409, 'This request was closed meanwhile.')),
    )
    const { user } = renderSection(<BuilderRequestsSection actor={actor} />)
    const select = screen.getByRole<HTMLSelectElement>('combobox', {
      name: 'Status of the request from Pat Doe',
    })
    await user.selectOptions(select, 'Contacted')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This request was closed meanwhile.',
    )
    expect(select.value).toBe('open')
    await user.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(actor.getSnapshot().context.failure).toBeNull()
  })

  it('edit a stage’s design tip', async () => {
    const { actor, call } = await startAdmin({ Stages: stages() }, async () => ({
      name: 'editTip',
      data: tip(200, uuid(100), 'Dig after the rains'),
    }))
    const { user } = renderSection(<TipsSection actor={actor} />)
    await user.click(screen.getByRole('button', { name: 'Edit tip for Excavation' }))
    const text = screen.getByRole('textbox', { name: 'Tip' })
    await user.clear(text)
    await user.type(text, 'Dig after the rains')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(call).toHaveBeenCalledWith({
      name: 'editTip',
      id: uuid(200),
      body: { text: 'Dig after the rains' },
    })
    expect(screen.getByRole('cell', { name: 'Dig after the rains' })).toBeTruthy()
  })
})
