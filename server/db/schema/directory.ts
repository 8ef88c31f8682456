// The cities served, the engineers and managers clients pick from, and clients' requests for them.
import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, createdAt, timestamps, sample } from './columns'
import { ownedByClient } from './client-column'

export const cities = pgTable('cities', {
  id: id(),
  name: text('name').notNull(),
  state: text('state').notNull(),
  key: text('key').notNull().unique(),
  permitFee: integer('permit_fee').notNull(),
  /** The IANA zone whose day is "today" for the city's projects (defaulted from the state). */
  timeZone: text('time_zone').notNull(),
  sample: sample(),
  createdAt: createdAt(),
})

/** How a client reaches an engineer or a manager. */
const contact = () => ({
  name: text('name').notNull(),
  company: text('company').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
})

export const engineers = pgTable('engineers', {
  id: id(),
  ...contact(),
  licenseNo: text('license_no').notNull(),
  fee: integer('fee').notNull(),
  sample: sample(),
  createdAt: createdAt(),
})

export const managers = pgTable('managers', {
  id: id(),
  ...contact(),
  bio: text('bio').notNull(),
  yearsExperience: integer('years_experience').notNull(),
  fee: integer('fee').notNull(),
  sample: sample(),
  createdAt: createdAt(),
})

const requestStatus = () =>
  text('status', { enum: ['open', 'contacted', 'closed'] })
    .notNull()
    .default('open')

export const builderRequests = pgTable(
  'builder_requests',
  {
    ...ownedByClient(),
    status: requestStatus(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('builder_requests_one_open_idx')
      .on(t.clientId)
      .where(sql`${t.status} = 'open'`),
    // The pool's read asks whether the client ever asked, whatever the status.
    index('builder_requests_client_idx').on(t.clientId),
    index('builder_requests_status_idx').on(t.status),
  ],
)

export const managerRequests = pgTable(
  'manager_requests',
  {
    ...ownedByClient(),
    /** Null once the manager is deleted; managerName keeps the history readable. */
    managerId: uuid('manager_id').references(() => managers.id, { onDelete: 'set null' }),
    managerName: text('manager_name').notNull(),
    message: text('message').notNull().default(''),
    /** `accepted` assigns the manager to the client's project (PRODUCT.md §18). */
    status: text('status', { enum: ['open', 'contacted', 'accepted', 'closed'] })
      .notNull()
      .default('open'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('manager_requests_one_open_idx')
      .on(t.clientId, t.managerId)
      .where(sql`${t.status} = 'open'`),
    index('manager_requests_client_idx').on(t.clientId),
    index('manager_requests_manager_idx').on(t.managerId),
    index('manager_requests_status_idx').on(t.status),
  ],
)
