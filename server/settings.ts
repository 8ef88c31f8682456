import { z } from 'zod'
import { parseS3Url } from './lib/storage/s3-url'

const port = z.coerce.number().int().min(0).max(65535)
const positiveInt = z.coerce.number().int().min(1)
const optionalUrl = (protocols: RegExp, example: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url({ protocol: protocols, error: `must be a URL like ${example}` }).optional())

/** Every setting of PRODUCT.md §7, read from the environment and validated at start-up. */
export const SettingsSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/, 'postgres://user@host:5432/db'),
  ADMIN_EMAIL: z
    .email({ error: 'must be an email address' })
    .transform((e) => e.toLowerCase())
    .default('admin@example.com'),
  SMTP_URL: optionalUrl(/^smtps?$/, 'smtp://user:pass@host:587'),
  MAIL_FROM: z.string().min(3).default('PoolPath <no-reply@poolpath.local>'),
  MAIL_OUTBOX_DIR: z.string().min(1).optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).max(86_400).default(900),
  PUBLIC_URL: optionalUrl(/^https?$/, 'https://pool.example.com'),
  /** At least 256 bits; generated once into DATA_DIR when absent. Set it when several servers share PostgreSQL. */
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_LIMIT_PER_EMAIL: positiveInt.default(5),
  LOGIN_LIMIT_PER_IP: positiveInt.default(50),
  VERIFY_LIMIT_PER_IP: positiveInt.default(100),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Sample city, engineers and managers on a new database; unset: on PGlite only. */
  /** Seconds between the notification job's runs (PRODUCT.md §9). */
  NOTIFY_INTERVAL: positiveInt.default(60),
  /** An S3-compatible bucket for the files (PRODUCT.md §11); unset: DATA_DIR/files. */
  S3_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .superRefine((value, context) => {
      if (value === undefined) return
      try {
        parseS3Url(value)
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message })
      }
    }),
  SAMPLE_DATA: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
})
export type Settings = z.infer<typeof SettingsSchema>

export class SettingsError extends Error {}

/** Parses the environment; the error message is one line naming the first bad setting. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const known = Object.fromEntries(
    Object.keys(SettingsSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  )
  const result = SettingsSchema.safeParse(known)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const name = String(issue?.path[0] ?? 'settings')
  throw new SettingsError(`Invalid setting ${name}: ${issue?.message ?? 'invalid value'}`)
}
