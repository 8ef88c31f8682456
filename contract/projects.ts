/**
 * The back office's Projects (PRODUCT.md §18): every project for an admin, its assigned ones for
 * a manager, each with the flags that say where to look first; and one project read whole.
 */
import { z } from 'zod/mini'
import { StepSlug } from './construction'
import { AdminClient, PoolData } from './domain'
import { StoredFile } from './documents'
import { Money } from './money'
import { Timeline } from './timeline'
import { Trade } from './trades'
import { QuoteFields } from './api-client'

/**
 * LATE — a step running late; FAILED_INSPECTION — an inspection's last result failed; WAIVER —
 * a payment without a conditional waiver; QUIET — nothing recorded for 14 days.
 */
export const PROJECT_FLAGS = ['LATE', 'FAILED_INSPECTION', 'WAIVER', 'QUIET'] as const
export const ProjectFlag = z.enum(PROJECT_FLAGS)
export type ProjectFlag = z.infer<typeof ProjectFlag>

/** Days without anything recorded before a project is QUIET. */
export const QUIET_DAYS = 14

const IsoDay = z.iso.date()

export const ProjectRow = z.object({
  clientId: z.uuid(),
  owner: z.string(),
  city: z.string(),
  state: z.string(),
  /** Of the 13 steps. */
  stepsDone: z.int(),
  /** The forecast finish, or null before a start date is set. */
  forecastFinish: z.nullable(IsoDay),
  /** Days the forecast finish is past the baseline's (negative: ahead), or null. */
  slipDays: z.nullable(z.int()),
  nextInspection: z.nullable(
    z.object({ slug: z.string(), title: z.string(), date: z.nullable(IsoDay) }),
  ),
  flags: z.array(ProjectFlag),
  /** The managers assigned to the project, by name. */
  managers: z.array(z.string()),
})
export type ProjectRow = z.infer<typeof ProjectRow>

/** One project as the back office reads it, read-only: what its owner's pages show. */
export const ProjectView = z.object({
  overview: z.object({
    client: AdminClient,
    poolData: PoolData,
    managers: z.array(z.object({ id: z.uuid(), name: z.string() })),
  }),
  timeline: Timeline,
  money: Money,
  files: z.array(StoredFile),
  trades: z.array(Trade),
})
export type ProjectView = z.infer<typeof ProjectView>

export const ProjectParams = z.strictObject({ clientId: z.uuid('Unknown project') })

/** A bid a trade phoned in, entered by a manager: add-quote's fields with the step. */
export const EnteredQuoteBody = z.strictObject({ step: StepSlug, ...QuoteFields })
export type EnteredQuoteBody = z.infer<typeof EnteredQuoteBody>
