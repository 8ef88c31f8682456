import { sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Timeline } from '../../../../contract'
import {
  QUIET_DAYS,
  type ProjectFlag,
  type ProjectRow,
  type ProjectView,
} from '../../../../contract/projects'
import { timeline } from '../../../../contract/scheduling'
import { readAll, rowsOf } from '../../../db/driver/client'
import {
  clients,
  clientVersions,
  contracts,
  draws,
  files,
  inspectionEvents,
  logEntries,
  managerRequests,
  managers,
  notices,
  noticeWaivers,
  payments,
  poolEntries,
  projects,
  quotes,
  users,
} from '../../../db/schema'
import { notFound } from '../../../lib/problem'
import { todayOf } from '../../../lib/today'
import type { Identity } from '../accounts/users'
import { cityZoneOf, zoneOf } from '../accounts/client-zone'
import { factsOfClients } from '../timeline/timeline'
import { CLIENT_ETAG_WINDOW_MS } from '../../core/client-etag'

/** The back office's Projects (PRODUCT.md §18). */
export type Projects = {
  /** Every project for an admin, its assigned ones for a manager: most urgent first. */
  list(identity: Identity): Promise<ProjectRow[]>
  /** One project whole, as its owner's pages read it (the caller's reach checked first). */
  view(clientId: string): Promise<ProjectView>
}

declare module 'fastify' {
  interface FastifyInstance {
    projects: Projects
  }
}

type ClientRow = {
  clientId: string
  owner: string
  city: string
  state: string
  cityZone: string | null
  /** A payment made without its conditional waivers, still missing (conditionalMissing). */
  unwaived: boolean
  /** Whether anything was recorded on the project since QUIET_DAYS ago (or it is that new). */
  recent: boolean
  /** The assigned managers' names as a JSON array, sorted. */
  managers: string
}

/** Each client's latest `at` in `table`, grouped in one pass, joined in as `alias`. */
const latest = (alias: string, table: SQL, at: SQL) =>
  sql`left join (select client_id, max(${at}) as at from ${table} group by client_id) ${sql.raw(alias)}
    on ${sql.raw(alias)}.client_id = ${clients.userId}`

/** What was last recorded on each project: one grouped pass per table that records something. */
const recorded = sql`${latest('pe', sql`${poolEntries}`, sql`updated_at`)}
  ${latest('ie', sql`${inspectionEvents}`, sql`created_at`)}
  ${latest('pa', sql`${payments}`, sql`created_at`)}
  ${latest('fi', sql`${files}`, sql`created_at`)}
  ${latest('le', sql`${logEntries}`, sql`created_at`)}
  ${latest('pr', sql`${projects}`, sql`updated_at`)}`

/** The last moment anything was recorded on the client's project, or it was created. */
const lastRecorded = sql`greatest(${users.createdAt}, pe.at, ie.at, pa.at, fi.at, le.at, pr.at)`

/**
 * The owner's CONDITIONAL_MISSING (contract/waiver-rules.ts): a payment made anyway whose draw
 * still lacks its trade's conditional waiver, or a notice claimant's of that trade.
 */
const conditionalMissing = sql`exists (select 1 from ${payments} p
    join ${draws} d on d.id = p.draw_id
    join ${contracts} k on k.id = d.contract_id
    join ${quotes} q on q.id = k.quote_id
    where p.client_id = ${clients.userId} and p.acknowledged
      and (d.conditional_waiver_file_id is null or exists (select 1 from ${notices} n
        left join ${noticeWaivers} w on w.notice_id = n.id and w.draw_id = d.id
        where n.trade_id = q.trade_id and w.conditional_file_id is null)))`

const assigned = sql`${managerRequests.clientId} = ${clients.userId} and ${managerRequests.status} = 'accepted'`

/** A manager's own projects: those an accepted request of a manager with its email assigns. */
const assignedTo = (userId: string) => sql`exists (select 1 from ${managerRequests}
    join ${managers} on ${managers.id} = ${managerRequests.managerId}
    join ${users} mu on mu.email = ${managers.email}
    where ${assigned} and mu.id = ${userId} and mu.role = 'MANAGER')`

/** Each client's row of the list: who, where, and what the flags read from SQL, in one query. */
const clientRows = (where: SQL, quietSince: Date) => sql`select ${clients.userId} as "clientId",
    ${users.name} as owner, ${clients.city}, ${clients.state}, ${cityZoneOf} as "cityZone",
    ${conditionalMissing} as unwaived,
    ${lastRecorded} >= ${quietSince.toISOString()}::timestamptz as recent,
    to_json(array(select distinct ${managers.name} from ${managerRequests}
      join ${managers} on ${managers.id} = ${managerRequests.managerId}
      where ${assigned} order by ${managers.name}))::text as managers
  from ${clients} join ${users} on ${users.id} = ${clients.userId}
  ${recorded}
  where ${where}`

/** The nil id's row of `client_versions`: the reference data every project reads. */
const REFERENCE = sql.raw(`'00000000-0000-0000-0000-000000000000'::uuid`)

/** What each listed project's row was made from: its version and the reference data's. */
type Versioned = { clientId: string; version: string; reference: string }

/** The versions of the projects `where` lists, in one statement (key reads, no project data). */
const versionsOf = (where: SQL) => sql`select ${clients.userId} as "clientId",
    coalesce(${clientVersions.version}, 0)::text as version,
    coalesce((select v.version from ${clientVersions} v where v.client_id = ${REFERENCE}), 0)::text
      as reference
  from ${clients} left join ${clientVersions} on ${clientVersions.clientId} = ${clients.userId}
  where ${where}`

function rowOf(client: ClientRow, line: Timeline): ProjectRow {
  const next = line.inspections.find((i) => i.status !== 'passed')
  const flags: ProjectFlag[] = []
  if (line.steps.some((s) => s.status === 'late')) flags.push('LATE')
  if (line.inspections.some((i) => i.status === 'failed')) flags.push('FAILED_INSPECTION')
  if (client.unwaived) flags.push('WAIVER')
  if (!client.recent) flags.push('QUIET')
  return {
    clientId: client.clientId,
    owner: client.owner,
    city: client.city,
    state: client.state,
    stepsDone: line.steps.filter((s) => s.doneOn !== null).length,
    forecastFinish: line.end.forecast,
    slipDays: line.end.slipDays,
    nextInspection: next
      ? { slug: next.slug, title: next.title, date: next.status === 'scheduled' ? next.date : null }
      : null,
    flags,
    managers: JSON.parse(client.managers) as string[],
  }
}

/** One collator for every comparison: localeCompare would build one per call. */
const names = new Intl.Collator('en')

/** More flags first, then the larger slip (none counts least), then the owner's name. */
const byUrgency = (a: ProjectRow, b: ProjectRow) =>
  b.flags.length - a.flags.length ||
  (b.slipDays ?? -Infinity) - (a.slipDays ?? -Infinity) ||
  names.compare(a.owner, b.owner) ||
  a.clientId.localeCompare(b.clientId)

export default fp(
  async function projectsRepository(app: FastifyInstance) {
    const { db } = app

    /** The rows of `where`'s projects: the timelines of many clients in five queries. */
    const rowsFor = async (where: SQL, now: Date): Promise<ProjectRow[]> => {
      const quietSince = new Date(now.getTime() - QUIET_DAYS * 86_400_000)
      const rows = await rowsOf<ClientRow>(db, clientRows(where, quietSince))
      const [facts, settings] = await readAll(db, [
        () =>
          factsOfClients(
            db,
            rows.map((r) => r.clientId),
          ),
        () => app.schedule.settings(db),
      ])
      const todays = new Map<string, string>()
      const todayIn = (zone: string) => {
        const known = todays.get(zone)
        if (known) return known
        const today = todayOf(app, zone)
        todays.set(zone, today)
        return today
      }
      return rows.map((client) => {
        const today = todayIn(zoneOf(client.cityZone, client.state))
        const known = facts.get(client.clientId)
        if (!known) throw new Error('no facts for a listed client')
        return rowOf(client, timeline(known, settings, today))
      })
    }

    // Each project's row, kept with what it was made from: its version, the reference data's
    // and the window of the clock (QUIET and the project's day move with it). The versions are
    // read before the rows are made, so a row is never kept as newer than it is.
    const kept = new Map<string, { made: string; row: ProjectRow }>()

    /**
     * Every project for an admin, a manager's own: the versions read in one statement, and
     * only the rows of the projects that changed since they were kept made again.
     */
    const list: Projects['list'] = async (identity) => {
      const now = app.clock()
      const window = Math.floor(now.getTime() / CLIENT_ETAG_WINDOW_MS)
      const where = identity.role === 'ADMIN' ? sql`true` : assignedTo(identity.id)
      const listed = await rowsOf<Versioned>(db, versionsOf(where))
      const madeOf = (v: Versioned) => `${v.version}.${v.reference}.${window}`
      const stale = listed.filter((v) => kept.get(v.clientId)?.made !== madeOf(v))
      if (stale.length > 0) {
        const ids = `{${stale.map((v) => v.clientId).join(',')}}`
        const only =
          stale.length === listed.length ? where : sql`${clients.userId} = any(${ids}::uuid[])`
        const made = new Map(stale.map((v) => [v.clientId, madeOf(v)]))
        for (const row of await rowsFor(only, now))
          kept.set(row.clientId, { made: made.get(row.clientId) ?? '', row })
      }
      // An admin lists every project: any other kept row is a deleted project's.
      if (identity.role === 'ADMIN' && kept.size > listed.length) {
        const live = new Set(listed.map((v) => v.clientId))
        for (const id of kept.keys()) if (!live.has(id)) kept.delete(id)
      }
      return listed
        .flatMap((v) => {
          const row = kept.get(v.clientId)?.row
          return row ? [row] : []
        })
        .sort(byUrgency)
    }

    const view: Projects['view'] = async (clientId) => {
      const [client, poolData, managersOf, line, money, stored, trades] = await Promise.all([
        app.clients.read(clientId),
        app.poolEntries.data(clientId),
        app.assignments.managersOf(clientId),
        app.timelines.get(clientId),
        app.money.get(clientId),
        app.files.list(clientId, {}),
        app.trades.list(clientId),
      ])
      if (!client) throw notFound('No such project.')
      const assignedManagers = managersOf
        .map(({ id, name }) => ({ id, name }))
        .sort((a, b) => names.compare(a.name, b.name))
      return {
        overview: { client, poolData, managers: assignedManagers },
        timeline: line,
        money,
        files: stored,
        trades,
      }
    }

    app.decorate('projects', { list, view } satisfies Projects)
  },
  {
    name: 'projects',
    dependencies: [
      'db',
      'core',
      'users',
      'clients',
      'schedule',
      'pool-entries',
      'assignments',
      'timelines',
      'money',
      'files',
      'trades',
    ],
  },
)
