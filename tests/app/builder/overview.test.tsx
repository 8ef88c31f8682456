// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Quote } from '../../../contract/domain'
import { nextActions } from '../../../src/features/builder/next-actions'
import { designEntry, emptyPoolData, renderBuilder, STAGES, stageId } from './harness'

afterEach(cleanup)

const quote = (n: number, accepted = false): Quote => ({
  id: `00000000-0000-4000-8000-00000000080${n}`,
  vendor: `Vendor ${n}`,
  amount: 100_000 * n,
  note: '',
  createdAt: '2026-06-01T12:00:00.000Z',
  accepted,
})

const engineer = {
  id: '00000000-0000-4000-8000-000000000901',
  name: 'Eve Engineer',
  company: 'Structa',
  email: 'eve@example.com',
  phone: '555 0100',
  licenseNo: 'PE-1',
  fee: 150_000,
}

const project = (poolData = emptyPoolData()) => ({
  stages: STAGES,
  poolData,
  Engineers: [engineer],
})
const texts = (poolData = emptyPoolData()) => nextActions(project(poolData)).map((a) => a.text)

describe('next actions', () => {
  it('asks for the pool design first, and nothing else until it is saved', () => {
    expect(texts()).toEqual(['Save your pool design to see every estimate'])
  })

  it('then walks the steps in construction order, at most five, a project builder last', () => {
    expect(texts(emptyPoolData({ nonStages: [designEntry()] }))).toEqual([
      'Mark Pool Design as done once the design is final',
      'Choose your engineer',
      'Add quotes for Permits',
      'Add quotes for Excavation',
      'Rather not run the build yourself? Request a project builder',
    ])
  })

  it('says what a step with quotes still needs: one accepted, then done', () => {
    const poolData = emptyPoolData({
      BuilderRequested: true,
      nonStages: [
        { ...designEntry(), done: true },
        {
          Title: 'Engineering',
          choices: { engineerId: engineer.id },
          done: true,
          doneAt: null,
          quotes: [],
        },
        { Title: 'Permits', choices: {}, done: false, doneAt: null, quotes: [quote(1, true)] },
      ],
      poolChoices: [
        {
          StageId: stageId('excavation'),
          choices: {},
          done: false,
          doneAt: null,
          quotes: [quote(1), quote(2)],
        },
        { StageId: stageId('steel'), choices: {}, done: false, doneAt: null, quotes: [quote(3)] },
      ],
    })
    expect(texts(poolData)).toEqual([
      'Mark Permits as done when the work is finished',
      'Accept one of your 2 quotes for Excavation',
      'Accept your quote for Steel',
      'Add quotes for Plumbing',
      'Add quotes for Electrical',
    ])
  })
})

describe('the Overview page', () => {
  it('links each next step to its page, and shows the progress and the budget', async () => {
    const { user, router } = await renderBuilder('/builder/overview', {
      poolData: emptyPoolData({ nonStages: [designEntry()] }),
    })
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy()
    const steps = screen.getByRole('region', { name: 'Next steps' })
    expect(within(steps).getAllByRole('link')).toHaveLength(5)
    const progress = screen.getByRole('region', { name: 'Progress' })
    expect(within(progress).getByRole('progressbar', { name: '0 of 13 steps done' })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Budget' }).textContent).toContain('Estimate$38,750')
    await user.click(within(steps).getByRole('link', { name: 'Add quotes for Permits' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Permits' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/builder/permits')
  })

  it('is the first link of the Project navigation once the design is saved', async () => {
    await renderBuilder('/builder/pool-design', {
      poolData: emptyPoolData({ nonStages: [designEntry()] }),
    })
    const project = screen.getByRole('navigation', { name: 'Project' })
    expect(
      within(project)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Overview', 'Timeline', 'Budget'])
  })

  it('has no Project navigation before the design is saved', async () => {
    await renderBuilder('/builder/pool-design')
    expect(screen.queryByRole('navigation', { name: 'Project' })).toBeNull()
  })
})
