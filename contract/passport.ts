/**
 * The pool passport on the wire (PRODUCT.md §17, §18a): what the owner keeps at handover — the
 * pool as built, its equipment, the start-up log, and the record of the build (inspections,
 * trades, contracts and payments, waivers, warranties, cost basis). Its PDF and ZIP are files.
 */
import { z } from 'zod/mini'
import { PoolShape } from './choices'
import { InspectionSlug, StepSlug } from './construction'
import { Timestamp } from './domain'
import { ChangeOrder, Payment } from './money'
import { WaiverKind } from './notices'
import { Required, Text } from './text'
import { DateInput, InspectionEvent, InspectionStatus, IsoDate } from './timeline'
import { Warranty } from './documents'
import { Cents } from './pricing'

export const EQUIPMENT_KINDS = [
  'pump',
  'filter',
  'heater',
  'sanitizer',
  'automation',
  'light',
  'cover',
  'cleaner',
  'other',
] as const
export const EquipmentKind = z.enum(EQUIPMENT_KINDS, 'Choose a kind')
export type EquipmentKind = z.infer<typeof EquipmentKind>

/** What a person reads for each kind (the "Kind" select, the passport's table). */
export const EQUIPMENT_KIND_LABELS: Record<EquipmentKind, string> = {
  pump: 'Pump',
  filter: 'Filter',
  heater: 'Heater',
  sanitizer: 'Sanitizer',
  automation: 'Automation',
  light: 'Light',
  cover: 'Cover',
  cleaner: 'Cleaner',
  other: 'Other',
}

export const MAX_EQUIPMENT = 50

export const Equipment = z.object({
  id: z.uuid(),
  kind: EquipmentKind,
  make: z.string(),
  model: z.string(),
  serial: z.string(),
  installedOn: z.nullable(IsoDate),
  /** The warranty that covers it, one of the project's (§11). */
  warrantyId: z.nullable(z.uuid()),
  createdAt: Timestamp,
})
export type Equipment = z.infer<typeof Equipment>

export const EquipmentBody = z.strictObject({
  kind: EquipmentKind,
  make: Required(100),
  model: Required(100),
  serial: z.optional(Text(100)),
  installedOn: z.optional(z.nullable(DateInput)),
  warrantyId: z.optional(z.nullable(z.uuid('Unknown warranty'))),
})
export type EquipmentBody = z.output<typeof EquipmentBody>

/** The start-up log runs 28 days from the pool-startup step's start. */
export const STARTUP_DAYS = 28

/** Each reading's allowed values (the input's bounds) and the target range the page shows. */
export const STARTUP_READINGS = {
  ph: { label: 'pH', unit: '', min: 6, max: 9, target: [7.4, 7.6], step: 0.1 },
  freeChlorine: { label: 'Free chlorine', unit: 'ppm', min: 0, max: 20, target: [1, 3], step: 0.1 },
  alkalinity: { label: 'Alkalinity', unit: 'ppm', min: 0, max: 300, target: [80, 120], step: 1 },
  calcium: { label: 'Calcium', unit: 'ppm', min: 0, max: 1000, target: [200, 400], step: 1 },
  cya: { label: 'CYA', unit: 'ppm', min: 0, max: 200, target: [30, 50], step: 1 },
} as const
export type StartupReading = keyof typeof STARTUP_READINGS
export const STARTUP_READING_KEYS = Object.keys(STARTUP_READINGS) as StartupReading[]

/** True when a recorded value lies outside its target range (the table marks it). */
export const outOfRange = (reading: StartupReading, value: number | null) => {
  if (value === null) return false
  const [low, high] = STARTUP_READINGS[reading].target
  return value < low || value > high
}

const reading = (key: StartupReading) => {
  const { label, min, max } = STARTUP_READINGS[key]
  return z.optional(
    z.nullable(
      z
        .number(`Enter ${label} as a number`)
        .check(
          z.minimum(min, `Enter ${label} from ${min} to ${max}`),
          z.maximum(max, `Enter ${label} from ${min} to ${max}`),
        ),
    ),
  )
}

export const StartupDay = z.object({
  day: z.int(),
  /** The pool-startup step's start + day − 1; null while it has not started. */
  date: z.nullable(IsoDate),
  ph: z.nullable(z.number()),
  freeChlorine: z.nullable(z.number()),
  alkalinity: z.nullable(z.number()),
  calcium: z.nullable(z.number()),
  cya: z.nullable(z.number()),
  brushed: z.boolean(),
  note: z.string(),
})
export type StartupDay = z.infer<typeof StartupDay>

export const StartupDayParams = z.strictObject({
  day: z
    .pipe(
      z.string().check(z.regex(/^[0-9]{1,2}$/, 'Enter a day from 1 to 28')),
      z.transform(Number),
    )
    .check(z.refine((day: number) => day >= 1 && day <= STARTUP_DAYS, 'Enter a day from 1 to 28')),
})

/** One day's readings; a field left out keeps its value, null clears it. */
export const StartupDayBody = z.strictObject({
  ph: reading('ph'),
  freeChlorine: reading('freeChlorine'),
  alkalinity: reading('alkalinity'),
  calcium: reading('calcium'),
  cya: reading('cya'),
  brushed: z.optional(z.boolean()),
  note: z.optional(Text(500)),
})
export type StartupDayBody = z.output<typeof StartupDayBody>

export const MIN_MEASURED_GALLONS = 100
export const MAX_MEASURED_GALLONS = 200_000

export const PassportBody = z.strictObject({
  measuredGallons: z.optional(
    z.nullable(
      z
        .int('Enter whole gallons')
        .check(
          z.minimum(MIN_MEASURED_GALLONS, 'Enter 100 to 200,000 gallons'),
          z.maximum(MAX_MEASURED_GALLONS, 'Enter 100 to 200,000 gallons'),
        ),
    ),
  ),
})
export type PassportBody = z.output<typeof PassportBody>

export const Passport = z.object({
  /** The design's figures; null until a pool design is saved. */
  asBuilt: z.object({
    shape: z.nullable(PoolShape),
    lengthFt: z.nullable(z.number()),
    widthFt: z.nullable(z.number()),
    areaSqFt: z.nullable(z.int()),
    surfaceSqFt: z.nullable(z.int()),
    gallons: z.nullable(z.int()),
    measuredGallons: z.nullable(z.int()),
  }),
  equipment: z.array(Equipment),
  startupLog: z.array(StartupDay),
  inspections: z.array(
    z.object({
      slug: InspectionSlug,
      title: z.string(),
      status: InspectionStatus,
      date: z.nullable(IsoDate),
      history: z.array(InspectionEvent),
    }),
  ),
  trades: z.array(
    z.object({
      company: z.string(),
      licence: z.object({
        number: z.nullable(z.string()),
        classification: z.nullable(z.string()),
        checkedOn: z.nullable(IsoDate),
      }),
      insurance: z.object({ expiresOn: z.nullable(IsoDate) }),
    }),
  ),
  steps: z.array(
    z.object({
      step: StepSlug,
      title: z.string(),
      contract: z.nullable(z.object({ vendor: z.string(), amount: Cents })),
      changeOrders: z.array(ChangeOrder),
      payments: z.array(Payment),
      waivers: z.array(z.object({ drawId: z.uuid(), kind: WaiverKind, fileId: z.uuid() })),
    }),
  ),
  warranties: z.array(Warranty),
  /** Σ payments, and by step (the steps with a payment, in construction order). */
  costBasis: z.object({
    total: z.int(),
    steps: z.array(z.object({ step: StepSlug, paid: z.int() })),
  }),
})
export type Passport = z.infer<typeof Passport>

/** The ZIP's folders of the project's files, by kind (PRODUCT.md §19). */
export const PASSPORT_FOLDERS = {
  'lien-waiver': 'lien-waivers',
  warranty: 'warranties',
  permit: 'permits',
  inspection: 'inspections',
  manual: 'manuals',
  plan: 'plans',
} as const
