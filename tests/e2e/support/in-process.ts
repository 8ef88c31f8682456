import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { buildApp } from '../../../server/app'
import { openDatabase } from '../../../server/db/driver/client'
import { seed } from '../../../server/db/seed'
import { readSettings } from '../../../server/settings'
import { TestClock, type TestApp } from '../../support/build'
import { freePort } from './free-port'

/**
 * The real app, built app included, on PGlite in this process: for a browser test that must
 * also write what no call writes yet (a bid request, until the owner's calls land). `t` is as
 * the server tests' helpers take it; `url` is where the browser goes.
 */
export function useInProcessApp() {
  let running: { t: TestApp; url: string } | null = null
  beforeAll(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'poolpath-e2e-app-'))
    const port = await freePort()
    const settings = readSettings({
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      MAIL_OUTBOX_DIR: path.join(dataDir, 'outbox'),
      PORT: String(port),
      HOST: '127.0.0.1',
    })
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') })
    await seed(database.db, settings.ADMIN_EMAIL)
    const secret = crypto.randomBytes(32)
    const clock = new TestClock()
    const app = await buildApp({ settings, database, secret, clock: clock.now })
    await app.listen({ port, host: settings.HOST })
    const outbox = settings.MAIL_OUTBOX_DIR ?? dataDir
    running = {
      t: { app, clock, outbox, dataDir, database, secret },
      url: `http://127.0.0.1:${port}`,
    }
  })
  afterAll(async () => {
    if (!running) return
    await running.t.app.close()
    await fs.rm(running.t.dataDir, { recursive: true, force: true })
  })
  const ready = () => {
    if (!running) throw new Error('useInProcessApp(): the app did not start')
    return running
  }
  return {
    get t() {
      return ready().t
    },
    get url() {
      return ready().url
    },
  }
}
