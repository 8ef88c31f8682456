// Who signs in (users, and the clients' profiles) and the codes and refresh tokens of a sign-in.
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { MAX_MEASURED_GALLONS, MIN_MEASURED_GALLONS } from '../../../contract/passport'
import { id, createdAt, at, keyTo } from './columns'

export const users = pgTable('users', {
  id: id(),
  /** Lower-cased on the way in, so uniqueness is case-insensitive. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role', { enum: ['CLIENT', 'ADMIN', 'MANAGER'] }).notNull(),
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
    /** The owner's measured volume of the pool (the passport, PRODUCT.md §17); null until entered. */
    measuredGallons: integer('measured_gallons'),
  },
  (t) => [
    index('clients_city_key_idx').on(t.cityKey),
    index('clients_on_waiting_idx').on(t.onWaiting),
    check(
      'clients_measured_gallons',
      sql`${t.measuredGallons} between ${sql.raw(String(MIN_MEASURED_GALLONS))} and ${sql.raw(String(MAX_MEASURED_GALLONS))}`,
    ),
  ],
)

/**
 * An emailed one-time code as stored: its keyed hash, the tries made, and how it ended — used,
 * superseded by a newer one, or expired. A client's sign-in and a trade's both keep these.
 */
export const oneTimeCode = () => ({
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  supersededAt: at('superseded_at'),
})

/** Emailed one-time codes. The temp token and the code are stored as keyed hashes only. */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: id(),
    email: text('email').notNull(),
    tempTokenHash: text('temp_token_hash').notNull().unique(),
    ...oneTimeCode(),
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
    userId: keyTo('user_id', () => users.id, 'cascade'),
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
