import { vi } from 'vitest'
import {
  STARTUP_DAYS,
  type Equipment,
  type EquipmentBody,
  type Passport,
  type StartupDay,
  type StartupDayBody,
} from '../../../contract/passport'
import type { ClientCall, ClientCallResult } from '../../../machines/client/client.machine'
import { apiProblem } from '../auth/harness'

/** What the fake passport holds at the start: any part a test is about, the rest empty. */
export type PassportSeed = Partial<Omit<Passport, 'equipment' | 'startupLog'>> & {
  equipment?: Equipment[]
  /** The pool-startup step's start, the log's day 1; null (not started) unless said. */
  startupStart?: string | null
  /** Days with readings, by day number. */
  days?: Record<number, Partial<StartupDay>>
}

const CREATED_AT = '2030-03-01T10:00:00.000Z'

/** An ISO date `days` later, in UTC as the server's dates are. */
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** An empty day of the log: dated once the step has started. */
const emptyDay = (day: number, start: string | null): StartupDay => ({
  day,
  date: start ? addDays(start, day - 1) : null,
  ph: null,
  freeChlorine: null,
  alkalinity: null,
  calcium: null,
  cya: null,
  brushed: false,
  note: '',
})

/** The 32 × 16 ft reference pool as the design has it. */
export const AS_BUILT: Passport['asBuilt'] = {
  shape: 'rectangle',
  lengthFt: 32,
  widthFt: 16,
  areaSqFt: 512,
  surfaceSqFt: 1002,
  gallons: 22_980,
  measuredGallons: null,
}

/** The final inspection, waiting: the passport is a draft. */
export const FINAL_WAITING: Passport['inspections'][number] = {
  slug: 'final',
  title: 'Final inspection',
  status: 'waiting',
  date: null,
  history: [],
}

/**
 * A fake of the passport's calls behind the network edge (PRODUCT.md §17): the equipment, the
 * start-up log and the measured gallons kept as the server keeps them, and the passport built
 * from them at each read.
 */
export function createFakePassportApi(seed: PassportSeed = {}) {
  let equipment = [...(seed.equipment ?? [])]
  let log = Array.from({ length: STARTUP_DAYS }, (_, n) => ({
    ...emptyDay(n + 1, seed.startupStart ?? null),
    ...seed.days?.[n + 1],
  }))
  let asBuilt = seed.asBuilt ?? AS_BUILT
  let ids = 0
  const passport = (): Passport => ({
    asBuilt,
    equipment,
    startupLog: log,
    inspections: seed.inspections ?? [FINAL_WAITING],
    trades: seed.trades ?? [],
    steps: seed.steps ?? [],
    warranties: seed.warranties ?? [],
    costBasis: seed.costBasis ?? { total: 0, steps: [] },
  })
  const fromBody = (id: string, body: EquipmentBody): Equipment => ({
    id,
    kind: body.kind,
    make: body.make,
    model: body.model,
    serial: body.serial ?? '',
    installedOn: body.installedOn ?? null,
    warrantyId: body.warrantyId ?? null,
    createdAt: CREATED_AT,
  })
  const known = (id: string) => {
    if (!equipment.some((piece) => piece.id === id))
      throw apiProblem(404, 'NOT_FOUND', 'This equipment is not on record.')
  }
  const handle = async (call: ClientCall): Promise<ClientCallResult> => {
    switch (call.name) {
      case 'equipment':
        return { name: 'equipment', data: equipment }
      case 'addEquipment': {
        const id = `0e000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`
        const piece = fromBody(id, call.body as EquipmentBody)
        equipment = [...equipment, piece]
        return { name: 'addEquipment', data: piece }
      }
      case 'editEquipment': {
        known(call.id)
        const piece = fromBody(call.id, call.body as EquipmentBody)
        equipment = equipment.map((p) => (p.id === call.id ? piece : p))
        return { name: 'editEquipment', data: piece }
      }
      case 'deleteEquipment':
        known(call.id)
        equipment = equipment.filter((p) => p.id !== call.id)
        return { name: 'deleteEquipment', data: { id: call.id } }
      case 'startupLog':
        return { name: 'startupLog', data: log }
      case 'setStartupDay': {
        const day = Number(call.day)
        const body = call.body as StartupDayBody
        const given = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined))
        log = log.map((d) => (d.day === day ? { ...d, ...given } : d))
        return { name: 'setStartupDay', data: log }
      }
      case 'passport':
        return { name: 'passport', data: passport() }
      case 'setPassport':
        asBuilt = { ...asBuilt, measuredGallons: call.body.measuredGallons ?? null }
        return { name: 'setPassport', data: passport() }
      default:
        throw new Error(`The fake passport API has no ${call.name}`)
    }
  }
  return { handle: vi.fn(handle) }
}
