// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { EngineersSection, ManagersSection } from '../../../src/features/admin/directory-sections'
import { WaitingListSection } from '../../../src/features/admin/waiting-list-section'
import { client, engineer, manager } from '../../machines/fixtures'
import { renderSection, startAdmin } from './harness'

afterEach(cleanup)

const phoneCells = (table: string) => {
  const rows = within(screen.getByRole('table', { name: table })).getAllByRole('row')
  const column = within(rows[0] as HTMLElement)
    .getAllByRole('columnheader')
    .findIndex((h) => h.textContent?.startsWith('Phone'))
  return rows.slice(1).flatMap((row) => {
    const cell = within(row).queryAllByRole('cell')[column]
    return cell ? [cell.textContent] : []
  })
}

describe('phone numbers', () => {
  it('are shown as people read them, however they were typed', async () => {
    const { actor } = await startAdmin({
      Engineers: [{ ...engineer(6), phone: '5125550100' }],
      Managers: [{ ...manager(5), phone: '+1 512.555.0101' }],
      UsersOnWaiting: [{ ...client(7, true), phone: '512 555 0102' }],
    })
    renderSection(
      <>
        <EngineersSection actor={actor} />
        <ManagersSection actor={actor} />
        <WaitingListSection actor={actor} />
      </>,
    )
    expect(phoneCells('Engineers')).toEqual(['(512) 555-0100'])
    expect(phoneCells('Managers')).toEqual(['(512) 555-0101'])
    expect(phoneCells('Waiting clients by city')).toEqual(['(512) 555-0102'])
  })
})
