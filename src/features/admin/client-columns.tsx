import type { AdminClient } from '../../../contract'
import { STEPS } from '../../../contract'
import { Badge, type BadgeTone } from '../../components/badge'
import { formatBytes } from '../../lib/bytes'
import { formatPhone } from '../../lib/phone'
import { moneyColumn, textColumn, type Column } from './columns'

/** The columns the client lists share (clients, waiting list, marketing). */
export const nameColumn = textColumn<AdminClient>('name', 'Name', (c) => c.name)
export const emailColumn = textColumn<AdminClient>('email', 'Email', (c) => c.email)
export const placeColumn = textColumn<AdminClient>('place', 'City', (c) => `${c.city}, ${c.state}`)
export const phoneColumn = textColumn<AdminClient>('phone', 'Phone', (c) => formatPhone(c.phone))
export const perkColumn = textColumn<AdminClient>('perk', 'Perk', (c) => c.perk ?? '')

export const flagColumn: Column<AdminClient> = {
  key: 'flag',
  header: 'Served',
  value: (c) => (c.Flag ? 'Yes' : 'No'),
}

export const waitingColumn: Column<AdminClient> = {
  key: 'waiting',
  header: 'Waiting list',
  value: (c) => (c.onWaiting ? 'Waiting' : 'No'),
}

/** Who the client is, in the room a laptop has: the name over the email, sorted by name. */
export const clientColumn: Column<AdminClient> = {
  key: 'client',
  header: 'Client',
  value: (c) => c.name,
  text: (c) => `${c.name} ${c.email}`,
  render: (c) => (
    <span className="client-cell">
      {c.name} <span className="cell-detail">{c.email}</span>
    </span>
  ),
}

const STATUS: Record<'served' | 'waiting' | 'notServed', { text: string; tone: BadgeTone }> = {
  served: { text: 'Served', tone: 'success' },
  waiting: { text: 'Waiting', tone: 'warning' },
  notServed: { text: 'Not served', tone: 'neutral' },
}
const statusOf = (c: AdminClient) =>
  STATUS[c.Flag ? 'served' : c.onWaiting ? 'waiting' : 'notServed']

/**
 * Where the client is, and under it whether we serve that city or they wait for it (one badge):
 * sorted by place, searched by both ("waiting" finds the waiting list).
 */
export const placeStatusColumn: Column<AdminClient> = {
  ...placeColumn,
  text: (c) => `${placeColumn.value(c)} ${statusOf(c).text}`,
  render: (c) => (
    <span className="place-cell">
      {placeColumn.value(c)} <Badge tone={statusOf(c).tone}>{statusOf(c).text}</Badge>
    </span>
  ),
}

/** Progress through the 13 steps: sorted by steps done, shown with a small bar. */
export const progressColumn: Column<AdminClient> = {
  key: 'progress',
  header: 'Progress',
  value: (c) => c.stepsDone,
  text: (c) => `${c.stepsDone}/${STEPS.length}`,
  render: (c) => (
    <span className="progress-cell">
      <span className="progress-track" aria-hidden="true">
        <span
          className="progress-fill"
          style={{ width: `${(100 * c.stepsDone) / STEPS.length}%` }}
        />
      </span>
      {c.stepsDone}/{STEPS.length}
    </span>
  ),
  numeric: true,
}

/** What the client's contracts commit (accepted quotes and approved change orders), and paid. */
export const committedColumn = moneyColumn<AdminClient>(
  'committed',
  'Committed',
  (c) => c.committed,
)
export const paidColumn = moneyColumn<AdminClient>('paid', 'Paid', (c) => c.paid)

/** The bytes of the client's photos and documents: sorted and exported as bytes, shown as "12.4 MB". */
export const storageColumn: Column<AdminClient> = {
  key: 'storage',
  header: 'Storage',
  value: (c) => c.storageUsed,
  text: (c) => formatBytes(c.storageUsed),
  csv: (c) => c.storageUsed,
  numeric: true,
}
