import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './free-port'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const READY_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 10_000
// Settings of the developer's shell (a DATABASE_URL, SMTP_URL…) must not leak into the test.
const UNSHARED_SETTINGS = new Set(['DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'JWT_SECRET'])

export type RunningServer = {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string
  /** Each email the server sends lands here as one file (MAIL_OUTBOX_DIR). */
  outboxDir: string
  /** Everything the server printed so far, for failure messages. */
  output: () => string
  stop: () => Promise<void>
}

export type StartServerOptions = {
  /** Extra settings (PRODUCT.md §7), e.g. { ACCESS_TOKEN_TTL: '60' }. */
  env?: Record<string, string>
}

function assertAppBuilt() {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'index.html'))) {
    throw new Error(
      'dist/index.html is missing: the browser tests need the built app. Run `npm run build` first ' +
        '(`npm test` does it for you).',
    )
  }
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null || child.pid === undefined

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (exited(child)) {
      throw new Error(
        `The server stopped before it was ready (exit ${child.exitCode}):\n${output()}`,
      )
    }
    try {
      const response = await fetch(`${url}/api`, { signal: AbortSignal.timeout(2_000) })
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(
    `The server did not answer GET /api within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`,
  )
}

/**
 * Starts the real server (server/main.ts) as a child process on a free port, with a fresh
 * PGlite database in a temporary DATA_DIR, and waits until GET /api answers.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  assertAppBuilt()
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poolpath-e2e-'))
  const outboxDir = path.join(dataDir, 'outbox')
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !UNSHARED_SETTINGS.has(name)),
  )
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MAIL_OUTBOX_DIR: outboxDir,
      LOG_LEVEL: 'warn',
      // Each test sets up the cities and people it needs; the newcomer's samples would clash.
      SAMPLE_DATA: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: tsx runs the server in a child of its own, and a hard stop must
    // reach both. A polite stop goes to tsx alone, which relays it exactly once.
    detached: true,
  })
  let printed = ''
  const collect = (chunk: Buffer) => {
    printed += chunk.toString()
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  // E.g. tsx missing: reported as output, and the server counts as stopped.
  child.on('error', (error) => collect(Buffer.from(`${error.message}\n`)))
  const output = () => printed || '(no output)'
  const url = `http://127.0.0.1:${port}`

  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL')
    } catch {
      // Already gone.
    }
  }
  // If the test process exits without afterAll, the server must not outlive it.
  process.once('exit', killGroup)

  const stop = async () => {
    process.off('exit', killGroup)
    if (!exited(child)) {
      child.kill('SIGTERM')
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        killGroup()
        await waitForExit(child, STOP_TIMEOUT_MS)
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  try {
    await waitUntilReady(url, child, output)
  } catch (error) {
    await stop()
    throw error
  }
  return { url, outboxDir, output, stop }
}
