// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SECTION_SCREENS } from '../../../src/features/admin/admin-area'
import { CitiesSection } from '../../../src/features/admin/directory-sections'
import { PricingSection } from '../../../src/features/admin/pricing-section'
import { ADMIN_DATA_SECTIONS } from '../../../src/features/admin/section-titles'
import { client, stage } from '../../machines/fixtures'
import { refusal, renderSection, startAdmin } from './harness'
import { likeTheRealPage, violations } from '../../support/axe-jsdom'

likeTheRealPage()

describe('admin screens have no axe violations', () => {
  it.each(ADMIN_DATA_SECTIONS.map((s) => s.route))('%s, with data', async (route) => {
    const { actor } = await startAdmin({
      UsersWithPerks: [{ ...client(8), perk: 'Free tile' }],
      BuilderRequests: [
        {
          id: client(9).id,
          clientId: client(4).id,
          clientName: 'Client 4',
          status: 'open',
          createdAt: '2026-01-02T00:00:00.000Z',
        },
      ],
    })
    const Screen = SECTION_SCREENS[route]
    renderSection(<Screen actor={actor} />)
    expect(await violations()).toEqual([])
  })

  it('an add dialog with the server’s field errors', async () => {
    const { actor } = await startAdmin({}, () =>
      Promise.reject(
        refusal(400, 'Check the fields.', { state: ['Use the two-letter state code'] }),
      ),
    )
    const { user } = renderSection(<CitiesSection actor={actor} />)
    await user.click(screen.getByRole('button', { name: 'Add city' }))
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Austin')
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'TX')
    await user.type(screen.getByRole('textbox', { name: 'Permit fee ($)' }), '400{Enter}')
    await screen.findByText('Use the two-letter state code')
    expect(await violations()).toEqual([])
  })

  it('the pricing dialog and a delete confirmation', async () => {
    const { actor } = await startAdmin({ Stages: [stage(3)] })
    const { user } = renderSection(<PricingSection actor={actor} />)
    await user.click(screen.getByRole('button', { name: 'Edit pricing for Stage 3' }))
    expect(await violations()).toEqual([])
    cleanup()
    renderSection(<CitiesSection actor={actor} />)
    await user.click(screen.getByRole('button', { name: 'Delete City 2, TX' }))
    expect(await violations()).toEqual([])
  })
})
