// Where each bench server keeps its data: a fresh PGlite DATA_DIR, or a scratch PostgreSQL
// database made for the run and dropped after it (on the server BENCH_DATABASE_URL names).
import crypto from 'node:crypto'
import path from 'node:path'
import pg from 'pg'
import type { DatabaseOptions } from '../../server/db/driver/client'
import type { BenchOptions } from './options'

/** One server's database: how the server is told of it, and how the bench opens it itself. */
export type ScratchDatabase = {
  /** DATA_DIR and DATABASE_URL for the server (DATABASE_URL empty on PGlite). */
  env: { DATA_DIR: string; DATABASE_URL: string }
  options: DatabaseOptions
}

/** The same server with another database name. */
const withDatabase = (url: string, name: string) => {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

async function onServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** Makes databases for the run's servers and drops every one of them at the end. */
export class ScratchDatabases {
  private readonly made: string[] = []
  private readonly run = crypto.randomBytes(4).toString('hex')

  constructor(
    private readonly options: BenchOptions,
    private readonly workDir: string,
  ) {}

  async make(name: string): Promise<ScratchDatabase> {
    const dataDir = path.join(this.workDir, `${name}-data`)
    const { url } = this.options
    if (this.options.db === 'pglite' || url === null) {
      return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, options: { kind: 'pglite', dataDir } }
    }
    const database = `poolpath_bench_${this.run}_${name.replaceAll('-', '_')}`
    await onServer(url, (client) => client.query(`create database ${database}`))
    this.made.push(database)
    const own = withDatabase(url, database)
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: own },
      options: { kind: 'postgres', url: own },
    }
  }

  async dropAll(): Promise<void> {
    const { url } = this.options
    if (url === null || this.made.length === 0) return
    const names = this.made.splice(0)
    await onServer(url, async (client) => {
      for (const name of names) await client.query(`drop database if exists ${name} with (force)`)
    })
  }
}
