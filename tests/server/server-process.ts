import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

// Real child processes started as `npm start` starts them (node --import tsx server/main.ts: a
// signal reaches the server itself, not tsx's CLI, which SIGKILLs a child that does not confirm a
// signal within 30 ms — under load, before its graceful shutdown), on PGlite in a fresh DATA_DIR
// each unless told otherwise. A test file calls stopStarted() after each test.

const MAIN = path.resolve('server', 'main.ts')
export const PROCESS_TEST = { timeout: 60_000 }

type Exit = { code: number | null; signal: NodeJS.Signals | null }

/** One `node --import tsx server/main.ts`, with what it printed so far. */
export class Server {
  stdout = ''
  stderr = ''
  exit: Exit | null = null
  readonly exited: Promise<Exit>

  constructor(
    readonly child: ChildProcess,
    readonly port: number,
    readonly dataDir: string,
  ) {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (this.stdout += chunk))
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk))
    this.exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        this.exit = { code, signal }
        resolve(this.exit)
      })
    })
  }

  get url() {
    return `http://127.0.0.1:${this.port}`
  }

  /** The pino lines of stdout, parsed. */
  get logLines(): Record<string, unknown>[] {
    return this.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
  }

  /** stderr without node's own warnings: what the person starting the server reads. */
  get errorLines(): string[] {
    return this.stderr
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('(node:') && !/^npm warn/i.test(line))
  }

  /** The pid of the node process running main.ts (tsx runs it in a child of its own). */
  get serverPid(): number {
    const pid = this.logLines.find((line) => typeof line.pid === 'number')?.pid
    if (typeof pid !== 'number') throw new Error('the server has not logged yet')
    return pid
  }

  async ready(timeoutMs = 45_000) {
    await waitFor(
      () => {
        if (this.exit) {
          throw new Error(`the server exited (${JSON.stringify(this.exit)}): ${this.stderr}`)
        }
        return this.stdout.includes('PoolPath is ready at')
      },
      timeoutMs,
      'the ready line',
    )
    return this
  }

  /** Resolves with the exit, or fails when it takes longer than `timeoutMs`. */
  async exitWithin(timeoutMs: number): Promise<Exit> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`still running after ${timeoutMs} ms: ${this.stderr}`)),
        timeoutMs,
      )
    })
    try {
      return await Promise.race([this.exited, timeout])
    } finally {
      clearTimeout(timer)
    }
  }

  /** Kills everything it started (tsx and its node child share a process group). */
  async kill() {
    if (this.exit === null && this.child.pid !== undefined) {
      try {
        process.kill(-this.child.pid, 'SIGKILL')
      } catch {
        // Already gone.
      }
      await this.exitWithin(5_000).catch(() => undefined)
    }
    const pid = this.logLines.find((line) => typeof line.pid === 'number')?.pid
    if (typeof pid === 'number' && isAlive(pid)) process.kill(pid, 'SIGKILL')
  }
}

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

export async function waitFor(check: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })

const started: Server[] = []
const tempDirs: string[] = []

export function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'poolpath-startup-'))
  tempDirs.push(dir)
  return dir
}

/** Starts `node --import tsx server/main.ts` with only the settings given (no SMTP_URL; DATABASE_URL only if given). */
export async function start(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: process.cwd(),
    env: {
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const server = new Server(child, port, dataDir)
  started.push(server)
  return server
}

/** Kills every server started and removes every temporary DATA_DIR. */
export async function stopStarted() {
  await Promise.all(started.splice(0).map((server) => server.kill()))
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
}
