import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm'
import {
  InspectionSlug,
  STEPS,
  StepSlug,
  type DateProposal,
  type ScheduleSettings,
} from '../../../../contract'
import type { ProjectFacts, SavedBaseline } from '../../../../contract/scheduling'
import type { InspectionEvent } from '../../../../contract/timeline'
import { preparedStatement, type Db, type Tx } from '../../../db/driver/client'
import { inspectionEvents, poolEntries, projects, stages } from '../../../db/schema'
import { wireTime } from '../../../db/wire-time'
import { proposalOf, proposalsJson, type ProposalJson } from './date-proposals'
import { settingsJson, settingsOf, type SettingJson } from './schedule'

const STEP_OF_TITLE = new Map(STEPS.map((s) => [s.title, s.route]))

/** What is stored of a project, a row of each kind as the facts are made from them. */
export type ProjectRow = {
  startDate: string
  baseline: Omit<SavedBaseline, 'savedAt'>
  savedAt: string
}
export type StepRow = {
  slug: string | null
  title: string | null
  startedOn: string | null
  doneOn: string | null
  agreedStart: string | null
}
export type EventRow = InspectionEvent & { slug: string }

export const emptyFacts = (): ProjectFacts => ({
  startDate: null,
  baseline: null,
  steps: {},
  inspections: {},
})

/**
 * One client's facts from its rows: the project's (or none), its steps' dates, and its
 * inspections' events in the order they were given (the last is where each stands).
 */
export function factsFrom(
  project: ProjectRow | null,
  entries: readonly StepRow[],
  events: readonly EventRow[],
): ProjectFacts {
  const facts = emptyFacts()
  if (project) {
    facts.startDate = project.startDate
    facts.baseline = { savedAt: project.savedAt, ...project.baseline }
  }
  for (const { slug, title, startedOn, doneOn, agreedStart } of entries) {
    const step = StepSlug.safeParse(slug ?? STEP_OF_TITLE.get(title ?? ''))
    if (step.success && (startedOn || doneOn || agreedStart))
      facts.steps[step.data] = { startedOn, doneOn, agreedStart }
  }
  for (const { slug, status, date, notes, checklist } of events) {
    const known = InspectionSlug.safeParse(slug)
    if (!known.success) continue
    const event = { status, date, notes, checklist }
    const history = [...(facts.inspections[known.data]?.history ?? []), event]
    facts.inspections[known.data] = { ...event, history }
  }
  return facts
}

/** The columns of a step's dates, as every read of the facts selects them. */
export const stepColumns = {
  slug: stages.slug,
  title: poolEntries.title,
  startedOn: poolEntries.startedOn,
  doneOn: poolEntries.doneOn,
  agreedStart: poolEntries.agreedStart,
}

/** A client's facts as JSON: the project, the steps' dates and the inspections' events. */
function factsJson(clientId: Placeholder | SQL): SQL {
  const project = sql`select json_build_object('startDate', ${projects.startDate},
      'baseline', ${projects.baseline}, 'savedAt', ${wireTime(projects.baselineSavedAt)})
    from ${projects} where ${projects.clientId} = ${clientId}`
  const entries = sql`select coalesce(json_agg(json_build_object('slug', ${stages.slug},
      'title', ${poolEntries.title}, 'startedOn', ${poolEntries.startedOn},
      'doneOn', ${poolEntries.doneOn}, 'agreedStart', ${poolEntries.agreedStart})), '[]')
    from ${poolEntries} left join ${stages} on ${eq(stages.id, poolEntries.stageId)}
    where ${poolEntries.clientId} = ${clientId}`
  const events = sql`select coalesce(json_agg(json_build_object('slug', ${inspectionEvents.slug},
      'status', ${inspectionEvents.status}, 'date', ${inspectionEvents.date},
      'notes', ${inspectionEvents.notes}, 'checklist', ${inspectionEvents.checklist})
      order by ${inspectionEvents.id}), '[]')
    from ${inspectionEvents} where ${inspectionEvents.clientId} = ${clientId}`
  return sql`(${project}) as project, (${entries}) as entries, (${events}) as events`
}

type TimelineRow = {
  project: ProjectRow | null
  entries: StepRow[]
  events: EventRow[]
  settings: SettingJson[] | null
  proposals: ProposalJson[]
}

/**
 * Everything a client's timeline is computed from, in one statement: its facts, the schedule
 * settings (every project's) and its trades' date proposals.
 */
const timelineStatement = preparedStatement<TimelineRow, { id: string }>(
  sql`select ${factsJson(sql.placeholder('id'))}, (${settingsJson}) as settings,
    (${proposalsJson(sql.placeholder('id'))}) as proposals`,
)

export type TimelineFacts = {
  facts: ProjectFacts
  settings: ScheduleSettings
  proposals: DateProposal[]
}

/** What `clientId`'s timeline is computed from, as `query` sees it: one statement. */
export async function timelineFactsOf(query: Db | Tx, clientId: string): Promise<TimelineFacts> {
  const [row] = await timelineStatement.rows(query, { id: clientId })
  if (!row) throw new Error('the timeline read answered no row')
  return {
    facts: factsFrom(row.project, row.entries, row.events),
    settings: settingsOf(row.settings),
    proposals: row.proposals.flatMap(proposalOf),
  }
}
