import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { Pricing } from '../../contract/pricing'
import { MAX_QUOTES_PER_ENTRY } from '../../contract/steps'
import type { SavedBaseline } from '../../contract/scheduling'

const id = () => uuid('id').primaryKey().defaultRandom()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
const at = (name: string) => timestamp(name, { withTimezone: true })
/** Seeded sample reference data (server/db/samples.ts), so the back office can tell it apart. */
const sample = () => boolean('sample').notNull().default(false)
/** A day of the project's calendar, read and written as `YYYY-MM-DD`. */
const day = (name: string) => date(name, { mode: 'string' })
const clientId = () =>
  uuid('client_id')
    .notNull()
    .references(() => clients.userId, { onDelete: 'cascade' })

export const users = pgTable('users', {
  id: id(),
  /** Lower-cased on the way in, so uniqueness is case-insensitive. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role', { enum: ['CLIENT', 'ADMIN'] }).notNull(),
  createdAt: createdAt(),
})

export const clients = pgTable(
  'clients',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    /** cityKey(city, state): what Flag joins on. */
    cityKey: text('city_key').notNull(),
    onWaiting: boolean('on_waiting').notNull().default(false),
    perk: text('perk'),
  },
  (t) => [
    index('clients_city_key_idx').on(t.cityKey),
    index('clients_on_waiting_idx').on(t.onWaiting),
  ],
)

export const cities = pgTable('cities', {
  id: id(),
  name: text('name').notNull(),
  state: text('state').notNull(),
  key: text('key').notNull().unique(),
  permitFee: integer('permit_fee').notNull(),
  sample: sample(),
  createdAt: createdAt(),
})

export const engineers = pgTable('engineers', {
  id: id(),
  name: text('name').notNull(),
  company: text('company').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  licenseNo: text('license_no').notNull(),
  fee: integer('fee').notNull(),
  sample: sample(),
  createdAt: createdAt(),
})

export const managers = pgTable('managers', {
  id: id(),
  name: text('name').notNull(),
  company: text('company').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  bio: text('bio').notNull(),
  yearsExperience: integer('years_experience').notNull(),
  fee: integer('fee').notNull(),
  sample: sample(),
  createdAt: createdAt(),
})

export const stages = pgTable('stages', {
  id: id(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  position: integer('position').notNull().unique(),
  pricing: jsonb('pricing').$type<Pricing>().notNull(),
  updatedAt: updatedAt(),
})

export const designTips = pgTable('design_tips', {
  id: id(),
  stageId: uuid('stage_id')
    .notNull()
    .unique()
    .references(() => stages.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  updatedAt: updatedAt(),
})

/** One per client per step: a stage (by stage id) or a non-stage (by title). */
export const poolEntries = pgTable(
  'pool_entries',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.userId, { onDelete: 'cascade' }),
    stageId: uuid('stage_id').references(() => stages.id, { onDelete: 'cascade' }),
    title: text('title'),
    choices: jsonb('choices').$type<Record<string, unknown>>().notNull().default({}),
    done: boolean('done').notNull().default(false),
    doneAt: at('done_at'),
    /** The day the step was marked done, in the project's calendar (null while not done). */
    doneOn: day('done_on'),
    startedOn: day('started_on'),
    /**
     * The entry's quotes, kept by a trigger on quotes (migration 0009): the limit's check then
     * refuses a quote beyond it in the insert's own statement, and the row's lock orders racers.
     */
    quoteCount: smallint('quote_count').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pool_entries_client_stage_idx').on(t.clientId, t.stageId),
    uniqueIndex('pool_entries_client_title_idx').on(t.clientId, t.title),
    check('pool_entries_one_key', sql`(${t.stageId} is null) <> (${t.title} is null)`),
    check(
      'pool_entries_quote_limit',
      sql`${t.quoteCount} between 0 and ${sql.raw(String(MAX_QUOTES_PER_ENTRY))}`,
    ),
  ],
)

export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => poolEntries.id, { onDelete: 'cascade' }),
    vendor: text('vendor').notNull(),
    amount: integer('amount').notNull(),
    note: text('note').notNull().default(''),
    accepted: boolean('accepted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('quotes_entry_idx').on(t.entryId)],
)

const requestStatus = () =>
  text('status', { enum: ['open', 'contacted', 'closed'] })
    .notNull()
    .default('open')

export const builderRequests = pgTable(
  'builder_requests',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.userId, { onDelete: 'cascade' }),
    status: requestStatus(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('builder_requests_one_open_idx')
      .on(t.clientId)
      .where(sql`${t.status} = 'open'`),
    index('builder_requests_status_idx').on(t.status),
  ],
)

export const managerRequests = pgTable(
  'manager_requests',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.userId, { onDelete: 'cascade' }),
    /** Null once the manager is deleted; managerName keeps the history readable. */
    managerId: uuid('manager_id').references(() => managers.id, { onDelete: 'set null' }),
    managerName: text('manager_name').notNull(),
    message: text('message').notNull().default(''),
    status: requestStatus(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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

/** Emailed one-time codes. The temp token and the code are stored as keyed hashes only. */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: id(),
    email: text('email').notNull(),
    tempTokenHash: text('temp_token_hash').notNull().unique(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    supersededAt: at('superseded_at'),
    /**
     * Verify proved the code right for an email with no account: the temp token alone may then
     * create that account (onboarding without a second code) until `expiresAt`.
     */
    verifiedAt: at('verified_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_codes_email_idx').on(t.email),
    index('login_codes_expires_idx').on(t.expiresAt),
  ],
)

/** Rotating refresh tokens; a family is one sign-in, and shares its absolute expiry. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    persistent: boolean('persistent').notNull(),
    familyExpiresAt: at('family_expires_at').notNull(),
    usedAt: at('used_at'),
    replacedById: uuid('replaced_by_id'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_expires_idx').on(t.familyExpiresAt),
  ],
)

/**
 * One row per one-off seeding step that has run (e.g. 'sample-data'), so it runs once per
 * database: what an admin deletes afterwards is not put back on the next start.
 */
export const seedMarkers = pgTable('seed_markers', {
  name: text('name').primaryKey(),
  seededAt: at('seeded_at').notNull().defaultNow(),
})

/** Fixed-window counters shared by every server. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: at('window_start').notNull(),
  count: integer('count').notNull(),
})

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
  ],
)

/** A client's project start date and baseline (the schedule as agreed when it was saved). */
export const projects = pgTable('projects', {
  clientId: clientId().primaryKey(),
  startDate: day('start_date').notNull(),
  baseline: jsonb('baseline').$type<Omit<SavedBaseline, 'savedAt'>>().notNull(),
  baselineSavedAt: at('baseline_saved_at').notNull(),
  updatedAt: updatedAt(),
})

/** Each step's working days and the calendar days its followers wait; seeded with §9's table. */
export const scheduleSettings = pgTable(
  'schedule_settings',
  {
    step: text('step').primaryKey(),
    durationDays: integer('duration_days').notNull(),
    waitDays: integer('wait_days').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('schedule_settings_duration', sql`${t.durationDays} between 0 and 120`),
    check('schedule_settings_wait', sql`${t.waitDays} between 0 and 60`),
  ],
)

/** What a client recorded of an inspection: where it stands, and each event of its history. */
const inspectionRecord = () => ({
  clientId: clientId(),
  slug: text('slug').notNull(),
  status: text('status', { enum: ['scheduled', 'passed', 'failed'] }).notNull(),
  date: day('date').notNull(),
  notes: text('notes').notNull().default(''),
})

/**
 * A client's inspection as it stands (the last of its history); absent while it is waiting or
 * ready. A gated step's mark-done reads it.
 */
export const inspections = pgTable(
  'inspections',
  {
    id: id(),
    ...inspectionRecord(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inspections_client_slug_idx').on(t.clientId, t.slug),
    // The reminders look up tomorrow's inspections.
    index('inspections_scheduled_idx')
      .on(t.date)
      .where(sql`${t.status} = 'scheduled'`),
  ],
)

/** Every status an inspection was given, in the order given. */
export const inspectionEvents = pgTable(
  'inspection_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...inspectionRecord(),
    createdAt: createdAt(),
  },
  (t) => [index('inspection_events_client_idx').on(t.clientId, t.id)],
)

/** Which emails a client wants; no row means every kind is on. */
export const notificationPreferences = pgTable('notification_preferences', {
  clientId: clientId().primaryKey(),
  inspectionReminders: boolean('inspection_reminders').notNull().default(true),
  stepUpdates: boolean('step_updates').notNull().default(true),
  warrantyReminders: boolean('warranty_reminders').notNull().default(true),
  updatedAt: updatedAt(),
})

/**
 * One row per notification email: the unique key (client, kind, subject, day) is claimed before
 * the email is sent, so every server agrees that it goes out once; `sentAt` stays null until it
 * has, so a claim whose send never finished can be found and retried.
 */
export const notificationLog = pgTable(
  'notification_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: clientId(),
    kind: text('kind', {
      enum: ['inspection-tomorrow', 'ready-to-start', 'running-late', 'warranty-expiring'],
    }).notNull(),
    /** What the email is about: a step or an inspection slug, a warranty's id. */
    subject: text('subject').notNull(),
    onDate: day('on_date').notNull(),
    claimedAt: at('claimed_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
  },
  (t) => [
    uniqueIndex('notification_log_once_idx').on(t.clientId, t.kind, t.subject, t.onDate),
    index('notification_log_unsent_idx')
      .on(t.claimedAt)
      .where(sql`${t.sentAt} is null`),
  ],
)

/** The secret of a client's calendar feed, as its SHA-256 only; rotating replaces the row. */
export const calendarTokens = pgTable('calendar_tokens', {
  clientId: clientId().primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
})

/**
 * A step's contract (PRODUCT.md §10): its accepted quote as it was when accepted, one per client
 * and step. The quote cannot be deleted from under it (the quote calls delete the contract first).
 */
export const contracts = pgTable(
  'contracts',
  {
    id: id(),
    clientId: clientId(),
    step: text('step').notNull(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id),
    vendor: text('vendor').notNull(),
    amount: integer('amount').notNull(),
    /** The day the quote was accepted: a draw due at signing falls due on it. */
    signedOn: day('signed_on').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contracts_client_step_idx').on(t.clientId, t.step),
    index('contracts_quote_idx').on(t.quoteId),
  ],
)

/** A contract's payment plan, in order; the amounts add up to its committed cost. */
export const draws = pgTable(
  'draws',
  {
    id: id(),
    clientId: clientId(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    amount: integer('amount').notNull(),
    due: text('due', { enum: ['signing', 'start', 'done', 'inspection'] }).notNull(),
    /** A document of kind lien-waiver (§11); deleting the file unlinks it. */
    lienWaiverFileId: uuid('lien_waiver_file_id').references(() => files.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('draws_contract_position_idx').on(t.contractId, t.position),
    index('draws_client_idx').on(t.clientId),
    index('draws_lien_waiver_idx').on(t.lienWaiverFileId),
    check('draws_amount', sql`${t.amount} >= 0`),
  ],
)

/**
 * What was paid on a draw. A draw with payments is never deleted by the money calls, and the
 * foreign key makes sure of it: only deleting the client takes payments with it.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    clientId: clientId(),
    drawId: uuid('draw_id')
      .notNull()
      .references(() => draws.id),
    paidOn: day('paid_on').notNull(),
    amount: integer('amount').notNull(),
    method: text('method', { enum: ['check', 'card', 'transfer', 'cash', 'other'] }).notNull(),
    reference: text('reference').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_client_idx').on(t.clientId),
    index('payments_draw_idx').on(t.drawId),
    check('payments_amount', sql`${t.amount} > 0`),
  ],
)

/** Signed changes to a contract's amount, proposed and then approved or rejected by the client. */
export const changeOrders = pgTable(
  'change_orders',
  {
    id: id(),
    clientId: clientId(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['proposed', 'approved', 'rejected'] })
      .notNull()
      .default('proposed'),
    createdAt: createdAt(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    index('change_orders_client_idx').on(t.clientId),
    index('change_orders_contract_idx').on(t.contractId),
  ],
)

/**
 * A photo or document (PRODUCT.md §11). Its bytes live in the file store (disk or S3) under keys
 * made of the id and each variant's name, never the uploaded name. The bytes are written before
 * the row and deleted after it, so a crash leaves at most bytes without a row, which the start-up
 * sweep removes.
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    clientId: clientId(),
    kind: text('kind').notNull(),
    /** The uploaded name, sanitised: shown and offered on download, never used to store. */
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    /** Bytes of the original as stored. */
    size: integer('size').notNull(),
    /** Bytes of every variant together: what counts against the client's quota. */
    storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    step: text('step'),
    caption: text('caption').notNull().default(''),
    /** The variants stored: original, and thumb and view for images. */
    variants: text('variants').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_client_created_idx').on(t.clientId, t.createdAt),
    index('files_client_step_idx').on(t.clientId, t.step),
    check('files_size', sql`${t.size} > 0 and ${t.storedBytes} >= ${t.size}`),
  ],
)

/** A day's note on a step (the daily log), with the files attached to it. */
export const logEntries = pgTable(
  'log_entries',
  {
    id: id(),
    clientId: clientId(),
    step: text('step').notNull(),
    date: day('date').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('log_entries_client_date_idx').on(t.clientId, t.date)],
)

/** The files of a log entry, in the order given; a file may be attached to several entries. */
export const logEntryFiles = pgTable(
  'log_entry_files',
  {
    logEntryId: uuid('log_entry_id')
      .notNull()
      .references(() => logEntries.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.logEntryId, t.fileId] }),
    index('log_entry_files_file_idx').on(t.fileId),
  ],
)

/**
 * A step's warranty, one per client and step. `starts_on` null means "from the step's done day",
 * read when it is shown, so marking the step done later dates it.
 */
export const warranties = pgTable(
  'warranties',
  {
    id: id(),
    clientId: clientId(),
    step: text('step').notNull(),
    provider: text('provider').notNull(),
    termMonths: integer('term_months').notNull(),
    startsOn: day('starts_on'),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('warranties_client_step_idx').on(t.clientId, t.step),
    index('warranties_file_idx').on(t.fileId),
    check('warranties_term', sql`${t.termMonths} between 1 and 600`),
  ],
)

/**
 * What the back office lists, as one number: triggers (migration 0007) bump `version` when a
 * transaction that changed one of its tables commits, so the admin fetch answers 304, or its
 * cached body, after reading this one row. `epoch` is drawn when the row is made, so a new
 * database never matches an ETag of another one. One row, id 1.
 */
export const dataVersion = pgTable(
  'data_version',
  {
    id: integer('id').primaryKey().default(1),
    epoch: uuid('epoch').notNull().defaultRandom(),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('data_version_one_row', sql`${t.id} = 1`)],
)

/**
 * A trade of a client's project (PRODUCT.md §13): its email unique in the project, whatever its
 * case. Its warnings are worked out on every read, never stored.
 */
export const trades = pgTable(
  'trades',
  {
    id: id(),
    clientId: clientId(),
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
    insuranceFileId: uuid('insurance_file_id').references(() => files.id, {
      onDelete: 'set null',
    }),
    compExempt: boolean('comp_exempt').notNull().default(false),
    compExpiresOn: day('comp_expires_on'),
    compFileId: uuid('comp_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('trades_client_email_idx').on(t.clientId, sql`lower(${t.email})`),
    index('trades_insurance_file_idx').on(t.insuranceFileId),
    index('trades_comp_file_idx').on(t.compFileId),
  ],
)
