import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { PoolData } from '../../../../contract'
import {
  builderRequests,
  cities,
  clients,
  managerRequests,
  poolEntries,
  quotes,
  users,
} from '../../../db/schema'
import { wireTime } from '../../../db/wire-time'
import { quoteJson } from '../pool/quote-json'

/**
 * A client's pool data (the steps' entries with their quotes, the open builder request, the
 * city's permit fee, the manager requests) as one JSON value: a sign-in or a refresh reads it
 * with the profile, so it costs no round trip of its own. PostgreSQL writes each entry and
 * request as the wire shows it (see toPoolEntry and toManagerRequest, which write them from rows).
 */
export function poolDataJson(clientId: string | Placeholder | SQL): SQL<PoolData> {
  const entryQuotes = sql`select coalesce(json_agg(${quoteJson} order by q.created_at, q.id), '[]'::json)
    from ${quotes} q where q.entry_id = e.id`
  const entries = sql`select e.stage_id is not null as is_stage,
      case when e.stage_id is not null then jsonb_build_object('StageId', e.stage_id)
        else jsonb_build_object('Title', e.title) end
      || jsonb_build_object(
        'choices', e.choices, 'done', e.done,
        'doneAt', case when e.done_at is null then null else ${wireTime(sql`e.done_at`)} end,
        'quotes', (${entryQuotes})
      ) as entry
    from ${poolEntries} e where e.client_id = ${clientId}`
  const requests = sql`select coalesce(json_agg(json_build_object(
        'id', r.id, 'clientId', r.client_id, 'clientName', u.name, 'managerId', r.manager_id,
        'managerName', r.manager_name, 'message', r.message, 'status', r.status,
        'createdAt', ${wireTime(sql`r.created_at`)}
      ) order by r.created_at), '[]'::json)
    from ${managerRequests} r join ${users} u on u.id = r.client_id
    where r.client_id = ${clientId}`
  return sql<PoolData>`(select jsonb_build_object(
      'poolChoices', coalesce(jsonb_agg(x.entry) filter (where x.is_stage), '[]'::jsonb),
      'nonStages', coalesce(jsonb_agg(x.entry) filter (where not x.is_stage), '[]'::jsonb),
      'BuilderRequested', exists (select 1 from ${builderRequests} b where b.client_id = ${clientId}),
      'PermitFee', (select ci.permit_fee from ${clients} c join ${cities} ci on ci.key = c.city_key
        where c.user_id = ${clientId}),
      'ManagerRequests', (${requests})
    ) from (${entries}) x)`
}
