import type { AdminFetchData, SessionData } from '../../../contract/api'
import type { Stage } from '../../../contract/domain'

export const uuid = () => crypto.randomUUID()
const createdAt = '2025-01-01T00:00:00.000Z'

export const stage = (order: number, title = `Stage ${order}`): Stage => {
  const id = uuid()
  return {
    id,
    slug: title.toLowerCase().replace(/\s+/g, '-'),
    title,
    order,
    pricing: {
      base: 100_000,
      unit: 'flat',
      unitPrice: 0,
      options: [{ key: 'standard', label: 'Standard', multiplier: 1 }],
      items: [],
    },
    designTip: { id: uuid(), stageId: id, text: 'Plan ahead.' },
  }
}

export const session = (): SessionData => ({
  Token: 'access-token',
  userData: {
    id: uuid(),
    email: 'ana@example.com',
    name: 'Ana',
    role: 'CLIENT',
    createdAt,
    phone: '555 0100',
    address: '1 Pool Lane',
    city: 'Austin',
    state: 'TX',
    onWaiting: false,
    perk: null,
  },
  role: 'CLIENT',
  poolData: null,
  Flag: true,
  Engineers: [],
  Managers: [],
})

export const adminData = (): AdminFetchData => ({
  Admins: [{ id: uuid(), email: 'boss@example.com', name: 'Boss', role: 'ADMIN', createdAt }],
  Cities: [],
  Stages: [stage(1)],
  NonStages: [],
  Clients: [],
  Managers: [],
  Engineers: [],
  UsersWithPerks: [],
  BuilderRequests: [],
  ManagerRequests: [],
  UsersOnWaiting: [],
  Schedule: [],
  Scope: [],
  Checklists: [],
})
