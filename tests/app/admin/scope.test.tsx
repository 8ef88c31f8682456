// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StepScope } from '../../../contract/bids'
import type { AdminCall, AdminCallResult } from '../../../machines/admin/admin.machine'
import { ScopeSection } from '../../../src/features/admin/scope-section'
import { renderSection, startAdmin } from './harness'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const SCOPE: StepScope[] = [
  {
    step: 'excavation',
    items: [
      { id: id(1), text: 'Haul-off of the soil', share: 15 },
      { id: id(2), text: 'Site cleanup', share: 5 },
    ],
  },
  { step: 'steel', items: [{ id: id(3), text: 'Chairs and spacers', share: 5 }] },
]

/** The server's answer: the list as sent, new items given ids. */
async function answer(call: AdminCall): Promise<AdminCallResult> {
  if (call.name !== 'editScope') throw new Error(`unexpected ${call.name}`)
  const items = call.body.items.map((item, n) => ({
    id: item.id ?? id(100 + n),
    text: item.text,
    share: Number(item.share),
  }))
  return { name: 'editScope', data: { step: call.step, items } }
}

async function open() {
  const admin = await startAdmin({ Scope: SCOPE }, answer)
  const view = renderSection(<ScopeSection actor={admin.actor} />)
  return { ...admin, ...view }
}

describe('the Scope section', () => {
  it("shows the chosen step's items with their shares and the running total", async () => {
    const { user } = await open()
    expect(screen.getByRole('heading', { level: 1, name: 'Scope' })).toBeTruthy()
    const items = screen.getAllByRole('textbox', { name: 'Item' })
    expect(items.map((input) => (input as HTMLInputElement).value)).toEqual([
      'Haul-off of the soil',
      'Site cleanup',
    ])
    expect(screen.getByText('Total of shares: 20% of 100%')).toBeTruthy()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Step' }), 'steel')
    expect(screen.getByRole('textbox', { name: 'Item' })).toHaveProperty(
      'value',
      'Chairs and spacers',
    )
  })

  it('adds, removes and saves the list whole through editScope', async () => {
    const { user, call, actor } = await open()
    await user.click(screen.getByRole('button', { name: 'Remove Site cleanup' }))
    await user.click(screen.getByRole('button', { name: 'Add item' }))
    // Each Remove names its item for a screen reader; a row not typed in yet, by its place.
    expect(screen.getByRole('button', { name: 'Remove Haul-off of the soil' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Remove item 2' })).toBeTruthy()
    const [, text] = screen.getAllByRole('textbox', { name: 'Item' })
    const [, share] = screen.getAllByRole('textbox', { name: 'Share (%)' })
    if (!text || !share) throw new Error('no new row')
    await user.type(text, 'Rock removal')
    expect(screen.getByRole('button', { name: 'Remove Rock removal' })).toBeTruthy()
    await user.type(share, '10')
    expect(screen.getByText('Total of shares: 25% of 100%')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Save scope' }))
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith({
        name: 'editScope',
        step: 'excavation',
        body: {
          items: [
            { id: id(1), text: 'Haul-off of the soil', share: 15 },
            { text: 'Rock removal', share: 10 },
          ],
        },
      }),
    )
    await screen.findByText('Saved')
    expect(actor.getSnapshot().context.Scope[0]?.items.map((i) => i.text)).toEqual([
      'Haul-off of the soil',
      'Rock removal',
    ])
  })

  it('refuses shares over 100 with a message and sends nothing', async () => {
    const { user, call } = await open()
    const [first] = screen.getAllByRole('textbox', { name: 'Share (%)' })
    if (!first) throw new Error('no share')
    await user.clear(first)
    await user.type(first, '96')
    expect(screen.getByText('Total of shares: 101% of 100%')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Save scope' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The shares add up to more than 100%',
    )
    expect(call).not.toHaveBeenCalled()
  })

  it('says which field is wrong', async () => {
    const { user, call } = await open()
    const [text] = screen.getAllByRole('textbox', { name: 'Item' })
    if (!text) throw new Error('no item')
    await user.clear(text)
    await user.click(screen.getByRole('button', { name: 'Save scope' }))
    expect(text.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(text)
    expect(call).not.toHaveBeenCalled()
  })
})
