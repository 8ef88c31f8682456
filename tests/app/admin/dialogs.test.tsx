// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AdminCallResult } from '../../../machines/admin/admin.machine'
import {
  AdminsSection,
  CitiesSection,
  EngineersSection,
} from '../../../src/features/admin/directory-sections'
import { admin, city, engineer, uuid } from '../../machines/fixtures'
import { refusal, renderSection, startAdmin } from './harness'

afterEach(cleanup)

const boise = { ...city(1, 'Boise'), state: 'ID', permitFee: 30_000 }
const textbox = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole<HTMLInputElement>('textbox', { name })
const stateOf = (dialog: HTMLElement) =>
  within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'State' })
/** Presses the button `name` and answers the dialog of that name it opens. */
async function openDialog(user: ReturnType<typeof renderSection>['user'], name: string) {
  await user.click(screen.getByRole('button', { name }))
  return screen.getByRole('dialog', { name })
}
const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent)

describe('add dialog', () => {
  it('shows the server’s field errors next to their fields, keeps what was typed, then closes on success', async () => {
    const austin = { ...city(9, 'Austin'), permitFee: 40_000 }
    let tries = 0
    const { actor, call, server } = await startAdmin({ Cities: [boise] }, async (_, data) => {
      tries += 1
      if (tries === 1) {
        throw refusal(400, 'Some fields need a fix.', {
          name: ['This city is already served'],
          state: ['Use the two-letter state code'],
        })
      }
      data.Cities = [...data.Cities, austin]
      return { name: 'createCity', data: austin }
    })
    const { user } = renderSection(<CitiesSection actor={actor} />)
    const dialog = await openDialog(user, 'Add city')
    await user.type(textbox(dialog, 'City'), 'Austin')
    await user.selectOptions(stateOf(dialog), 'Texas')
    await user.type(textbox(dialog, 'Permit fee ($)'), '400')
    await user.click(within(dialog).getByRole('button', { name: 'Add city' }))

    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Some fields need a fix.',
    )
    expect(call).toHaveBeenLastCalledWith({
      name: 'createCity',
      body: { name: 'Austin', state: 'TX', permitFee: 40_000 },
    })
    const state = stateOf(dialog)
    expect(state.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Use the two-letter state code').id).toBe(
      state.getAttribute('aria-describedby')?.split(' ').at(-1),
    )
    expect(textbox(dialog, 'City').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('This city is already served')).toBeTruthy()
    expect(state.value).toBe('TX')
    expect(textbox(dialog, 'Permit fee ($)').value).toBe('400')
    expect(dialog.hasAttribute('open')).toBe(true)

    // Typing in a field retires the server's message about it, and only that one.
    await user.type(textbox(dialog, 'City'), ' ')
    expect(screen.queryByText('This city is already served')).toBeNull()
    expect(screen.getByText('Use the two-letter state code')).toBeTruthy()

    await user.click(within(dialog).getByRole('button', { name: 'Add city' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(rowNames()).toEqual(['Austin', 'Boise'])
    expect(server.Cities).toContainEqual(austin)
  })

  it('checks the form before sending: nothing is sent while a field is wrong', async () => {
    const { actor, call } = await startAdmin({ Cities: [] })
    const { user } = renderSection(<CitiesSection actor={actor} />)
    const dialog = await openDialog(user, 'Add city')
    await user.type(textbox(dialog, 'Permit fee ($)'), 'a lot')
    await user.click(within(dialog).getByRole('button', { name: 'Add city' }))
    expect(
      within(dialog).getByText('Enter an amount in dollars, e.g. 400 or 1,250.50'),
    ).toBeTruthy()
    expect(within(dialog).getByText('Enter the city')).toBeTruthy()
    expect(document.activeElement).toBe(textbox(dialog, 'City'))
    expect(call).not.toHaveBeenCalled()
  })

  it('names the ceiling of a huge money amount in dollars', async () => {
    const { actor, call } = await startAdmin({ Engineers: [] })
    const { user } = renderSection(<EngineersSection actor={actor} />)
    const dialog = await openDialog(user, 'Add engineer')
    await user.type(textbox(dialog, 'Fee ($)'), '99999999')
    await user.click(within(dialog).getByRole('button', { name: 'Add engineer' }))
    expect(within(dialog).getByText('Enter at most $9,999,999')).toBeTruthy()
    expect(call).not.toHaveBeenCalled()
  })

  it('disables its buttons and the table’s while the request runs', async () => {
    let answer: (result: AdminCallResult) => void = () => {}
    const { actor } = await startAdmin(
      { Engineers: [] },
      () => new Promise((resolve) => (answer = resolve)),
    )
    const { user } = renderSection(<EngineersSection actor={actor} />)
    const dialog = await openDialog(user, 'Add engineer')
    for (const [name, value] of [
      ['Name', 'Eve Stone'],
      ['Company', 'Structa'],
      ['Email', 'eve@example.com'],
      ['Phone', '555 0100'],
      ['License number', 'PE-1'],
      ['Fee ($)', '1,500'],
    ] as const) {
      await user.type(textbox(dialog, name), value)
    }
    await user.click(within(dialog).getByRole('button', { name: 'Add engineer' }))
    const saving = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Saving…' })
    expect(saving.disabled).toBe(true)
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(
      true,
    )
    // jsdom's dialog is not modal, so the page behind can be looked at: its buttons wait too.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add engineer' }).disabled).toBe(
      true,
    )
    answer({ name: 'createEngineer', data: engineer(9, 'Eve Stone') })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(rowNames()).toEqual(['Eve Stone'])
  })
})

describe('edit dialog', () => {
  it('opens with the item’s values and replaces the row with the answer', async () => {
    const { actor, call } = await startAdmin(
      { Engineers: [engineer(6, 'Ann Bell')] },
      async () => ({ name: 'editEngineer', data: { ...engineer(6, 'Ann Bell'), fee: 175_025 } }),
    )
    const { user } = renderSection(<EngineersSection actor={actor} />)
    const dialog = await openDialog(user, 'Edit Ann Bell')
    expect(textbox(dialog, 'Name').value).toBe('Ann Bell')
    const fee = textbox(dialog, 'Fee ($)')
    expect(fee.value).toBe('1500')
    await user.clear(fee)
    await user.type(fee, '$1,750.25')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(call).toHaveBeenCalledWith({
      name: 'editEngineer',
      id: uuid(6),
      body: { ...engineer(6, 'Ann Bell'), id: undefined, fee: 175_025 },
    })
    expect(screen.getByRole('cell', { name: '$1,750.25' })).toBeTruthy()
  })
})

describe('a city’s time zone', () => {
  it('is shown in its row and its dialog, sent when changed, and left to the state when empty', async () => {
    const honolulu = { ...city(2, 'Honolulu'), state: 'HI', timeZone: 'Pacific/Honolulu' }
    const moved = { ...boise, timeZone: 'America/Los_Angeles' }
    // As the server does: the write is in the data fetched again after it.
    const { actor, call } = await startAdmin({ Cities: [boise] }, async (asked, server) => {
      if (asked.name === 'createCity') {
        server.Cities = [moved, honolulu]
        return { name: 'createCity', data: honolulu }
      }
      server.Cities = [moved]
      return { name: 'editCity', data: moved }
    })
    const { user } = renderSection(<CitiesSection actor={actor} />)
    expect(screen.getByRole('cell', { name: 'America/Chicago' })).toBeTruthy()
    const edit = await openDialog(user, 'Edit Boise, ID')
    const zone = textbox(edit, 'Time zone')
    expect(zone.value).toBe('America/Chicago')
    await user.clear(zone)
    await user.type(zone, 'America/Los_Angeles')
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(call).toHaveBeenLastCalledWith({
      name: 'editCity',
      id: boise.id,
      body: { name: 'Boise', state: 'ID', permitFee: 30_000, timeZone: 'America/Los_Angeles' },
    })
    expect(screen.getByRole('cell', { name: 'America/Los_Angeles' })).toBeTruthy()

    const add = await openDialog(user, 'Add city')
    await user.type(textbox(add, 'City'), 'Honolulu')
    await user.selectOptions(stateOf(add), 'Hawaii')
    await user.type(textbox(add, 'Permit fee ($)'), '400')
    await user.click(within(add).getByRole('button', { name: 'Add city' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(call).toHaveBeenLastCalledWith({
      name: 'createCity',
      body: { name: 'Honolulu', state: 'HI', permitFee: 40_000 },
    })
    expect(screen.getByRole('cell', { name: 'Pacific/Honolulu' })).toBeTruthy()
  })
})

describe('delete confirmation', () => {
  it('asks first: Cancel keeps the row, confirming removes it', async () => {
    const { actor, call } = await startAdmin(
      { Engineers: [engineer(6, 'Ann Bell'), engineer(7, 'Bo Chen')] },
      async () => ({ name: 'deleteEngineer', data: uuid(6) }),
    )
    const { user } = renderSection(<EngineersSection actor={actor} />)
    await user.click(screen.getByRole('button', { name: 'Delete Ann Bell' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this engineer?' })
    expect(dialog.textContent).toContain('Ann Bell will be deleted.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(call).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Delete Ann Bell' }))
    await user.click(screen.getByRole('button', { name: 'Delete engineer' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(call).toHaveBeenCalledWith({ name: 'deleteEngineer', id: uuid(6) })
    expect(rowNames()).toEqual(['Bo Chen'])
  })

  it('shows the server’s refusal (yourself, the last admin) and keeps the row', async () => {
    const { actor } = await startAdmin({ Admins: [admin(1, 'Ada Admin')] }, () =>
      Promise.reject(refusal(409, 'PoolPath needs at least one admin: this is the last one.')),
    )
    const { user } = renderSection(<AdminsSection actor={actor} />)
    await user.click(screen.getByRole('button', { name: 'Delete Ada Admin' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this admin?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete admin' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'PoolPath needs at least one admin: this is the last one.',
    )
    expect(dialog.hasAttribute('open')).toBe(true)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(rowNames()).toEqual(['Ada Admin'])
  })
})
