import {
  cityKey,
  type AdminClient,
  type AdminUser,
  type City,
  type Engineer,
  type Manager,
} from '../../../contract'
import { AdminInput, CityInput, EngineerInput, ManagerInput } from '../../../contract/api-admin'
import type { z } from 'zod/mini'
import type { AdminActor } from '../../../machines/admin/admin.machine'
import { formatPhone } from '../../lib/phone'
import { dateColumn, moneyColumn, textColumn } from './columns'
import { nameColumn } from './name-column'
import { CrudSection, type CrudConfig } from './crud-section'
import { centsToDollars, type FieldSpec } from './form-fields'

type Body<S extends z.ZodMiniType> = z.output<S>

const contactFields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'company', label: 'Company', kind: 'text' },
  { name: 'email', label: 'Email', kind: 'email' },
  { name: 'phone', label: 'Phone', kind: 'tel' },
]
const feeField: FieldSpec = { name: 'fee', label: 'Fee ($)', kind: 'money' }

/**
 * Deleting a served city sends its clients back to the waiting list (the server does it in the
 * delete): the admin hears how many before confirming.
 */
function cityDeleteWarning(city: City, clients: readonly AdminClient[]) {
  const key = cityKey(city.name, city.state)
  const count = clients.filter((c) => cityKey(c.city, c.state) === key).length
  if (count === 0) return null
  const who = count === 1 ? '1 client lives' : `${count} clients live`
  return `${who} there; they go back on the waiting list.`
}

const cities: CrudConfig<City, Body<typeof CityInput>> = {
  title: 'Cities',
  lede: 'The cities we build in. Clients there reach the builder; waiting clients hear when theirs opens.',
  noun: 'city',
  caption: 'Served cities',
  csvName: 'cities',
  emptyText: 'No cities yet: every client is on “coming soon”. Add the first city.',
  select: (context) => context.Cities,
  columns: [
    nameColumn('name', 'City', (c) => c.name),
    textColumn('state', 'State', (c) => c.state),
    moneyColumn('permitFee', 'Permit fee', (c) => c.permitFee),
    textColumn('timeZone', 'Time zone', (c) => c.timeZone),
  ],
  fields: [
    { name: 'name', label: 'City', kind: 'text' },
    { name: 'state', label: 'State', kind: 'state' },
    { name: 'permitFee', label: 'Permit fee ($)', kind: 'money' },
    {
      name: 'timeZone',
      label: 'Time zone',
      kind: 'text',
      hint: 'The IANA name of the city’s zone, e.g. America/Chicago. Left empty: the state’s.',
      emptyLeftOut: true,
    },
  ],
  schema: CityInput,
  toValues: (c) => ({
    name: c.name,
    state: c.state,
    permitFee: centsToDollars(c.permitFee),
    timeZone: c.timeZone,
  }),
  label: (c) => `${c.name}, ${c.state}`,
  edit: (item, body) => ({ name: 'editCity', id: item.id, body }),
  remove: (item) => ({ name: 'deleteCity', id: item.id }),
  deleteWarning: (item, context) => cityDeleteWarning(item, context.Clients),
  create: {
    blank: { name: '', state: '', permitFee: '', timeZone: '' },
    call: (body) => ({ name: 'createCity', body }),
  },
}

const engineers: CrudConfig<Engineer, Body<typeof EngineerInput>> = {
  title: 'Engineers',
  lede: 'Licensed engineers clients choose from for their structural plans.',
  noun: 'engineer',
  caption: 'Engineers',
  csvName: 'engineers',
  emptyText: 'No engineers yet. Add one so clients can choose.',
  select: (context) => context.Engineers,
  columns: [
    nameColumn('name', 'Name', (e) => e.name),
    textColumn('company', 'Company', (e) => e.company),
    textColumn('email', 'Email', (e) => e.email),
    textColumn('phone', 'Phone', (e) => formatPhone(e.phone)),
    textColumn('licenseNo', 'License', (e) => e.licenseNo),
    moneyColumn('fee', 'Fee', (e) => e.fee),
  ],
  fields: [
    ...contactFields,
    { name: 'licenseNo', label: 'License number', kind: 'text' },
    feeField,
  ],
  schema: EngineerInput,
  toValues: ({ id: _id, fee, ...rest }) => ({ ...rest, fee: centsToDollars(fee) }),
  label: (e) => e.name,
  edit: (item, body) => ({ name: 'editEngineer', id: item.id, body }),
  remove: (item) => ({ name: 'deleteEngineer', id: item.id }),
  create: {
    blank: { name: '', company: '', email: '', phone: '', licenseNo: '', fee: '' },
    call: (body) => ({ name: 'createEngineer', body }),
  },
}

const managers: CrudConfig<Manager, Body<typeof ManagerInput>> = {
  title: 'Managers',
  lede: 'Project managers clients can ask to run their build.',
  noun: 'manager',
  caption: 'Managers',
  csvName: 'managers',
  emptyText: 'No managers yet. Add one so clients can request them.',
  select: (context) => context.Managers,
  columns: [
    nameColumn('name', 'Name', (m) => m.name),
    textColumn('company', 'Company', (m) => m.company),
    textColumn('email', 'Email', (m) => m.email),
    textColumn('phone', 'Phone', (m) => formatPhone(m.phone)),
    { key: 'years', header: 'Years', value: (m) => m.yearsExperience, numeric: true },
    moneyColumn('fee', 'Fee', (m) => m.fee),
  ],
  fields: [
    ...contactFields,
    { name: 'yearsExperience', label: 'Years of experience', kind: 'integer' },
    feeField,
    { name: 'bio', label: 'Bio', kind: 'textarea' },
  ],
  schema: ManagerInput,
  toValues: ({ id: _id, fee, yearsExperience, ...rest }) => ({
    ...rest,
    yearsExperience: String(yearsExperience),
    fee: centsToDollars(fee),
  }),
  label: (m) => m.name,
  edit: (item, body) => ({ name: 'editManager', id: item.id, body }),
  remove: (item) => ({ name: 'deleteManager', id: item.id }),
  create: {
    blank: { name: '', company: '', email: '', phone: '', yearsExperience: '', fee: '', bio: '' },
    call: (body) => ({ name: 'createManager', body }),
  },
}

const admins: CrudConfig<AdminUser, Body<typeof AdminInput>> = {
  title: 'Admins',
  lede: 'Who can sign in to this back office. You cannot delete yourself or the last admin.',
  noun: 'admin',
  caption: 'Admins',
  csvName: 'admins',
  emptyText: 'No admins loaded yet.',
  select: (context) => context.Admins,
  columns: [
    textColumn('name', 'Name', (a) => a.name),
    textColumn('email', 'Email', (a) => a.email),
    dateColumn('createdAt', 'Added', (a) => a.createdAt),
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'email', label: 'Email', kind: 'email' },
  ],
  schema: AdminInput,
  toValues: (a) => ({ name: a.name, email: a.email }),
  label: (a) => a.name || a.email,
  edit: (item, body) => ({ name: 'editAdmin', id: item.id, body }),
  remove: (item) => ({ name: 'deleteAdmin', id: item.id }),
  create: {
    blank: { name: '', email: '' },
    call: (body) => ({ name: 'createAdmin', body }),
  },
}

export const CitiesSection = ({ actor }: { actor: AdminActor }) => (
  <CrudSection actor={actor} config={cities} />
)
export const EngineersSection = ({ actor }: { actor: AdminActor }) => (
  <CrudSection actor={actor} config={engineers} />
)
export const ManagersSection = ({ actor }: { actor: AdminActor }) => (
  <CrudSection actor={actor} config={managers} />
)
export const AdminsSection = ({ actor }: { actor: AdminActor }) => (
  <CrudSection actor={actor} config={admins} />
)
