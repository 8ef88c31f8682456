// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Quote } from '../../../contract/domain'
import type { Draw, Money, MoneyStep } from '../../../contract/money'
import { nextActions } from '../../../src/features/builder/overview/next-actions'
import { designEntry, emptyPoolData, renderBuilder, STAGES, stageId, NO_BID } from './harness'

afterEach(cleanup)

const quote = (n: number, accepted = false): Quote => ({
  id: `00000000-0000-4000-8000-00000000080${n}`,
  vendor: `Vendor ${n}`,
  amount: 100_000 * n,
  note: '',
  createdAt: '2026-06-01T12:00:00.000Z',
  accepted,
  tradeId: null,
  ...NO_BID,
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

/** A draw of `amount` with `paid` paid on it, and no lien waiver. */
const draw = (n: number, label: string, due: Draw['due'], amount: number, paid = 0): Draw => ({
  id: `00000000-0000-4000-8000-00000000099${n}`,
  label,
  amount,
  due,
  dueOn: null,
  paid,
  payments: paid
    ? [
        {
          id: `00000000-0000-4000-8000-00000000098${n}`,
          paidOn: '2026-06-01',
          amount: paid,
          method: 'check',
          reference: '',
        },
      ]
    : [],
  lienWaiverFileId: null,
  requests: [],
  conditionalWaiverFileId: null,
  unconditionalWaiverFileId: null,
  noticeWaivers: [],
})

const contract = (step: MoneyStep['step'], title: string, draws: Draw[]): MoneyStep => ({
  step,
  title,
  estimate: 800_000,
  contract: {
    quoteId: `00000000-0000-4000-8000-0000000008${draws.length}0`,
    vendor: 'Co',
    amount: 900_000,
  },
  changeOrders: [],
  committed: 900_000,
  paid: draws.reduce((sum, d) => sum + d.paid, 0),
  draws,
  warnings: [],
})

describe('next actions for money', () => {
  const farOff = "Excavation's accepted quote is far above typical — check what it includes"
  const money: Money = {
    totals: { estimate: 3_875_000, committed: 1_800_000, paid: 100_000, remaining: 1_700_000 },
    steps: [
      contract('excavation', 'Excavation', [
        draw(1, 'Deposit', 'signing', 90_000),
        draw(2, 'Balance', 'done', 810_000),
      ]),
      contract('steel', 'Steel', [
        draw(3, 'Deposit', 'signing', 100_000, 100_000),
        draw(4, 'Balance', 'done', 800_000),
      ]),
    ],
    warnings: [{ code: 'QUOTE_FAR_OFF', step: 'excavation', message: farOff }],
    cashflow: [],
  }

  it('asks for an unpaid deposit, a paid draw’s lien waiver and a look at a far-off quote', () => {
    const poolData = emptyPoolData({ BuilderRequested: true, nonStages: [designEntry()] })
    const actions = nextActions(project(poolData), null, money)
    expect(actions.slice(0, 3)).toEqual([
      { text: 'Record the deposit for Excavation', route: 'budget' },
      {
        text: "Upload the lien waiver for Steel's deposit",
        route: 'budget',
        hash: 'lien-waiver-00000000-0000-4000-8000-000000000993',
      },
      { text: farOff, route: 'excavation' },
    ])
  })

  it('asks nothing of money once the deposits are paid and waived', () => {
    const settled: Money = {
      ...money,
      warnings: [],
      steps: money.steps.map((step) => ({
        ...step,
        draws: step.draws.map((d) => ({ ...d, paid: d.amount, lienWaiverFileId: d.id })),
      })),
    }
    const poolData = emptyPoolData({ BuilderRequested: true, nonStages: [designEntry()] })
    const texts = nextActions(project(poolData), null, settled).map((a) => a.text)
    expect(texts.filter((t) => /deposit|lien|typical/.test(t))).toEqual([])
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
    expect(screen.getByRole('region', { name: 'Budget' }).textContent).toContain(
      'Estimate$38,750CommittedNone yetPaid$0',
    )
    // The head pictures the client's own pool and names whose project it is, and where.
    const head = screen.getByRole('heading', { level: 1, name: 'Overview' }).closest('header')
    if (!head) throw new Error('the Overview has no head')
    expect(within(head).getByText('Pat Doe · Boise, ID')).toBeTruthy()
    expect(
      within(head).getByRole('img', { name: /^Plan view: 32 by 16 ft rectangle/ }),
    ).toBeTruthy()
    // Each next step wears its step's icon, as the sidebar shows it.
    for (const link of within(steps).getAllByRole('link'))
      expect(link.querySelector('svg.next-action-icon[aria-hidden="true"]')).toBeTruthy()
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
    ).toEqual(['Overview', 'Timeline', 'Budget', 'Documents', 'Trades', 'Messages', 'Passport'])
  })

  it('has no Project navigation before the design is saved', async () => {
    await renderBuilder('/builder/pool-design')
    expect(screen.queryByRole('navigation', { name: 'Project' })).toBeNull()
  })
})
