import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { AdminActor, adminMachine } from '../../../machines/admin/admin.machine'
import { BusyButton } from '../../components/busy-button'
import { formatDateTime } from './columns'
import { useAdminFetching } from './use-admin'

type AdminSnapshot = SnapshotFrom<typeof adminMachine>
const selectLastFetchedAt = (snapshot: AdminSnapshot) => snapshot.context.lastFetchedAt
const selectFetchError = (snapshot: AdminSnapshot) => snapshot.context.error

type SectionPageProps = {
  actor: AdminActor
  title: string
  lede: string
  children: ReactNode
}

type SectionHeadProps = {
  title: string
  lede: string
  refreshing: boolean
  onRefresh: () => void
  /** What stands beside the Refresh button: when the data was last confirmed. */
  children?: ReactNode
}

/** A section's one h1 and lede, and its Refresh button. */
export function SectionHead({ title, lede, refreshing, onRefresh, children }: SectionHeadProps) {
  return (
    <div className="admin-section-head">
      <div>
        <h1>{title}</h1>
        <p className="admin-lede">{lede}</p>
      </div>
      <div className="refresh-bar">
        {children}
        <BusyButton
          type="button"
          variant="secondary"
          busy={refreshing}
          busyLabel="Refreshing…"
          onClick={onRefresh}
        >
          Refresh
        </BusyButton>
      </div>
    </div>
  )
}

/** An admin section: its one h1, when the data was last confirmed, and a Refresh button. */
export function SectionPage({ actor, title, lede, children }: SectionPageProps) {
  const lastFetchedAt = useSelector(actor, selectLastFetchedAt)
  const error = useSelector(actor, selectFetchError)
  const fetching = useAdminFetching(actor)
  return (
    <div className="admin-section">
      <SectionHead
        title={title}
        lede={lede}
        refreshing={fetching}
        onRefresh={() => actor.send({ type: 'admin.refreshRequested' })}
      >
        <p className="refresh-time">
          {lastFetchedAt === null
            ? 'Not loaded yet'
            : `Last refreshed ${formatDateTime(lastFetchedAt)}`}
        </p>
      </SectionHead>
      {error && (
        <div className="notice-inline notice-error" role="alert">
          The latest data could not be loaded: {error} What you see is from the last refresh.
        </div>
      )}
      {children}
    </div>
  )
}
