import { useEffect } from 'react'
import type { z } from 'zod/mini'
import type { AdminClient } from '../../../contract'
import { ClientInput } from '../../../contract/api-admin'
import type { AdminActor } from '../../../machines/admin/admin.machine'
import {
  clientColumn,
  committedColumn,
  emailColumn,
  flagColumn,
  nameColumn,
  paidColumn,
  perkColumn,
  placeColumn,
  placeStatusColumn,
  progressColumn,
  storageColumn,
  waitingColumn,
} from './client-columns'
import { CrudSection, type CrudConfig } from './crud-section'
import { orderInAdvance } from './orders'
import { useAdminState } from './use-admin'

const clients: CrudConfig<AdminClient, z.output<typeof ClientInput>> = {
  title: 'Clients',
  lede: 'Every homeowner: whether we serve their city or they wait for it, how far their build has come, what it commits and has paid, and the space their files take. Perks are on Marketing; the CSV holds every field.',
  noun: 'client',
  caption: 'Clients',
  csvName: 'clients',
  emptyText: 'No clients have signed up yet.',
  select: (context) => context.Clients,
  // A laptop shows what an admin scans for, every column in its width (the email under the
  // name, the status under the city); the CSV keeps every field apart for a spreadsheet.
  columns: [
    clientColumn,
    placeStatusColumn,
    progressColumn,
    committedColumn,
    paidColumn,
    storageColumn,
  ],
  csvColumns: [
    nameColumn,
    emailColumn,
    placeColumn,
    flagColumn,
    waitingColumn,
    perkColumn,
    progressColumn,
    committedColumn,
    paidColumn,
    storageColumn,
  ],
  fields: [
    { name: 'name', label: 'Full name', kind: 'text' },
    { name: 'email', label: 'Email', kind: 'email' },
    { name: 'phone', label: 'Phone', kind: 'tel' },
    { name: 'address', label: 'Street address', kind: 'text' },
    { name: 'city', label: 'City', kind: 'text' },
    { name: 'state', label: 'State', kind: 'state' },
    { name: 'onWaiting', label: 'On the waiting list', kind: 'checkbox' },
    {
      name: 'perk',
      label: 'Perk',
      kind: 'text',
      hint: 'e.g. “Free LED light”. Leave empty for none.',
      emptyAsNull: true,
    },
  ],
  schema: ClientInput,
  toValues: (c) => ({
    name: c.name,
    email: c.email,
    phone: c.phone,
    address: c.address,
    city: c.city,
    state: c.state,
    onWaiting: c.onWaiting,
    perk: c.perk ?? '',
  }),
  label: (c) => c.name || c.email,
  edit: (item, body) => ({ name: 'editClient', id: item.id, body }),
  remove: (item) => ({ name: 'deleteClient', id: item.id }),
}

export const ClientsSection = ({ actor }: { actor: AdminActor }) => (
  <CrudSection actor={actor} config={clients} />
)

/**
 * The Clients section's first order (by client, the first column), worked out off the page's
 * thread as soon as the list arrives, whichever section is open: opening Clients then finds its
 * rows sorted (orders.ts).
 */
export function ClientsOrderInAdvance({ actor }: { actor: AdminActor }) {
  const rows = useAdminState(actor, clients.select)
  useEffect(() => orderInAdvance(rows, clientColumn), [rows])
  return null
}
