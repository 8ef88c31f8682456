// Driver level: PGlite's data directory held by one process. What may change here: how a stale
// lock is recognised. What may not: a second live server on the same DATA_DIR refused, and the
// lock kept until the server has closed its database (tests/server/startup).
import fs from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite is single-process: a second server on the same DATA_DIR would corrupt it.
 * The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, 'poolpath.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' })
      return () => fs.rmSync(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(fs.readFileSync(file, 'utf8'))
      // Our own pid is a lock left by a crashed run that had it too (pid 1 in a container).
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by another PoolPath server (pid ${owner}). ` +
            'Stop it first, or set DATA_DIR to another folder.',
        )
      }
      fs.rmSync(file, { force: true })
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}.`)
}
