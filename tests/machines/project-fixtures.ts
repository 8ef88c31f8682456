import { DEFAULT_SCHEDULE, type PoolData, type Quote, type Stage } from '../../contract'
import { moneyOf, type MoneyRows } from '../../contract/money-answer'
import type { ProjectRow, ProjectView } from '../../contract/projects'
import { timeline } from '../../contract/scheduling'
import type { Trade } from '../../contract/trades'
import { client, emptyPoolData } from './fixtures'

const TODAY = '2026-06-01'
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

/** A row of the Projects as the server answers it, for the client numbered `n`. */
export const projectRow = (n: number, over: Partial<ProjectRow> = {}): ProjectRow => ({
  clientId: uuid(n),
  owner: `Client ${n}`,
  city: 'Austin',
  state: 'TX',
  stepsDone: 3,
  forecastFinish: '2026-09-14',
  slipDays: 4,
  nextInspection: { slug: 'pre-gunite', title: 'Pre-gunite inspection', date: '2026-06-20' },
  flags: [],
  managers: ['Max Manager'],
  ...over,
})

export const projectTrade = (n: number, over: Partial<Trade> = {}): Trade => ({
  id: uuid(600 + n),
  company: `Dig Co ${n}`,
  contact: 'Dee Digger',
  email: `dig${n}@example.com`,
  phone: null,
  steps: ['excavation'],
  licence: { number: '7654321', classification: 'C-12', checkedOn: TODAY },
  insurance: { expiresOn: '2099-01-01', fileId: null },
  workersComp: { exempt: true, expiresOn: null, fileId: null },
  warnings: [],
  createdAt: `${TODAY}T12:00:00.000Z`,
  ...over,
})

export const projectQuote = (n: number, over: Partial<Quote> = {}): Quote => ({
  id: uuid(700 + n),
  vendor: `Vendor ${n}`,
  amount: 1_200_000,
  note: '',
  createdAt: `${TODAY}T12:00:00.000Z`,
  accepted: false,
  tradeId: null,
  bidRequestId: null,
  items: null,
  validUntil: null,
  fileId: null,
  levelled: null,
  enteredBy: null,
  ...over,
})

const NO_ROWS: MoneyRows = {
  contracts: [],
  draws: [],
  payments: [],
  changeOrders: [],
  paymentRequests: [],
  notices: [],
  noticeWaivers: [],
}

/**
 * One project as GET /api/admin/projects/{clientId} answers it: the client numbered `n`, started
 * on June 1, its timeline and money computed by the contract's own modules as the server does.
 */
export function projectView(
  n: number,
  stages: readonly Stage[],
  over: { poolData?: Partial<PoolData>; trades?: Trade[] } = {},
): ProjectView {
  const poolData = emptyPoolData(over.poolData)
  const facts = { startDate: TODAY, baseline: null, steps: {}, inspections: {} }
  const plan = timeline(facts, DEFAULT_SCHEDULE, TODAY, [])
  return {
    overview: {
      client: client(n),
      poolData,
      managers: [{ id: uuid(500), name: 'Max Manager' }],
    },
    timeline: plan,
    money: moneyOf(NO_ROWS, {
      project: { stages, poolData, Engineers: [] },
      timeline: plan,
      today: TODAY,
    }),
    files: [],
    trades: over.trades ?? [projectTrade(1)],
  }
}
