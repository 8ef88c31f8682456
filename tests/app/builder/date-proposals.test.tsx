// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import type { DateProposal, DateProposalAnswer } from '../../../contract/timeline'
import { formatSpan } from '../../../src/features/builder/timeline-dates'
import { designEntry, emptyPoolData, renderBuilder } from './harness'

afterEach(cleanup)
document.documentElement.lang = 'en'
document.title = 'PoolPath'

/**
 * From Monday 1 June 2026 (the fake's today) the plan digs on 13–14 July; the excavation trade
 * proposes to start a week later.
 */
const PROPOSAL: DateProposal = {
  id: '00000000-0000-4000-8000-000000000901',
  step: 'excavation',
  company: 'Deep Dig Co',
  start: '2026-07-20',
  note: 'Our rig is on another job that week.',
  status: 'open',
  createdAt: '2026-06-01T09:00:00.000Z',
}

const options = {
  poolData: emptyPoolData({ nonStages: [designEntry()] }),
  proposals: [PROPOSAL],
}

async function timelineStartedJune1() {
  const view = await renderBuilder('/builder/timeline', options)
  await view.idle()
  await view.user.type(screen.getByLabelText('Project start date'), '2026-06-01')
  await view.user.click(screen.getByRole('button', { name: 'Set start date' }))
  await view.idle()
  return view
}

/** The baseline and forecast of excavation in the table of every step's dates. */
const excavationDates = () => {
  const table = screen.getByRole('table', { name: 'Dates of every step' })
  const row = within(table).getByRole('row', { name: /Excavation/ })
  return within(row)
    .getAllByRole('cell')
    .slice(0, 2)
    .map((cell) => cell.textContent)
}
/** The call that answers the proposal. */
const answered = (status: DateProposalAnswer) => ({
  name: 'answerDateProposal',
  id: PROPOSAL.id,
  body: { status },
})
const PLANNED = formatSpan({ start: '2026-07-13', end: '2026-07-14' })

describe('a trade’s date proposal', () => {
  it('on the Timeline: accepting it moves the step’s forecast, the baseline stays', async () => {
    const { user, idle, timelineCalls } = await timelineStartedJune1()
    const card = screen.getByRole('region', { name: 'Proposed dates' })
    const item = within(card).getByRole('listitem', {
      name: 'Deep Dig Co proposes starting Jul 20, 2026',
    })
    expect(within(item).getByText('Excavation')).toBeTruthy()
    expect(within(item).getByText('“Our rig is on another job that week.”')).toBeTruthy()
    expect(excavationDates()).toEqual([PLANNED, PLANNED])
    const result = await axe.run(card, { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations.map((v) => v.id)).toEqual([])

    await user.click(within(item).getByRole('button', { name: 'Accept new dates' }))
    await idle()
    expect(timelineCalls).toHaveBeenCalledWith(answered('accepted'))
    expect(excavationDates()).toEqual([
      PLANNED,
      formatSpan({ start: '2026-07-20', end: '2026-07-21' }),
    ])
    expect(within(card).queryByRole('button', { name: 'Accept new dates' })).toBeNull()
    const outcome = within(card).getByText(
      'You accepted Deep Dig Co’s start on Jul 20, 2026: the forecast now follows it.',
    )
    expect(document.activeElement).toBe(outcome)
  })

  it('in the step page’s Bids: keeping the plan leaves the dates as they were', async () => {
    const { user, idle, timelineCalls } = await renderBuilder('/builder/excavation', options)
    await idle()
    const bids = screen.getByRole('region', { name: 'Bids' })
    const item = within(bids).getByRole('listitem', {
      name: 'Deep Dig Co proposes starting Jul 20, 2026',
    })
    await user.click(within(item).getByRole('button', { name: 'Keep the plan' }))
    await idle()
    expect(timelineCalls).toHaveBeenCalledWith(answered('rejected'))
    expect(within(bids).getByText('You kept the plan: Deep Dig Co has been told.')).toBeTruthy()
    expect(within(bids).queryByRole('button', { name: 'Accept new dates' })).toBeNull()
  })
})
