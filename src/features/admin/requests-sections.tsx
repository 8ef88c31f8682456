import { useId } from 'react'
import {
  ManagerRequestStatus,
  RequestStatus,
  type BuilderRequest,
  type ManagerRequest,
} from '../../../contract'
import type { AdminActor, AdminCall } from '../../../machines/admin/admin.machine'
import { CallProblem } from './call-problem'
import { dateColumn, textColumn, type Column } from './columns'
import { DataTable } from './data-table'
import { SectionPage } from './section-page'
import { useAdminState, useAdminWrites } from './use-admin'

type Request = BuilderRequest | ManagerRequest
type StatusCall = Extract<AdminCall['name'], `edit${string}Request`>

const STATUS_LABEL: Record<ManagerRequestStatus, string> = {
  open: 'Open',
  contacted: 'Contacted',
  accepted: 'Accepted',
  closed: 'Closed',
}

/** A manager request may also be accepted, which assigns the manager to the project. */
const statusesOf = (kind: StatusCall) =>
  kind === 'editManagerRequest' ? ManagerRequestStatus.options : RequestStatus.options

/** The status of one request, changed in place. */
function StatusSelect({
  actor,
  kind,
  request,
}: {
  actor: AdminActor
  kind: StatusCall
  request: Request
}) {
  const { busy, request: send } = useAdminWrites(actor)
  const id = useId()
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        Status of the request from {request.clientName}
      </label>
      <select
        id={id}
        className="field-input status-select"
        value={request.status}
        disabled={busy}
        onChange={(event) => {
          const { value } = event.target
          const manager = ManagerRequestStatus.safeParse(value)
          const builder = RequestStatus.safeParse(value)
          if (kind === 'editManagerRequest' && manager.success)
            send({ name: kind, id: request.id, body: { status: manager.data } })
          else if (kind === 'editBuilderRequest' && builder.success)
            send({ name: kind, id: request.id, body: { status: builder.data } })
        }}
      >
        {statusesOf(kind).map((status) => (
          <option key={status} value={status}>
            {STATUS_LABEL[status]}
          </option>
        ))}
      </select>
    </>
  )
}

const isStatusCall = (kind: StatusCall) => (call: AdminCall) => call.name === kind

type RequestsProps<T extends Request> = {
  actor: AdminActor
  kind: StatusCall
  title: string
  lede: string
  rows: readonly T[]
  columns: Column<T>[]
}

function RequestsSection<T extends Request>({
  actor,
  kind,
  title,
  lede,
  rows,
  columns,
}: RequestsProps<T>) {
  const { failure, dismiss } = useAdminWrites(actor)
  const status: Column<T> = {
    key: 'status',
    header: 'Status',
    value: (r) => ManagerRequestStatus.options.indexOf(r.status),
    text: (r) => STATUS_LABEL[r.status],
    render: (r) => <StatusSelect actor={actor} kind={kind} request={r} />,
  }
  return (
    <SectionPage actor={actor} title={title} lede={lede}>
      <CallProblem
        failure={failure && isStatusCall(kind)(failure.call) ? failure : null}
        onDismiss={dismiss}
      />
      <DataTable
        caption={title}
        rows={rows}
        columns={[...columns, status]}
        csvName={title.toLowerCase().replace(/\s+/g, '-')}
        emptyText="No requests yet."
        initialSort={{ key: 'createdAt', direction: 'descending' }}
      />
    </SectionPage>
  )
}

const builderColumns: Column<BuilderRequest>[] = [
  textColumn('client', 'Client', (r) => r.clientName),
  dateColumn('createdAt', 'Requested', (r) => r.createdAt),
]

const managerColumns: Column<ManagerRequest>[] = [
  textColumn('client', 'Client', (r) => r.clientName),
  textColumn('manager', 'Manager', (r) => r.managerName),
  textColumn('message', 'Message', (r) => r.message),
  dateColumn('createdAt', 'Requested', (r) => r.createdAt),
]

export function BuilderRequestsSection({ actor }: { actor: AdminActor }) {
  const rows = useAdminState(actor, (context) => context.BuilderRequests)
  return (
    <RequestsSection
      actor={actor}
      kind="editBuilderRequest"
      title="Builder requests"
      lede="Clients who asked us to run their whole build. Mark them contacted, then closed."
      rows={rows}
      columns={builderColumns}
    />
  )
}

export function ManagerRequestsSection({ actor }: { actor: AdminActor }) {
  const rows = useAdminState(actor, (context) => context.ManagerRequests)
  return (
    <RequestsSection
      actor={actor}
      kind="editManagerRequest"
      title="Manager requests"
      lede="Clients who asked for a particular project manager."
      rows={rows}
      columns={managerColumns}
    />
  )
}
