import { uuid } from 'drizzle-orm/pg-core'
import { clients } from './accounts'

/** The client a row belongs to: removed with the client. */
export const clientId = () =>
  uuid('client_id')
    .notNull()
    .references(() => clients.userId, { onDelete: 'cascade' })
