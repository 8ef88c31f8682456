// Every seeded client's project, written straight into the database after seedAdminData: a dated
// plan with inspections, a signed excavation contract with its draws and a payment, documents, a
// daily log, a warranty, trades with a bid request and messages. Each table is one INSERT … SELECT
// over the clients, so the reads' plans see production-sized tables in seconds.
import { sql } from 'drizzle-orm'
import { DEFAULT_SCHEDULE } from '../../contract/construction'
import { firstBaseline } from '../../contract/scheduling'
import { openDatabase, type DatabaseOptions, type Db } from '../../server/db/driver/client'
import {
  bidRequests,
  clients,
  contracts,
  draws,
  files,
  inspections,
  logEntries,
  logEntryFiles,
  messages,
  payments,
  poolEntries,
  projects,
  quotes,
  stages,
  trades,
  users,
  warranties,
} from '../../server/db/schema'

export const PROJECT_ROWS = {
  /** Start dates three days apart from this one, so the plans differ from client to client. */
  firstStart: '2026-10-01',
  startDates: 30,
}

const SAVED_AT = '2026-09-15T12:00:00.000Z'

const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** Each start date with the baseline setting it saves, as the Timeline's first start saves it. */
function startsWithBaselines() {
  return Array.from({ length: PROJECT_ROWS.startDates }, (_, k) => {
    const startDate = addDays(PROJECT_ROWS.firstStart, k * 3)
    const facts = { startDate, baseline: null, steps: {}, inspections: {} }
    const { end, steps } = firstBaseline(facts, DEFAULT_SCHEDULE, SAVED_AT)
    return { k, start: startDate, baseline: { end, steps } }
  })
}

/** Clients numbered n = 1…N, for the statements below to vary their rows. */
const numbered = sql`(select ${clients.userId} as id, row_number() over (order by ${clients.userId})
  as n from ${clients})`

async function seedTimelines(db: Db) {
  const starts = JSON.stringify(startsWithBaselines())
  await db.execute(sql`insert into ${projects} (client_id, start_date, baseline, baseline_saved_at)
    select c.id, s.start::date, s.baseline, ${SAVED_AT}::timestamptz
    from ${numbered} c
    join jsonb_to_recordset(${starts}::jsonb) as s(k int, start text, baseline jsonb)
      on s.k = (c.n - 1) % ${PROJECT_ROWS.startDates}`)
  await db.execute(sql`insert into ${inspections} (client_id, slug, status, date)
    select p.client_id, i.slug, i.status, p.start_date + i.after
    from ${projects} p
    cross join (values ('layout', 'passed', 2), ('pre-gunite', 'scheduled', 20))
      as i(slug, status, after)`)
}

/** The excavation entry's accepted quote, its contract, the three draws and the deposit paid. */
async function seedMoney(db: Db) {
  await db.execute(sql`insert into ${quotes} (entry_id, vendor, amount, accepted)
    select e.id, 'Bench Excavation ' || (c.n % 40 + 1), 1800000 + (c.n % 50) * 10000, true
    from ${poolEntries} e
    join ${stages} s on s.id = e.stage_id and s.slug = 'excavation'
    join ${numbered} c on c.id = e.client_id`)
  await db.execute(sql`insert into ${contracts}
      (client_id, step, quote_id, vendor, amount, signed_on)
    select e.client_id, 'excavation', q.id, q.vendor, q.amount, p.start_date - 14
    from ${quotes} q
    join ${poolEntries} e on e.id = q.entry_id
    join ${projects} p on p.client_id = e.client_id`)
  // Deposit 10 %, progress 60 % and the balance: whole cents that add up to the amount.
  await db.execute(sql`insert into ${draws} (client_id, contract_id, position, label, amount, due)
    select k.client_id, k.id, d.position, d.label,
      case d.position when 1 then k.amount / 10 when 2 then k.amount * 6 / 10
        else k.amount - k.amount / 10 - k.amount * 6 / 10 end,
      d.due
    from ${contracts} k
    cross join (values (1, 'Deposit', 'signing'), (2, 'Progress', 'start'),
      (3, 'Balance', 'done')) as d(position, label, due)`)
  await db.execute(sql`insert into ${payments} (client_id, draw_id, paid_on, amount, method, reference)
    select d.client_id, d.id, k.signed_on, d.amount, 'check', 'Check ' || (1000 + d.position)
    from ${draws} d
    join ${contracts} k on k.id = d.contract_id
    where d.position = 1`)
}

/**
 * Three documents' rows (no bytes: the reads send their metadata), a daily log with the photo on
 * its first day, and a warranty.
 */
async function seedDocuments(db: Db) {
  await db.execute(sql`insert into ${files}
      (client_id, kind, name, content_type, size, stored_bytes, width, height, step, variants,
       created_at)
    select c.id, f.kind, f.name, f.content_type, f.size, f.stored, f.width, f.height, f.step,
      f.variants::text[], now() - (c.n % 60 + f.k) * interval '1 hour'
    from ${numbered} c
    cross join (values
      (1, 'photo', 'dig-day.jpg', 'image/jpeg', 2100000, 2400000, 4032, 3024, 'excavation',
        '{original,thumb,view}'),
      (2, 'plan', 'pool-plan.pdf', 'application/pdf', 850000, 850000, null, null, null,
        '{original}'),
      (3, 'contract', 'excavation-contract.pdf', 'application/pdf', 420000, 420000, null, null,
        'excavation', '{original}'))
      as f(k, kind, name, content_type, size, stored, width, height, step, variants)`)
  await db.execute(sql`insert into ${logEntries} (client_id, step, date, text)
    select p.client_id, 'excavation', p.start_date + l.after, l.text
    from ${projects} p
    cross join (values (0, 'Layout painted and the dig started.'),
      (1, 'Dig finished; spoils hauled away.')) as l(after, text)`)
  await db.execute(sql`insert into ${logEntryFiles} (log_entry_id, file_id, position)
    select l.id, f.id, 0 from ${logEntries} l
    join ${files} f on f.client_id = l.client_id and f.kind = 'photo'
    join ${projects} p on p.client_id = l.client_id and l.date = p.start_date`)
  await db.execute(sql`insert into ${warranties} (client_id, step, provider, term_months)
    select client_id, 'excavation', 'Bench Excavation', 12 from ${projects}`)
}

/** The excavation and steel trades, a bid request to the steel one, and three messages. */
async function seedTradesAndMessages(db: Db) {
  await db.execute(sql`insert into ${trades} (client_id, company, contact, email, phone, steps)
    select c.id, t.company || ' ' || (c.n % 40 + 1), t.contact, t.slug || '-' || c.n || '@example.com',
      '+1 512 555 0100', array[t.step]
    from ${numbered} c
    cross join (values ('Bench Excavation', 'Dana Digger', 'dig', 'excavation'),
      ('Bench Steel', 'Sam Rebar', 'steel', 'steel')) as t(company, contact, slug, step)`)
  await db.execute(sql`insert into ${bidRequests} (client_id, step, trade_id, due_on, token_hash)
    select t.client_id, 'steel', t.id, current_date + 10, md5(t.id::text)
    from ${trades} t where 'steel' = any(t.steps)`)
  await db.execute(sql`insert into ${messages}
      (client_id, thread, author_role, author_name, author_user_id, text, created_at)
    select c.id, 'project', 'CLIENT', u.name, u.id, m.text,
      now() - (4 - m.k) * interval '1 day'
    from ${numbered} c
    join ${users} u on u.id = c.id
    cross join (values (1, 'When can the dig start?'), (2, 'The survey pins are in.'),
      (3, 'Thanks, see you Monday.')) as m(k, text)`)
}

/** Gives every client of a seeded back office (seedAdminData) its project's rows, then analyzes. */
export async function seedProjects(options: DatabaseOptions): Promise<void> {
  const database = await openDatabase(options)
  try {
    const { db } = database
    await seedTimelines(db)
    await seedMoney(db)
    await seedDocuments(db)
    await seedTradesAndMessages(db)
    await db.execute(sql`analyze`)
  } finally {
    await database.close()
  }
}

/** One line saying what each project holds. */
export const projectsSummary = () =>
  `each with a start date (${PROJECT_ROWS.startDates} dates) and 2 inspections, a signed ` +
  'excavation contract with 3 draws and its deposit paid, 3 files, 2 log entries (one with a ' +
  'photo), a warranty, 2 trades, a bid request and 3 messages'
