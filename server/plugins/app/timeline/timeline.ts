import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { z } from 'zod/mini'
import type { StepSlug, InspectionSlug } from '../../../../contract'
import {
  INSPECTIONS,
  TimelineProblemCode,
  type DateProposalAnswer,
  type InspectionBody,
  type Timeline,
} from '../../../../contract'
import {
  baselineOnStart,
  stepTitle,
  timeline,
  type ProjectFacts,
} from '../../../../contract/scheduling'
import { readAll, type Db, type Tx } from '../../../db/driver/client'
import { inspectionEvents, inspections, poolEntries, projects, stages } from '../../../db/schema'
import { badRequest, conflict } from '../../../lib/problem'
import { clientToday } from '../../../lib/today'
import { datesAnsweredEmail } from '../bids/bid-email'
import { entryKeyOfStep, upsertEntry } from '../pool/pool-entries'
import { answerProposal } from './date-proposals'
import { factsFrom, stepColumns, timelineFactsOf } from './timeline-read'

export type InspectionWrite = z.output<typeof InspectionBody>

/**
 * A client's timeline (PRODUCT.md §9): the facts are stored (start date, baseline, the days
 * steps started and were done, inspections with their history) and the dates are computed on
 * every read from them and the schedule settings. Every call touches only `clientId`'s rows and
 * answers the whole timeline as it stands after the write.
 */
export type Timelines = {
  /** The timeline on `today`, the client's (read from its identity unless the caller knows it). */
  get(clientId: string, today?: string): Promise<Timeline>
  /** The first start date saves the plan as the baseline; `rebaseline` saves the forecast as a new one. */
  setStart(clientId: string, startDate: string, rebaseline: boolean): Promise<Timeline>
  /** Not after today, nor after the day the step was done (400). */
  setStarted(clientId: string, step: StepSlug, startedOn: string | null): Promise<Timeline>
  /** 409 while the inspection is waiting; a passed or failed date is not after today (400). */
  recordInspection(
    clientId: string,
    slug: InspectionSlug,
    write: InspectionWrite,
  ): Promise<Timeline>
  /**
   * Answers the client's open date proposal and tells its trade: accepted, its start becomes the
   * step's agreed start (the forecast's "not before"); rejected, the dates stay. 404 for another
   * client's, 409 once answered.
   */
  answerProposal(clientId: string, id: string, status: DateProposalAnswer): Promise<Timeline>
}

declare module 'fastify' {
  interface FastifyInstance {
    timelines: Timelines
  }
}

/**
 * Everything stored of some clients' projects, in three queries whatever their number: the
 * projects, the steps' dates and the inspections' history (whose last event is where each
 * inspection stands). A client with nothing stored has empty facts.
 */
export async function factsOfClients(
  query: Db | Tx,
  clientIds: string[],
): Promise<Map<string, ProjectFacts>> {
  const [rows, entries, events] = await readAll(query, [
    () => query.select().from(projects).where(inArray(projects.clientId, clientIds)),
    () =>
      query
        .select({ clientId: poolEntries.clientId, ...stepColumns })
        .from(poolEntries)
        .leftJoin(stages, eq(stages.id, poolEntries.stageId))
        .where(inArray(poolEntries.clientId, clientIds)),
    () =>
      query
        .select()
        .from(inspectionEvents)
        .where(inArray(inspectionEvents.clientId, clientIds))
        .orderBy(asc(inspectionEvents.id)),
  ])
  const byClient = <R extends { clientId: string }>(list: R[]) => {
    const grouped = new Map<string, R[]>()
    for (const row of list) {
      const group = grouped.get(row.clientId)
      if (group) group.push(row)
      else grouped.set(row.clientId, [row])
    }
    return (clientId: string) => grouped.get(clientId) ?? []
  }
  const [projectOf, entriesOf, eventsOf] = [byClient(rows), byClient(entries), byClient(events)]
  return new Map(
    clientIds.map((clientId) => {
      const [row] = projectOf(clientId)
      const project = row ? { ...row, savedAt: row.baselineSavedAt.toISOString() } : null
      return [clientId, factsFrom(project, entriesOf(clientId), eventsOf(clientId))]
    }),
  )
}

function checkStarted(startedOn: string | null, doneOn: string | null, today: string) {
  if (startedOn === null) return
  if (startedOn > today) throw badRequest({ startedOn: ['A step cannot start after today'] })
  if (doneOn && startedOn > doneOn)
    throw badRequest({ startedOn: ['A step starts on or before the day it was done'] })
}

function checkInspection(
  slug: InspectionSlug,
  write: InspectionWrite,
  facts: ProjectFacts,
  today: string,
) {
  const inspection = INSPECTIONS.find((i) => i.slug === slug)
  if (!inspection) return
  const waitingFor = inspection.follows.filter((step) => !facts.steps[step]?.doneOn)
  if (!facts.inspections[slug] && waitingFor.length > 0)
    throw conflict(
      `The ${inspection.title} waits for ${waitingFor.map(stepTitle).join(', ')} to be done.`,
      TimelineProblemCode.inspectionWaiting,
    )
  if (write.status !== 'scheduled' && write.date > today)
    throw badRequest({ date: [`An inspection cannot have ${write.status} after today`] })
}

export default fp(
  async function timelinesRepository(app: FastifyInstance) {
    const { db } = app

    /** The timeline as `query` sees it on `today`: one statement, whatever the client recorded. */
    const load = async (query: Db | Tx, clientId: string, today: string) => {
      const { facts, settings, proposals } = await timelineFactsOf(query, clientId)
      return { facts, settings, timeline: timeline(facts, settings, today, proposals) }
    }

    const get: Timelines['get'] = async (clientId, today) =>
      (await load(db, clientId, today ?? (await clientToday(app, clientId)))).timeline

    /**
     * A write to one client's timeline, in a transaction that first takes that client's lock:
     * what it checks (the facts it reads) cannot change before it has written. It runs on the
     * client's today, read before.
     */
    const write = async <T>(clientId: string, run: (tx: Tx, today: string) => Promise<T>) => {
      const today = await clientToday(app, clientId)
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${clientId}))`)
        return run(tx, today)
      })
    }

    const setStart: Timelines['setStart'] = (clientId, startDate, rebaseline) =>
      write(clientId, async (tx, today) => {
        const { facts, settings } = await load(tx, clientId, today)
        const now = app.clock()
        const values = { clientId, startDate, updatedAt: now }
        const next = baselineOnStart(
          facts,
          { startDate, rebaseline },
          settings,
          today,
          now.toISOString(),
        )
        if (next) {
          const { savedAt, ...baseline } = next
          const saved = { ...values, baseline, baselineSavedAt: new Date(savedAt) }
          await tx
            .insert(projects)
            .values(saved)
            .onConflictDoUpdate({ target: projects.clientId, set: saved })
        } else {
          await tx.update(projects).set(values).where(eq(projects.clientId, clientId))
        }
        return (await load(tx, clientId, today)).timeline
      })

    const setStarted: Timelines['setStarted'] = (clientId, step, startedOn) =>
      write(clientId, async (tx, today) => {
        const key = await entryKeyOfStep(tx, step)
        // The entry's done day is read as the upsert leaves it; a refusal rolls the upsert back.
        const row = await upsertEntry(tx, clientId, key, { startedOn }, app.clock())
        checkStarted(startedOn, row.doneOn, today)
        return (await load(tx, clientId, today)).timeline
      })

    const recordInspection: Timelines['recordInspection'] = (clientId, slug, given) =>
      write(clientId, async (tx, today) => {
        checkInspection(slug, given, (await load(tx, clientId, today)).facts, today)
        const current = { status: given.status, date: given.date, notes: given.notes ?? '' }
        const now = app.clock()
        await tx
          .insert(inspections)
          .values({ clientId, slug, ...current, updatedAt: now })
          .onConflictDoUpdate({
            target: [inspections.clientId, inspections.slug],
            set: { ...current, updatedAt: now },
          })
        const checklist =
          given.status === 'scheduled' ? null : await app.checklists.snapshot(tx, clientId, slug)
        await tx
          .insert(inspectionEvents)
          .values({ clientId, slug, ...current, checklist, createdAt: now })
        return (await load(tx, clientId, today)).timeline
      })

    const answer: Timelines['answerProposal'] = async (clientId, id, status) => {
      const { answered, timeline: after } = await write(clientId, async (tx, today) => {
        const answered = await answerProposal(tx, clientId, id, status)
        if (status === 'accepted') {
          const key = await entryKeyOfStep(tx, answered.step)
          await upsertEntry(tx, clientId, key, { agreedStart: answered.start }, app.clock())
        }
        return { answered, timeline: (await load(tx, clientId, today)).timeline }
      })
      const forecastStart = after.steps.find((s) => s.step === answered.step)?.forecast.start
      app.mailer.send(
        datesAnsweredEmail({
          ...answered,
          accepted: status === 'accepted',
          forecastStart: forecastStart ?? null,
        }),
      )
      return after
    }

    app.decorate('timelines', {
      get,
      setStart,
      setStarted,
      recordInspection,
      answerProposal: answer,
    } satisfies Timelines)
  },
  { name: 'timelines', dependencies: ['db', 'core', 'schedule', 'mailer', 'checklists'] },
)
