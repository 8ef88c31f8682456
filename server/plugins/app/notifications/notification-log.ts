import { differenceInCalendarDays, parseISO, subDays } from 'date-fns'
import { and, eq, inArray, isNull, lt, not, sql, type AnyColumn } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { NotificationPreferences, ScheduleSettings } from '../../../../contract'
import { timeline } from '../../../../contract/scheduling'
import { toIsoDate } from '../../../../contract/schedule-spans'
import type { Db } from '../../../db/driver/client'
import {
  clients,
  inspections,
  notificationLog,
  notificationPreferences,
  poolEntries,
  projects,
  quotes,
  trades,
  users,
  warranties,
} from '../../../db/schema'
import { NOTICE_KINDS, type Notice, type NoticeKind } from '../../../lib/notice-email'
import { DEFAULT_TIME_ZONE, StepSlug } from '../../../../contract'
import { factsOfClients } from '../timeline/timeline'
import { todayOf } from '../../../lib/today'
import { cityZoneOf, clientDay, zoneOf } from '../accounts/client-zone'
import { warrantyOf } from '../documents/warranties'

/** How long a claim may stay unsent before another run takes it over (its server died). */
export const NOTIFY_LEASE_MS = 5 * 60 * 1000

/** A running-late email goes out once a step's forecast end is this many days past its baseline. */
const LATE_DAYS = 3

/** A warranty's reminder goes out this many days before it ends (PRODUCT.md §11). */
export const WARRANTY_NOTICE_DAYS = 30

/**
 * The insurance reminders' windows, in days before the cover ends (PRODUCT.md §18a): each runs
 * from its number down to the day after the next one's, the last down to the day before.
 */
export const INSURANCE_NOTICE_DAYS = [30, 14, 7] as const

export type Claimed = Notice & { id: number }
export type Recipient = { email: string; name: string; preferences: NotificationPreferences }

/**
 * The notification log (PRODUCT.md §9): every email is a row keyed by client, kind, subject and
 * day, inserted (claimed) before the email is sent and marked sent after. Whichever server's
 * insert lands sends the email; the others' inserts do nothing. A claim left unsent past the
 * lease is taken over by one server, in one UPDATE that the others then no longer match.
 */
export type NotificationLog = {
  /** Every email due at `now`, on each project's own day, whose kind the client wants. */
  due(now: Date): Promise<Notice[]>
  /** Claims the notices no server claimed before; answers those this call claimed. */
  claim(notices: Notice[], now: Date): Promise<Claimed[]>
  /** Claims anew those left unsent for longer than the lease. */
  reclaim(now: Date): Promise<Claimed[]>
  markSent(id: number, now: Date): Promise<void>
  /** Gives a claim up: its email is no longer wanted (the client turned the kind off). */
  release(id: number): Promise<void>
  recipients(clientIds: string[]): Promise<Map<string, Recipient>>
}

declare module 'fastify' {
  interface FastifyInstance {
    notificationLog: NotificationLog
  }
}

/** Where a preference is unset it is on. */
const wants = (column: AnyColumn) => sql<boolean>`coalesce(${column}, true)`

/** Scheduled inspections on the morrow of each project's day, not yet claimed: one query. */
async function inspectionsTomorrow(db: Db, now: Date): Promise<Notice[]> {
  const kind = 'inspection-tomorrow'
  const rows = await db
    .select({ clientId: inspections.clientId, subject: inspections.slug, onDate: inspections.date })
    .from(inspections)
    .leftJoin(notificationPreferences, eq(notificationPreferences.clientId, inspections.clientId))
    .where(
      and(
        eq(inspections.status, 'scheduled'),
        sql`${inspections.date} = ${clientDay(inspections.clientId, now)} + 1`,
        wants(notificationPreferences.inspectionReminders),
        sql`not exists (select 1 from ${notificationLog} where ${notificationLog.clientId} = ${inspections.clientId} and ${notificationLog.kind} = ${kind} and ${notificationLog.subject} = ${inspections.slug} and ${notificationLog.onDate} = ${inspections.date})`,
      ),
    )
  return rows.map((row) => ({ ...row, kind }))
}

/**
 * Steps that can start and steps running late, from the scheduling module's timeline of every
 * dated project whose client wants step updates (four queries, whatever their number). Each is
 * keyed by its baseline's dates, so it goes out once per step until the client re-plans. A step
 * runs late once it has started or its baseline start has come, and its forecast end is
 * LATE_DAYS past the baseline's.
 */
async function stepUpdates(app: FastifyInstance, settings: ScheduleSettings) {
  const { db } = app
  const active = await db
    .select({ clientId: projects.clientId, cityZone: cityZoneOf, state: clients.state })
    .from(projects)
    .innerJoin(clients, eq(clients.userId, projects.clientId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.clientId, projects.clientId))
    .where(wants(notificationPreferences.stepUpdates))
  if (active.length === 0) return []
  const facts = await factsOfClients(
    db,
    active.map((a) => a.clientId),
  )
  const todays = new Map(active.map((a) => [a.clientId, todayOf(app, zoneOf(a.cityZone, a.state))]))
  const due: Notice[] = []
  for (const [clientId, project] of facts) {
    const today = todays.get(clientId) ?? todayOf(app, DEFAULT_TIME_ZONE)
    for (const step of timeline(project, settings, today).steps) {
      if (step.doneOn) continue
      const ready = step.blockedBy.length === 0 && !step.startedOn
      const onDate = step.baseline?.start ?? step.planned.start
      if (ready && onDate)
        due.push({ clientId, kind: 'ready-to-start', subject: step.step, onDate })
      // Only once the step has begun or should have: the steps after it each get their own
      // email then.
      const late =
        step.baseline &&
        (step.startedOn !== null || step.baseline.start <= today) &&
        step.forecast.end &&
        differenceInCalendarDays(parseISO(step.forecast.end), parseISO(step.baseline.end)) >=
          LATE_DAYS
      if (late && step.baseline)
        due.push({ clientId, kind: 'running-late', subject: step.step, onDate: step.baseline.end })
    }
  }
  return due
}

/**
 * Warranties that end within WARRANTY_NOTICE_DAYS, of clients who want the reminder (three
 * queries, whatever their number). Keyed by the day the cover ends, so it goes out once, and a
 * server that was down on the 30th day still sends it before the end.
 */
async function warrantiesEnding(app: FastifyInstance): Promise<Notice[]> {
  const { db } = app
  const rows = await db
    .select({ warranty: warranties, cityZone: cityZoneOf, state: clients.state })
    .from(warranties)
    .innerJoin(clients, eq(clients.userId, warranties.clientId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.clientId, warranties.clientId))
    .where(wants(notificationPreferences.warrantyReminders))
  if (rows.length === 0) return []
  const facts = await factsOfClients(db, [...new Set(rows.map((r) => r.warranty.clientId))])
  const due: Notice[] = []
  for (const { warranty: row, cityZone, state } of rows) {
    const today = todayOf(app, zoneOf(cityZone, state))
    const step = StepSlug.parse(row.step)
    const doneOn = facts.get(row.clientId)?.steps[step]?.doneOn ?? null
    const { expiresOn } = warrantyOf(row, doneOn)
    // The cover holds through its last day, as the Overview lists it: the reminder may go then.
    if (!expiresOn || today > expiresOn) continue
    const remindOn = toIsoDate(subDays(parseISO(expiresOn), WARRANTY_NOTICE_DAYS))
    if (today >= remindOn)
      due.push({
        clientId: row.clientId,
        kind: 'warranty-expiring',
        subject: step,
        onDate: expiresOn,
      })
  }
  return due
}

/**
 * Trades whose insurance ends within the first window while they hold an accepted quote on a
 * step not done, of clients who want the reminder (one query). Each is keyed by the trade, the
 * day its cover ends and the window today falls in: it goes out on the window's first run, a
 * window that has passed is never sent late (an expiry entered inside the 14-day window gets the
 * 14-day reminder alone), and a later expiry date is a new reminder.
 */
async function insuranceEnding(db: Db, now: Date): Promise<Notice[]> {
  const today = clientDay(trades.clientId, now)
  const lastNoticeDays = sql.raw(String(INSURANCE_NOTICE_DAYS[0]))
  const rows = await db
    .selectDistinct({
      clientId: trades.clientId,
      id: trades.id,
      company: trades.company,
      expiresOn: trades.insuranceExpiresOn,
      today: sql<string>`${today}::text`,
    })
    .from(trades)
    .innerJoin(quotes, and(eq(quotes.tradeId, trades.id), eq(quotes.accepted, true)))
    .innerJoin(poolEntries, and(eq(poolEntries.id, quotes.entryId), not(poolEntries.done)))
    .leftJoin(notificationPreferences, eq(notificationPreferences.clientId, trades.clientId))
    .where(
      and(
        sql`${trades.insuranceExpiresOn} between ${today} + 1 and ${today} + ${lastNoticeDays}`,
        wants(notificationPreferences.tradeInsurance),
      ),
    )
  return rows.flatMap(({ clientId, id, company, expiresOn, today }) => {
    if (!expiresOn) return []
    const left = differenceInCalendarDays(parseISO(expiresOn), parseISO(today))
    const window = INSURANCE_NOTICE_DAYS.filter((days) => days >= left).at(-1)
    if (!window) return []
    const subject = `${id}/${window}`
    return [{ clientId, kind: 'insurance' as const, subject, onDate: expiresOn, about: company }]
  })
}

const isNoticeKind = (kind: string): kind is NoticeKind => NOTICE_KINDS.some((k) => k === kind)

type LogRow = typeof notificationLog.$inferSelect
const claimedOf = (rows: LogRow[]): Claimed[] =>
  rows.flatMap(({ id, clientId, kind, subject, onDate, about }) =>
    isNoticeKind(kind) ? [{ id, clientId, kind, subject, onDate, about }] : [],
  )

export default fp(
  async function notificationLogRepository(app: FastifyInstance) {
    const { db } = app

    const due: NotificationLog['due'] = async (now) => {
      const settings = await app.schedule.settings()
      const found = await Promise.all([
        inspectionsTomorrow(db, now),
        stepUpdates(app, settings),
        warrantiesEnding(app),
        insuranceEnding(db, now),
      ])
      return found.flat()
    }

    const claim: NotificationLog['claim'] = async (notices, now) => {
      if (notices.length === 0) return []
      const rows = await db
        .insert(notificationLog)
        .values(notices.map((notice) => ({ ...notice, claimedAt: now })))
        .onConflictDoNothing()
        .returning()
      return claimedOf(rows)
    }

    const reclaim: NotificationLog['reclaim'] = async (now) => {
      const leaseEnded = new Date(now.getTime() - NOTIFY_LEASE_MS)
      const rows = await db
        .update(notificationLog)
        .set({ claimedAt: now })
        .where(and(isNull(notificationLog.sentAt), lt(notificationLog.claimedAt, leaseEnded)))
        .returning()
      return claimedOf(rows)
    }

    const markSent: NotificationLog['markSent'] = async (id, now) => {
      await db.update(notificationLog).set({ sentAt: now }).where(eq(notificationLog.id, id))
    }

    const release: NotificationLog['release'] = async (id) => {
      await db.delete(notificationLog).where(eq(notificationLog.id, id))
    }

    const recipients: NotificationLog['recipients'] = async (clientIds) => {
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          inspectionReminders: wants(notificationPreferences.inspectionReminders).mapWith(Boolean),
          stepUpdates: wants(notificationPreferences.stepUpdates).mapWith(Boolean),
          warrantyReminders: wants(notificationPreferences.warrantyReminders).mapWith(Boolean),
          tradeInsurance: wants(notificationPreferences.tradeInsurance).mapWith(Boolean),
        })
        .from(users)
        .leftJoin(notificationPreferences, eq(notificationPreferences.clientId, users.id))
        .where(inArray(users.id, clientIds))
      return new Map(
        rows.map(({ id, email, name, ...preferences }) => [id, { email, name, preferences }]),
      )
    }

    app.decorate('notificationLog', {
      due,
      claim,
      reclaim,
      markSent,
      release,
      recipients,
    } satisfies NotificationLog)
  },
  { name: 'notification-log', dependencies: ['db', 'core', 'schedule'] },
)
