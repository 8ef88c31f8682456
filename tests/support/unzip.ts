import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * The names in a ZIP on disk, read with Info-ZIP's `unzip`, a reader PoolPath did not write,
 * after `unzip -t` has checked every entry's CRC (it fails on a broken or cut-off ZIP).
 */
export async function zipNames(file: string) {
  await run('unzip', ['-tq', file], { maxBuffer: 16 * 1024 * 1024 })
  const { stdout } = await run('unzip', ['-Z1', file], { maxBuffer: 16 * 1024 * 1024 })
  return stdout.split('\n').filter(Boolean)
}

/** A ZIP's names and every entry's bytes (`unzip -p`). */
export async function unzipped(bytes: Uint8Array) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'poolpath-zip-'))
  const file = path.join(dir, 'download.zip')
  fs.writeFileSync(file, bytes)
  try {
    const names = await zipNames(file)
    const entries = new Map<string, Buffer>()
    for (const name of names) {
      // -p takes a wildcard pattern: its special characters are escaped to match the name only.
      const pattern = name.replace(/[[\]*?\\]/g, '\\$&')
      const { stdout } = await run('unzip', ['-p', file, pattern], {
        encoding: 'buffer',
        maxBuffer: 64 * 1024 * 1024,
      })
      entries.set(name, stdout)
    }
    return { names, entries }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
