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

    /** The timelines of many clients: five queries, and one today per time zone. */
    const list: Projects['list'] = async (identity) => {
      const now = app.clock()
      const quietSince = new Date(now.getTime() - QUIET_DAYS * 86_400_000)
      const where = identity.role === 'ADMIN' ? sql`true` : assignedTo(identity.id)
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
      return rows
        .map((client) => {
          const today = todayIn(zoneOf(client.cityZone, client.state))
          const known = facts.get(client.clientId)
          if (!known) throw new Error('no facts for a listed client')
          return rowOf(client, timeline(known, settings, today))
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
