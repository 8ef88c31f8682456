// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { projectRow } from '../../machines/project-fixtures'
import { openProjects } from './harness'

const ROWS = [
  projectRow(2, { owner: 'Fran Diaz', flags: ['LATE', 'WAIVER'], slipDays: 6 }),
  projectRow(3, { owner: 'Bo Park', city: 'Round Rock', flags: [], slipDays: 0 }),
]

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent)

describe('the Projects', () => {
  it('lists a manager’s projects with their flags as badges, in the server’s order', async () => {
    await openProjects('/admin/projects', 'MANAGER', { projects: async () => ROWS })
    expect(screen.getByRole('heading', { level: 1, name: 'Projects' })).toBeTruthy()
    await waitFor(() => expect(rowNames()).toEqual(['Fran Diaz', 'Bo Park']))
    const fran = screen.getAllByRole('row')[1]
    if (!fran) throw new Error('no row')
    expect(within(fran).getByText('Running late')).toBeTruthy()
    expect(within(fran).getByText('Waiver missing')).toBeTruthy()
    expect(within(fran).getByText(/6 days late/)).toBeTruthy()
    expect(within(fran).getByText('3 of 13')).toBeTruthy()
    expect(within(fran).getByRole('link', { name: 'Fran Diaz' }).getAttribute('href')).toBe(
      `/admin/projects/${ROWS[0]?.clientId}`,
    )
  })

  it('finds projects by any column, and says when nothing matches', async () => {
    const { user } = await openProjects('/admin/projects', 'MANAGER', {
      projects: async () => ROWS,
    })
    await waitFor(() => expect(rowNames()).toHaveLength(2))
    const search = screen.getByRole('searchbox', { name: 'Search projects' })
    await user.type(search, 'round rock')
    await waitFor(() => expect(rowNames()).toEqual(['Bo Park']))
    await user.clear(search)
    await user.type(search, 'waiver')
    await waitFor(() => expect(rowNames()).toEqual(['Fran Diaz']))
    await user.type(search, 'zzz')
    expect(await screen.findByText('Nothing matches “waiverzzz”.')).toBeTruthy()
  })

  it('shows a manager only the Projects: any other admin address leads there', async () => {
    const { router } = await openProjects('/admin/pricing', 'MANAGER')
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/projects'))
    const nav = screen.getByRole('navigation', { name: 'Admin sections' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Projects'])
    expect(await screen.findByText('No projects are assigned to you yet.')).toBeTruthy()
  })

  it('is one of an admin’s sections, beside the others', async () => {
    await openProjects('/admin/projects', 'ADMIN')
    const nav = screen.getByRole('navigation', { name: 'Admin sections' })
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent)
    expect(links).toEqual(expect.arrayContaining(['Pricing', 'Scope', 'Checklists', 'Projects']))
    expect(await screen.findByText('No project has started yet.')).toBeTruthy()
  })

  it('says why the list could not be read, and reads it again on Refresh', async () => {
    let fail = true
    const { user } = await openProjects('/admin/projects', 'MANAGER', {
      projects: async () => {
        if (fail) throw Object.assign(new Error('down'), { detail: 'The server is down.' })
        return ROWS
      },
    })
    expect((await screen.findByRole('alert')).textContent).toContain('The server is down.')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(rowNames()).toEqual(['Fran Diaz', 'Bo Park']))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
