/**
 * The fixed construction logic of a pool build (PRODUCT.md §9): which steps each step follows,
 * the inspection that gates it, and the default durations and waits the admin starts from.
 * The order is the contract's; only the durations and waits are settings.
 */
import { z } from 'zod/mini'
import { STAGE_SLUGS } from './steps'

/** Every step by its route slug, in construction order (the order of STEPS). */
export const STEP_SLUGS = ['pool-design', 'engineering', 'permits', ...STAGE_SLUGS] as const
export const StepSlug = z.enum(STEP_SLUGS, 'Unknown step')
export type StepSlug = z.infer<typeof StepSlug>

export const INSPECTION_SLUGS = ['layout', 'pre-gunite', 'pre-deck', 'barrier', 'final'] as const
export const InspectionSlug = z.enum(INSPECTION_SLUGS, 'Unknown inspection')
export type InspectionSlug = z.infer<typeof InspectionSlug>

/** A step's working days and the calendar days its followers wait after it ends. */
export type StepTiming = { durationDays: number; waitDays: number }
export type ScheduleSettings = Record<StepSlug, StepTiming>

/**
 * One step this step follows. `atLeastDays` is a cure this follower needs after that step
 * whatever the step's own wait: interior plaster goes on three weeks after the shell is shot.
 */
export type Follow = { step: StepSlug; atLeastDays?: number }

export type ConstructionStep = {
  step: StepSlug
  /** Empty for the first step, which follows the project start. */
  follows: readonly Follow[]
  gatedBy: InspectionSlug | null
}

export const CONSTRUCTION: readonly ConstructionStep[] = [
  { step: 'pool-design', follows: [], gatedBy: null },
  { step: 'engineering', follows: [{ step: 'pool-design' }], gatedBy: null },
  { step: 'permits', follows: [{ step: 'engineering' }], gatedBy: null },
  { step: 'excavation', follows: [{ step: 'permits' }], gatedBy: 'layout' },
  { step: 'steel', follows: [{ step: 'excavation' }], gatedBy: null },
  { step: 'plumbing', follows: [{ step: 'excavation' }], gatedBy: null },
  { step: 'electrical', follows: [{ step: 'excavation' }], gatedBy: null },
  {
    step: 'shotcrete',
    follows: [{ step: 'steel' }, { step: 'plumbing' }, { step: 'electrical' }],
    gatedBy: 'pre-gunite',
  },
  { step: 'tile', follows: [{ step: 'shotcrete' }], gatedBy: null },
  { step: 'decking', follows: [{ step: 'tile' }], gatedBy: 'pre-deck' },
  { step: 'extras', follows: [{ step: 'decking' }], gatedBy: null },
  {
    step: 'interior',
    follows: [{ step: 'extras' }, { step: 'shotcrete', atLeastDays: 21 }],
    gatedBy: 'barrier',
  },
  { step: 'pool-startup', follows: [{ step: 'interior' }], gatedBy: null },
]

/** The durations and waits a new database is seeded with (shotcrete cures 7 days). */
export const DEFAULT_SCHEDULE: ScheduleSettings = {
  'pool-design': { durationDays: 5, waitDays: 0 },
  engineering: { durationDays: 10, waitDays: 0 },
  permits: { durationDays: 15, waitDays: 0 },
  excavation: { durationDays: 2, waitDays: 0 },
  steel: { durationDays: 3, waitDays: 0 },
  plumbing: { durationDays: 2, waitDays: 0 },
  electrical: { durationDays: 1, waitDays: 0 },
  shotcrete: { durationDays: 1, waitDays: 7 },
  tile: { durationDays: 4, waitDays: 0 },
  decking: { durationDays: 4, waitDays: 0 },
  extras: { durationDays: 2, waitDays: 0 },
  interior: { durationDays: 2, waitDays: 0 },
  'pool-startup': { durationDays: 5, waitDays: 0 },
}

export const MAX_DURATION_DAYS = 120
export const MAX_WAIT_DAYS = 60

export type Inspection = {
  slug: InspectionSlug
  title: string
  /** It is `waiting` until these steps are done. */
  follows: readonly StepSlug[]
  /** The step that may not start, nor be marked done, before it passed; null for the final. */
  gates: StepSlug | null
}

export const INSPECTIONS: readonly Inspection[] = [
  {
    slug: 'layout',
    title: 'Layout inspection',
    follows: ['permits'],
    gates: 'excavation',
  },
  {
    slug: 'pre-gunite',
    title: 'Pre-gunite inspection',
    follows: ['steel', 'plumbing', 'electrical'],
    gates: 'shotcrete',
  },
  {
    slug: 'pre-deck',
    title: 'Pre-deck inspection',
    follows: ['tile'],
    gates: 'decking',
  },
  {
    slug: 'barrier',
    title: 'Barrier inspection',
    follows: ['extras'],
    gates: 'interior',
  },
  {
    slug: 'final',
    title: 'Final inspection',
    follows: ['pool-startup'],
    gates: null,
  },
]
