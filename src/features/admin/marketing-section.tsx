import { useId, useMemo } from 'react'
import type { AdminActor } from '../../../machines/admin/admin.machine'
import { emailColumn, nameColumn, perkColumn, placeColumn } from './client-columns'
import { textColumn, type Column } from './columns'
import { DataTable } from './data-table'
import { demandByCity, type Demand } from './demand'
import { SectionPage } from './section-page'
import { useAdminState } from './use-admin'

const demandColumns: Column<Demand>[] = [
  textColumn('place', 'City', (d) => d.place),
  { key: 'waiting', header: 'Waiting clients', value: (d) => d.waiting, numeric: true },
]

/** A bar per city, longest first: the numbers are in the text, the bars only draw them. */
function DemandChart({ demand }: { demand: readonly Demand[] }) {
  const most = Math.max(1, ...demand.map((d) => d.waiting))
  const captionId = useId()
  return (
    <figure className="demand-chart" aria-labelledby={captionId}>
      <figcaption id={captionId}>Where to open next: waiting clients per city</figcaption>
      {demand.length === 0 ? (
        <p className="table-empty">Nobody is waiting yet, so there is no demand to show.</p>
      ) : (
        <ol className="demand-bars">
          {demand.map((d) => (
            <li key={d.id}>
              <span className="demand-place">{d.place}</span>
              <span className="demand-track" aria-hidden="true">
                <span className="demand-bar" style={{ width: `${(100 * d.waiting) / most}%` }} />
              </span>
              <span className="demand-count">{d.waiting} waiting</span>
            </li>
          ))}
        </ol>
      )}
    </figure>
  )
}

/** Clients with perks, and the waiting list's demand by city. */
export function MarketingSection({ actor }: { actor: AdminActor }) {
  const withPerks = useAdminState(actor, (context) => context.UsersWithPerks)
  const waiting = useAdminState(actor, (context) => context.UsersOnWaitingList)
  const demand = useMemo(() => demandByCity(waiting), [waiting])
  return (
    <SectionPage
      actor={actor}
      title="Marketing"
      lede="Who has a perk, and where the waiting list says we should open next."
    >
      <h2 className="admin-subtitle">Demand by city</h2>
      <DemandChart demand={demand} />
      <DataTable
        caption="Demand by city"
        rows={demand}
        columns={demandColumns}
        csvName="demand-by-city"
        emptyText="No waiting clients yet."
        initialSort={{ key: 'waiting', direction: 'descending' }}
      />
      <h2 className="admin-subtitle">Clients with perks</h2>
      <DataTable
        caption="Clients with perks"
        rows={withPerks}
        columns={[nameColumn, emailColumn, placeColumn, perkColumn]}
        csvName="clients-with-perks"
        emptyText="No client has a perk yet. Give one from the Clients section."
        initialSort={{ key: 'name', direction: 'ascending' }}
      />
    </SectionPage>
  )
}
