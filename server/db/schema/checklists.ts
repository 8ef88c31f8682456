// Inspection checklists (PRODUCT.md §16): a city's, as the back office edited them, and each
// project's copy with the owner's ticks.
import { boolean, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import type { ChecklistItem, ChecklistItemDef } from '../../../contract/checklists'
import { updatedAt } from './columns'
import { clientId } from './client-column'
import { cities } from './directory'

/**
 * A city's checklist of one inspection once an admin edited it; absent, the city has the
 * defaults (contract/checklist-defaults.ts), so a new city needs no row.
 */
export const cityChecklists = pgTable(
  'city_checklists',
  {
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    inspection: text('inspection').notNull(),
    someoneHome: boolean('someone_home').notNull(),
    items: jsonb('items').$type<ChecklistItemDef[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.cityId, t.inspection] })],
)

/** A project's checklist of one inspection: copied from its city's, then ticked item by item. */
export const projectChecklists = pgTable(
  'project_checklists',
  {
    clientId: clientId(),
    inspection: text('inspection').notNull(),
    someoneHome: boolean('someone_home').notNull(),
    items: jsonb('items').$type<ChecklistItem[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.inspection] })],
)
