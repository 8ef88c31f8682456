// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Quote, StageEntry } from '../../../contract/domain'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import { designEntry, emptyPoolData, renderBuilder, stageId, NO_BID } from './harness'

fakeModalDialogs()
afterEach(cleanup)

const accepted = (n: number, amount: number): Quote => ({
  id: `00000000-0000-4000-8000-0000000009${String(n).padStart(2, '0')}`,
  vendor: `Vendor ${n}`,
  amount,
  note: '',
  createdAt: '2026-06-01T12:00:00.000Z',
  accepted: true,
  tradeId: null,
  ...NO_BID,
})

/** A metered step with a signed contract, done or not. */
const contracted = (slug: string, n: number, done: boolean): StageEntry => ({
  StageId: stageId(slug),
  choices: {},
  done,
  doneAt: done ? '2026-06-01T12:00:00.000Z' : null,
  quotes: [accepted(n, 900_000)],
})

async function lengthenTo(feet: string, poolChoices: StageEntry[]) {
  const app = await renderBuilder('/builder/pool-design', {
    poolData: emptyPoolData({ nonStages: [designEntry()], poolChoices }),
  })
  const length = screen.getByRole('spinbutton', { name: /Length/ })
  await app.user.clear(length)
  await app.user.type(length, feet)
  return app
}

/**
 * Excavation done and Steel done or not, both under contract: the pool lengthened to 40 ft and
 * saved. Answers what the form said before the save.
 */
async function saveLongerAfterDig(steelDone: boolean) {
  const { user } = await lengthenTo('40', [
    contracted('excavation', 1, true),
    contracted('steel', 2, steelDone),
  ])
  const warning = screen.getByText(/this changes the plan/).textContent
  await user.click(screen.getByRole('button', { name: 'Save design' }))
  await screen.findByText('Design saved')
  return warning
}

describe('changing the design once work is done', () => {
  it('warns that the dug hole stays, and leaves the done dig out of the change orders', async () => {
    expect(await saveLongerAfterDig(false)).toBe(
      'Excavation is done: this changes the plan, not the hole.',
    )
    const dialog = await screen.findByRole('dialog', {
      name: 'Your design changes signed contracts',
    })
    const lines = within(dialog).getAllByRole('listitem')
    expect(lines.map((line) => line.querySelector('.ripple-title')?.textContent)).toEqual(['Steel'])
    expect(screen.queryByText(/this changes the plan/)).toBeNull()
  })

  it('offers no change order when every contracted step is done', async () => {
    expect(await saveLongerAfterDig(true)).toBe(
      'Excavation and Steel are done: this changes the plan, not what is built.',
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('says nothing while no construction step is done', async () => {
    await lengthenTo('40', [contracted('excavation', 1, false)])
    expect(screen.queryByText(/this changes the plan/)).toBeNull()
  })
})
