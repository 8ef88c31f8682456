import type { AdminActor } from '../../../machines/admin/admin.machine'
import { emailColumn, nameColumn, phoneColumn, placeColumn } from './client-columns'
import { dateColumn } from './columns'
import { DataTable } from './data-table'
import { placeOf } from './demand'
import { SectionPage } from './section-page'
import { useAdminState } from './use-admin'

const columns = [
  nameColumn,
  emailColumn,
  phoneColumn,
  placeColumn,
  dateColumn<{ createdAt: string }>('createdAt', 'Signed up', (c) => c.createdAt),
]

/** Clients waiting for their city to open, grouped by city, the longest queue first. */
export function WaitingListSection({ actor }: { actor: AdminActor }) {
  const waiting = useAdminState(actor, (context) => context.UsersOnWaitingList)
  return (
    <SectionPage
      actor={actor}
      title="Waiting list"
      lede="Clients in cities we do not serve yet who asked to hear when we open there."
    >
      <DataTable
        caption="Waiting clients by city"
        rows={waiting}
        columns={columns}
        csvName="waiting-list"
        emptyText="Nobody is waiting: no client outside our cities has joined the list."
        groupBy={placeOf}
        initialSort={{ key: 'name', direction: 'ascending' }}
      />
    </SectionPage>
  )
}
