// What the numbers were measured on: versions, machine, load, database.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import type { BenchOptions } from './options'
import { root } from './processes'
import { WARM_UP_SECONDS } from './run'

async function versionOf(pkg: string): Promise<string> {
  const file = path.join(root, 'node_modules', pkg, 'package.json')
  const { version } = z
    .object({ version: z.string() })
    .parse(JSON.parse(await fs.readFile(file, 'utf8')))
  return version
}

export async function printHeader(): Promise<void> {
  const cpus = os.cpus()
  console.log(`PoolPath benchmark, ${new Date().toISOString()}`)
  console.log(
    `Node ${process.version} (${process.platform} ${process.arch}, ${cpus.length} CPUs: ${cpus[0]?.model ?? 'unknown'}); ` +
      `Vite ${await versionOf('vite')}; ${loadAverage()}`,
  )
}

/** Other work on the machine slows every row: the numbers are read against it. */
export const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`

export async function databaseName(options: BenchOptions): Promise<string> {
  if (options.db === 'pglite') {
    return `PGlite ${await versionOf('@electric-sql/pglite')} (fresh DATA_DIR, in the server process)`
  }
  return "PostgreSQL (a scratch database per server on BENCH_DATABASE_URL's server, pool of 10)"
}

export async function printLoadHeader(seconds: number, options: BenchOptions): Promise<void> {
  console.log('')
  console.log(
    `Database: ${await databaseName(options)}; ` +
      `autocannon ${await versionOf('autocannon')} in the bench process, on the same machine`,
  )
  console.log(
    `Each target: ${WARM_UP_SECONDS} s warm-up (not counted), then ${seconds} s; pipelining 1; ` +
      'one target at a time',
  )
}
