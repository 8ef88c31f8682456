// The project's trades (the third wave's directory).
import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, day } from './columns'
import { ownedByClient } from './client-column'
import { fileLink } from './documents'

/**
 * A trade of a client's project (PRODUCT.md §13): its email unique in the project, whatever its
 * case. Its warnings are worked out on every read, never stored.
 */
export const trades = pgTable(
  'trades',
  {
    ...ownedByClient(),
    company: text('company').notNull(),
    contact: text('contact').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** Route slugs, in the order given. */
    steps: text('steps').array().notNull(),
    licenceNumber: text('licence_number'),
    licenceClass: text('licence_class'),
    licenceCheckedOn: day('licence_checked_on'),
    insuranceExpiresOn: day('insurance_expires_on'),
    insuranceFileId: fileLink('insurance_file_id'),
    compExempt: boolean('comp_exempt').notNull().default(false),
    compExpiresOn: day('comp_expires_on'),
    compFileId: fileLink('comp_file_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('trades_client_email_idx').on(t.clientId, sql`lower(${t.email})`),
    index('trades_insurance_file_idx').on(t.insuranceFileId),
    index('trades_comp_file_idx').on(t.compFileId),
  ],
)
