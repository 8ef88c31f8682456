// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defaultChecklist } from '../../../contract/checklist-defaults'
import { INSPECTION_SLUGS } from '../../../contract/construction'
import type { CityChecklist } from '../../../contract/checklists'
import type { City } from '../../../contract/domain'
import type { AdminCall, AdminCallResult } from '../../../machines/admin/admin.machine'
import { ChecklistsSection } from '../../../src/features/admin/checklists-section'
import { renderSection, startAdmin } from './harness'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const city = (n: number, name: string, state: string): City => ({
  id: id(n),
  name,
  state,
  permitFee: 45_000,
  timeZone: 'America/Chicago',
})
const CITIES = [city(1, 'Austin', 'TX'), city(2, 'Fresno', 'CA')]
const CHECKLISTS: CityChecklist[] = CITIES.flatMap((c) =>
  INSPECTION_SLUGS.map((inspection) => ({
    cityId: c.id,
    inspection,
    ...defaultChecklist(inspection, c.state),
  })),
)

/** The server's answer: the list as sent, new items given ids. */
async function answer(call: AdminCall): Promise<AdminCallResult> {
  if (call.name !== 'editChecklist') throw new Error(`unexpected ${call.name}`)
  const items = call.body.items.map((item, n) => ({
    id: item.id ?? id(100 + n),
    text: item.text,
    photo: item.photo,
    code: item.code ?? null,
  }))
  const { cityId, inspection } = call
  return {
    name: 'editChecklist',
    data: { cityId, inspection, someoneHome: call.body.someoneHome, items },
  }
}

async function open() {
  const admin = await startAdmin({ Cities: CITIES, Checklists: CHECKLISTS }, answer)
  const view = renderSection(<ChecklistsSection actor={admin.actor} />)
  return { ...admin, ...view }
}

const values = (name: string) =>
  screen.getAllByRole('textbox', { name }).map((input) => (input as HTMLInputElement).value)

describe('the Checklists section', () => {
  it("shows a city's checklist of the chosen inspection, with codes, photos and who is home", async () => {
    const { user } = await open()
    expect(screen.getByRole('heading', { level: 1, name: 'Checklists' })).toBeTruthy()
    expect(values('Item')).toEqual(['Setbacks staked per the plan', 'Equipment location staked'])
    await user.selectOptions(screen.getByRole('combobox', { name: 'Inspection' }), 'pre-gunite')
    expect(values('Code')[1]).toBe('NEC 680.26(B)(1)')
    expect(
      screen
        .getAllByRole('checkbox', { name: 'Needs a photo' })
        .map((c) => (c as HTMLInputElement).checked),
    ).toEqual([true, true, true, true])
    expect(screen.getByRole('checkbox', { name: 'Someone must be home' })).toHaveProperty(
      'checked',
      false,
    )
    await user.selectOptions(screen.getByRole('combobox', { name: 'Inspection' }), 'barrier')
    expect(values('Item')).toHaveLength(4)
    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Fresno, CA')
    expect(values('Item')).toContain('Two of the seven drowning-prevention features')
    expect(screen.getByRole('checkbox', { name: 'Someone must be home' })).toHaveProperty(
      'checked',
      true,
    )
  })

  it('adds an item with a photo and a code, and saves the list whole through editChecklist', async () => {
    const { user, call, actor } = await open()
    await user.click(screen.getByRole('checkbox', { name: 'Someone must be home' }))
    await user.click(screen.getByRole('button', { name: 'Remove Equipment location staked' }))
    await user.click(screen.getByRole('button', { name: 'Add item' }))
    const [, text] = screen.getAllByRole('textbox', { name: 'Item' })
    const [, code] = screen.getAllByRole('textbox', { name: 'Code' })
    const [, photo] = screen.getAllByRole('checkbox', { name: 'Needs a photo' })
    if (!text || !code || !photo) throw new Error('no new row')
    await user.type(text, 'Property line pins found')
    await user.type(code, 'ISPSC 304')
    await user.click(photo)
    await user.click(screen.getByRole('button', { name: 'Save checklist' }))
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith({
        name: 'editChecklist',
        cityId: id(1),
        inspection: 'layout',
        body: {
          someoneHome: true,
          items: [
            { id: id(101), text: 'Setbacks staked per the plan', photo: false, code: null },
            { text: 'Property line pins found', photo: true, code: 'ISPSC 304' },
          ],
        },
      }),
    )
    await screen.findByText('Saved')
    const layout = actor
      .getSnapshot()
      .context.Checklists.find((c) => c.cityId === id(1) && c.inspection === 'layout')
    expect(layout?.items.map((i) => i.text)).toEqual([
      'Setbacks staked per the plan',
      'Property line pins found',
    ])
  })

  it('says which field is wrong beside it, and sends nothing', async () => {
    const { user, call } = await open()
    const [text] = screen.getAllByRole('textbox', { name: 'Item' })
    const [code] = screen.getAllByRole('textbox', { name: 'Code' })
    if (!text || !code) throw new Error('no row')
    await user.clear(text)
    await user.click(screen.getByRole('button', { name: 'Save checklist' }))
    expect(text.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(text)
    const described = document.getElementById(text.getAttribute('aria-describedby') ?? '')
    expect(described?.textContent).toBeTruthy()
    expect(code.getAttribute('aria-invalid')).toBeNull()
    for (const name of ['Remove item 1', 'Remove Equipment location staked'])
      await user.click(screen.getByRole('button', { name }))
    await user.click(screen.getByRole('button', { name: 'Save checklist' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Add at least one item')
    expect(call).not.toHaveBeenCalled()
  })
})
