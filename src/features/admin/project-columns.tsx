import { Link } from '@tanstack/react-router'
import type { ProjectFlag, ProjectRow } from '../../../contract/projects'
import { Badge } from '../../components/badge'
import type { Column } from './columns'

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** "Sep 14, 2026": a project's day (an ISO date, no time zone of its own). */
const formatDate = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`))

/** A project's row as the admin table keys it: by its client. */
export type ProjectLine = ProjectRow & { id: string }

export const FLAG_LABEL: Record<ProjectFlag, string> = {
  LATE: 'Running late',
  FAILED_INSPECTION: 'Failed inspection',
  WAIVER: 'Waiver missing',
  QUIET: 'Quiet for 14 days',
}

/** "3 days late", "2 days ahead", "On time". */
function slipText(days: number | null): string {
  if (days === null) return ''
  if (days === 0) return 'On time'
  const count = Math.abs(days)
  return `${count} day${count === 1 ? '' : 's'} ${days > 0 ? 'late' : 'ahead'}`
}

const ownerColumn: Column<ProjectLine> = {
  key: 'owner',
  header: 'Owner',
  value: (p) => p.owner,
  render: (p) => (
    <Link to="/admin/projects/$clientId" params={{ clientId: p.clientId }}>
      {p.owner}
    </Link>
  ),
}

const cityColumn: Column<ProjectLine> = {
  key: 'city',
  header: 'City',
  value: (p) => `${p.city}, ${p.state}`,
}

const stepsColumn: Column<ProjectLine> = {
  key: 'steps',
  header: 'Steps done',
  value: (p) => p.stepsDone,
  text: (p) => `${p.stepsDone} of 13`,
  numeric: true,
}

const finishColumn: Column<ProjectLine> = {
  key: 'finish',
  header: 'Forecast finish',
  value: (p) => p.forecastFinish ?? '',
  text: (p) =>
    p.forecastFinish
      ? [formatDate(p.forecastFinish), slipText(p.slipDays)].filter(Boolean).join(', ')
      : 'No start date yet',
}

const inspectionColumn: Column<ProjectLine> = {
  key: 'inspection',
  header: 'Next inspection',
  value: (p) => p.nextInspection?.date ?? '',
  text: (p) =>
    p.nextInspection
      ? `${p.nextInspection.title}${p.nextInspection.date ? `, ${formatDate(p.nextInspection.date)}` : ', not scheduled'}`
      : 'None left',
}

const flagsColumn: Column<ProjectLine> = {
  key: 'flags',
  header: 'Flags',
  value: (p) => p.flags.length,
  text: (p) => p.flags.map((flag) => FLAG_LABEL[flag]).join(', '),
  render: (p) => (
    <span className="project-flags">
      {p.flags.map((flag) => (
        <Badge key={flag} tone={flag === 'QUIET' ? 'warning' : 'danger'}>
          {FLAG_LABEL[flag]}
        </Badge>
      ))}
    </span>
  ),
}

export const PROJECT_COLUMNS = [
  ownerColumn,
  cityColumn,
  stepsColumn,
  finishColumn,
  inspectionColumn,
  flagsColumn,
]
