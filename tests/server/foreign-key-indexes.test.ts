import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../server/db/driver/client'
import { appPerTest } from '../support/build'

// Deleting a row checks every foreign key that points at it (a file's delete reads draws, log
// entries and warranties for it), and the app filters by most of them: each needs an index whose
// first columns are the key's, or that check reads the whole table.

/**
 * Keys to rows that are never deleted nor re-keyed, and never filtered by alone: the 13 stages
 * are fixed, and an entry is found by its client first (pool_entries_client_stage_idx).
 */
const TO_FIXED_ROWS = ['pool_entries(stage_id)']

const t = appPerTest()

describe('the migrated schema', () => {
  it('indexes every foreign key by its own columns first', async () => {
    const unindexed = await rowsOf<{ key: string }>(
      t.database.db,
      sql`
        select c.conrelid::regclass::text || '(' || (
          select string_agg(a.attname, ', ' order by k.ord)
          from unnest(c.conkey) with ordinality k(attnum, ord)
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
        ) || ')' as key
        from pg_constraint c
        where c.contype = 'f'
          and c.connamespace = 'public'::regnamespace
          and not exists (
            select 1 from pg_index i
            where i.indrelid = c.conrelid
              and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] = c.conkey
          )
        order by 1`,
    )
    expect(unindexed.map((row) => row.key)).toEqual(TO_FIXED_ROWS)
  })
})
