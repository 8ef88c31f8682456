import { createActor } from 'xstate'
import type {
  AdminClient,
  AdminFetchData,
  AdminUser,
  City,
  DesignTip,
  Engineer,
  Manager,
  ManagerRequest,
  NonStageEntry,
  NonStageTitle,
  PoolData,
  Stage,
  StageEntry,
} from '../../contract'
import type { BidRequest } from '../../contract/bids'
import { clientMachine } from '../../machines/client/client.machine'

/** Small, valid domain values for the machine tests: only what a test varies is a parameter. */

/** A version-4-shaped UUID whose last digits are `n`, so tests can name ids by number. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

const createdAt = '2025-01-01T00:00:00.000Z'

export const stageEntry = (n: number, done = false): StageEntry => ({
  StageId: uuid(n),
  choices: {},
  done,
  doneAt: done ? createdAt : null,
  quotes: [],
})

export const nonStageEntry = (Title: NonStageTitle, done = false): NonStageEntry => ({
  Title,
  choices: {},
  done,
  doneAt: done ? createdAt : null,
  quotes: [],
})

/** Person `n` of the directory: how a client reaches them, at the company all of that kind share. */
const contact = (n: number, name: string, company: string, mailbox: string, phone: string) => ({
  id: uuid(n),
  name,
  company,
  email: `${mailbox}${n}@example.com`,
  phone,
})

export const engineer = (n: number, name = `Engineer ${n}`): Engineer => ({
  ...contact(n, name, 'Structa', 'e', '555 0100'),
  licenseNo: `PE-${n}`,
  fee: 150_000,
})

export const manager = (n: number, name = `Manager ${n}`): Manager => ({
  ...contact(n, name, 'Poolworks', 'm', '555 0101'),
  bio: '',
  yearsExperience: 10,
  fee: 500_000,
})

export const city = (n: number, name = `City ${n}`): City => ({
  id: uuid(n),
  name,
  state: 'TX',
  permitFee: 40_000,
  timeZone: 'America/Chicago',
})

export const admin = (n: number, name = `Admin ${n}`): AdminUser => ({
  id: uuid(n),
  email: `a${n}@example.com`,
  name,
  role: 'ADMIN',
  createdAt,
})

export const client = (n: number, onWaiting = false): AdminClient => ({
  id: uuid(n),
  email: `c${n}@example.com`,
  name: `Client ${n}`,
  role: 'CLIENT',
  createdAt,
  phone: '555 0102',
  address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  onWaiting,
  perk: null,
  Flag: !onWaiting,
  stepsDone: 0,
  committed: 0,
  paid: 0,
  storageUsed: 0,
})

export const tip = (n: number, stageId: string, text = `Tip ${n}`): DesignTip => ({
  id: uuid(n),
  stageId,
  text,
})

export const stage = (n: number, base = 50_000): Stage => ({
  id: uuid(n),
  slug: 'excavation',
  title: `Stage ${n}`,
  order: n,
  pricing: {
    base,
    unit: 'flat',
    unitPrice: 0,
    options: [{ key: 'standard', label: 'Standard', multiplier: 1 }],
    items: [],
  },
  designTip: tip(n + 1000, uuid(n)),
})

/** A fetch answer with one item in every list; `overrides` swaps whole lists. */
export const fetchData = (overrides: Partial<AdminFetchData> = {}): AdminFetchData => ({
  Admins: [admin(1)],
  Cities: [city(2)],
  Stages: [stage(3)],
  NonStages: [{ title: 'Permits', description: 'Permits text' }],
  Clients: [client(4)],
  Managers: [manager(5)],
  Engineers: [engineer(6)],
  UsersWithPerks: [],
  BuilderRequests: [],
  ManagerRequests: [],
  UsersOnWaiting: [client(7, true)],
  Schedule: [{ step: 'steel', title: 'Steel', durationDays: 3, waitDays: 0 }],
  Scope: [{ step: 'steel', items: [{ id: uuid(8), text: 'Chairs and spacers', share: 5 }] }],
  Checklists: [
    {
      cityId: uuid(2),
      inspection: 'final',
      someoneHome: true,
      items: [{ id: uuid(9), text: 'Barrier complete', photo: false, code: null }],
    },
  ],
  ...overrides,
})

/** A project with nothing chosen yet, in a city whose permit fee is $450. */
export const emptyPoolData = (over: Partial<PoolData> = {}): PoolData => ({
  poolChoices: [],
  nonStages: [],
  BuilderRequested: false,
  PermitFee: 45_000,
  ManagerRequests: [],
  ...over,
})

/** Client 1's request `n` for manager 11, answered with `status`. */
export const managerRequest = (status: ManagerRequest['status'], n = 0): ManagerRequest => ({
  id: uuid(900 + n),
  clientId: uuid(1),
  clientName: 'Pat',
  managerId: uuid(11),
  managerName: 'Max',
  message: 'May?',
  status,
  createdAt: '2026-05-01T00:00:00.000Z',
})

/** Bid request `n` for the steel step, sent to trade 901. */
export const bidRequest = (n: number, status: BidRequest['status'] = 'sent'): BidRequest => ({
  id: uuid(500 + n),
  step: 'steel',
  tradeId: uuid(901),
  company: 'Rebar Co',
  dueOn: '2030-03-10',
  message: '',
  status,
  sentAt: '2030-03-01T10:00:00.000Z',
  viewedAt: null,
  respondedAt: null,
  quoteId: null,
  declineReason: null,
  fileIds: [],
})

/** The client's context as it starts: none of its lists read yet. */
export const clientAtStart = () => createActor(clientMachine, { input: {} }).getSnapshot().context
