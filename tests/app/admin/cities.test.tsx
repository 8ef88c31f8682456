// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AdminClient } from '../../../contract'
import { CitiesSection } from '../../../src/features/admin/directory-sections'
import { WaitingListSection } from '../../../src/features/admin/waiting-list-section'
import { city, client, uuid } from '../../machines/fixtures'
import { renderSection, startAdmin } from './harness'

afterEach(cleanup)

const tampa = { ...city(1, 'Tampa'), state: 'FL' }
/** A client of the served `place`, building there. */
const livingIn = (n: number, place: string, state: string): AdminClient => ({
  ...client(n),
  name: `Client ${n}`,
  city: place,
  state,
})

describe('deleting a served city', () => {
  it('says how many clients live there and that they go back on the waiting list, where they then show', async () => {
    const clients = [
      livingIn(2, 'Tampa', 'FL'),
      livingIn(3, 'tampa ', 'fl'),
      livingIn(4, 'Tampa', 'TX'),
    ]
    const { actor, call } = await startAdmin(
      { Cities: [tampa], Clients: clients, UsersOnWaiting: [] },
      async (_, server) => {
        // As the server does: the city's clients lose Flag and wait for it again.
        const back = clients.slice(0, 2).map((c) => ({ ...c, Flag: false, onWaiting: true }))
        server.Cities = []
        server.Clients = [...back, clients[2] as AdminClient]
        server.UsersOnWaiting = back
        return { name: 'deleteCity', data: tampa.id }
      },
    )
    const { user } = renderSection(
      <>
        <CitiesSection actor={actor} />
        <WaitingListSection actor={actor} />
      </>,
    )
    await user.click(screen.getByRole('button', { name: 'Delete Tampa, FL' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this city?' })
    expect(dialog.textContent).toContain(
      'Tampa, FL will be deleted. 2 clients live there; they go back on the waiting list. This cannot be undone.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Delete city' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(call).toHaveBeenCalledWith({ name: 'deleteCity', id: uuid(1) })
    const list = await screen.findByRole('table', { name: 'Waiting clients by city' })
    expect(within(list).getByRole('columnheader', { name: 'Tampa, FL (2)' })).toBeTruthy()
  })

  it('says nothing more for a city nobody lives in', async () => {
    const { actor } = await startAdmin({ Cities: [tampa], Clients: [livingIn(2, 'Austin', 'TX')] })
    const { user } = renderSection(<CitiesSection actor={actor} />)
    await user.click(screen.getByRole('button', { name: 'Delete Tampa, FL' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this city?' })
    expect(dialog.textContent).toContain('Tampa, FL will be deleted. This cannot be undone.')
  })
})
