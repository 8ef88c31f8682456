import closeWithGrace from 'close-with-grace'
import { buildApp, loggerOptions } from './app'
import { openDatabase } from './db/driver/client'
import { lockDataDir } from './db/driver/lock'
import { seedSamples } from './db/samples'
import { seed } from './db/seed'
import { logDestination } from './lib/log-destination'
import { publicUrl } from './lib/public-url'
import { loadSecret } from './lib/secret'
import { readSettings, SettingsError } from './settings'

async function main() {
  const settings = readSettings()
  const unlock = settings.DATABASE_URL ? () => undefined : lockDataDir(settings.DATA_DIR)
  const database = await openDatabase(
    settings.DATABASE_URL
      ? { kind: 'postgres', url: settings.DATABASE_URL }
      : { kind: 'pglite', dataDir: settings.DATA_DIR },
  )
  await seed(database.db, settings.ADMIN_EMAIL)
  // A shared PostgreSQL gets sample data only when asked for; the embedded database by default.
  const samplesSeeded =
    (settings.SAMPLE_DATA ?? database.kind === 'pglite') && (await seedSamples(database.db))
  const log = logDestination()
  const app = await buildApp({
    settings,
    database,
    secret: loadSecret(settings.JWT_SECRET, settings.DATA_DIR),
    terminal: process.stdout.isTTY === true,
    ...(log ? { logger: { ...loggerOptions(settings.LOG_LEVEL), stream: log.stream } } : {}),
  })

  // Its own complaints go to the log too: standard error may be as unread as standard output.
  const logger = { error: (message: unknown) => app.log.error(String(message)) }
  closeWithGrace({ delay: 10_000, logger }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error')
    else app.log.info({ signal }, 'shutting down')
    await app.close()
    // Only once the database is closed: another server may open DATA_DIR as soon as it is gone.
    unlock()
    await log?.drained(1_000)
  })

  await app.listen({ port: settings.PORT, host: settings.HOST })
  if (samplesSeeded) {
    app.log.info(
      'Seeded sample data (marked sample in the admin area): Austin, TX served, two engineers and ' +
        'two managers. SAMPLE_DATA=false on a new database skips it.',
    )
  }
  const where = publicUrl(settings)
  app.log.info(
    `PoolPath is ready at ${where} on ${database.kind === 'pglite' ? `PGlite in ${settings.DATA_DIR}` : 'PostgreSQL'}. ` +
      `Sign in as ${settings.ADMIN_EMAIL}; without SMTP_URL the code is printed in this log.`,
  )
}

main().catch((error: unknown) => {
  // Settings and lock errors are for the person starting the server: one plain line.
  const known =
    error instanceof SettingsError ||
    (error instanceof Error && error.name === 'DataDirLockedError')
  console.error(known ? (error as Error).message : error)
  process.exit(1)
})
