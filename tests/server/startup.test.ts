import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { StagesData } from '../../contract'
import { DataDirLockedError, lockDataDir } from '../../server/db/driver/lock'
import { readSettings, SettingsError } from '../../server/settings'
import {
  isAlive,
  PROCESS_TEST,
  start,
  stopStarted,
  tempDir,
  waitFor,
  type Server,
} from './server-process'

// The process-level behaviour of server/main.ts, with real child processes started as
// `npm start` starts them (node --import tsx server/main.ts), on PGlite in a fresh DATA_DIR each.
const cleanups: (() => Promise<void> | void)[] = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
  await stopStarted()
})

const lockFile = (dataDir: string) => path.join(dataDir, 'poolpath.lock')
const lockOwner = (dataDir: string) => Number(fs.readFileSync(lockFile(dataDir), 'utf8'))

describe('readSettings', () => {
  it('has the defaults of PRODUCT.md §7', () => {
    expect(readSettings({})).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      ADMIN_EMAIL: 'admin@example.com',
      ACCESS_TOKEN_TTL: 900,
    })
    const settings = readSettings({})
    expect(settings.DATABASE_URL).toBeUndefined()
    expect(settings.SMTP_URL).toBeUndefined()
    expect(settings.PUBLIC_URL).toBeUndefined()
  })

  it('reads good values, and takes an empty one as unset', () => {
    const settings = readSettings({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/pool',
      ADMIN_EMAIL: 'Boss@Example.com',
      SMTP_URL: '',
      ACCESS_TOKEN_TTL: '',
    })
    expect(settings).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgres://u@db:5432/pool',
      ADMIN_EMAIL: 'boss@example.com',
      ACCESS_TOKEN_TTL: 900,
    })
    expect(settings.SMTP_URL).toBeUndefined()
  })

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['ACCESS_TOKEN_TTL', 'abc'],
    ['PUBLIC_URL', 'ftp://x'],
    ['JWT_SECRET', 'too-short'],
    ['SAMPLE_DATA', 'yes'],
  ])('stops on a bad %s (%s) with one line naming it', (name, value) => {
    let caught: unknown
    try {
      readSettings({ [name]: value })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(SettingsError)
    const message = (caught as SettingsError).message
    expect(message.startsWith(`Invalid setting ${name}`)).toBe(true)
    expect(message).not.toContain('\n')
  })
})

describe('lockDataDir', () => {
  it('refuses a DATA_DIR locked by another live process, with a DataDirLockedError', () => {
    const dataDir = tempDir()
    // The parent of this test worker: a live process that is not us.
    fs.writeFileSync(lockFile(dataDir), String(process.ppid))
    let caught: unknown
    try {
      lockDataDir(dataDir)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(DataDirLockedError)
    // main.ts recognises it by name to print it as one plain line.
    expect((caught as Error).name).toBe('DataDirLockedError')
    expect((caught as Error).message).toContain(`DATA_DIR ${dataDir} is in use`)
    expect(lockOwner(dataDir)).toBe(process.ppid)
  })

  it('takes over a lock holding its own pid (left by a crashed run with the same pid)', () => {
    const dataDir = tempDir()
    fs.writeFileSync(lockFile(dataDir), String(process.pid))
    const unlock = lockDataDir(dataDir)
    expect(lockOwner(dataDir)).toBe(process.pid)
    unlock()
    expect(fs.existsSync(lockFile(dataDir))).toBe(false)
  })
})

describe('starting the server', PROCESS_TEST, () => {
  it('stops with one stderr line naming PORT when PORT is not a number', async () => {
    const dataDir = tempDir()
    const server = await start(dataDir, { PORT: 'abc' })
    const exit = await server.exitWithin(15_000)
    expect(exit.code).not.toBe(0)
    expect(exit.code).not.toBeNull()
    expect(server.errorLines).toHaveLength(1)
    expect(server.errorLines[0]).toMatch(/^Invalid setting PORT\b/)
    // Settings are read before anything else: nothing was locked or created.
    expect(fs.existsSync(lockFile(dataDir))).toBe(false)
  })

  it('boots like `npm start`: the stages, the ready line, and the sign-in code in the log', async () => {
    const dataDir = tempDir()
    const server = await (await start(dataDir)).ready()
    expect(server.stdout).toContain(
      `PoolPath is ready at http://localhost:${server.port} on PGlite in ${dataDir}.`,
    )
    expect(server.stdout).toContain('Sign in as admin@example.com')

    const res = await fetch(`${server.url}/api`)
    expect(res.status).toBe(200)
    const stages = StagesData.parse(((await res.json()) as { Data: unknown }).Data)
    expect(stages).toHaveLength(10)

    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com' }),
    })
    expect(login.status).toBe(200)
    const mailLine = () =>
      server.logLines.find(
        (line) => line.mailTo === 'admin@example.com' && typeof line.msg === 'string',
      )
    await waitFor(() => mailLine() !== undefined, 10_000, 'the development mail line')
    expect(String(mailLine()?.msg)).toMatch(/^development mail: .*\b\d{6}\b/)
    // And as one plain line a person finds among the JSON.
    const code = /\b(\d{6})\b/.exec(String(mailLine()?.msg))?.[1]
    await waitFor(
      () => server.stdout.includes(`Sign-in code for admin@example.com: ${code}\n`),
      5_000,
      'the plain line',
    )
  })
})

describe('the DATA_DIR lock', PROCESS_TEST, () => {
  it('stops a second server on the same DATA_DIR, and lets one start once the first stopped', async () => {
    const dataDir = tempDir()
    const first = await (await start(dataDir)).ready()
    expect(lockOwner(dataDir)).toBe(first.serverPid)

    const second = await start(dataDir)
    const exit = await second.exitWithin(15_000)
    expect(exit.code).not.toBe(0)
    expect(exit.code).not.toBeNull()
    expect(second.errorLines).toHaveLength(1)
    expect(second.errorLines[0]).toContain('in use')
    expect(second.errorLines[0]).toContain(dataDir)
    // The refused server left the first one alone.
    expect(lockOwner(dataDir)).toBe(first.serverPid)
    expect((await fetch(`${first.url}/api`)).status).toBe(200)

    first.child.kill('SIGTERM')
    expect((await first.exitWithin(10_000)).code).toBe(0)
    const third = await (await start(dataDir)).ready()
    expect(lockOwner(dataDir)).toBe(third.serverPid)
    expect((await fetch(`${third.url}/api`)).status).toBe(200)
  })

  it('takes over the lock of a server killed with SIGKILL', async () => {
    const dataDir = tempDir()
    const first = await (await start(dataDir)).ready()
    const deadPid = first.serverPid
    process.kill(deadPid, 'SIGKILL')
    await first.exitWithin(10_000)
    await waitFor(() => !isAlive(deadPid), 5_000, 'the killed server to be gone')
    // The crash left its lock behind.
    expect(lockOwner(dataDir)).toBe(deadPid)

    const second = await (await start(dataDir)).ready()
    expect(lockOwner(dataDir)).toBe(second.serverPid)
    const res = await fetch(`${second.url}/api`)
    expect(res.status).toBe(200)
    expect(StagesData.parse(((await res.json()) as { Data: unknown }).Data)).toHaveLength(10)
  })

  it('keeps DATA_DIR locked until the server has closed, however long closing takes', async () => {
    // A mail server that accepts connections and never answers: the mail sent at sign-in
    // is still pending when the server is told to stop, so closing waits for it.
    const sockets = new Set<net.Socket>()
    const silent = net.createServer((socket) => {
      sockets.add(socket)
      socket.on('error', () => undefined)
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy()
          silent.close(() => resolve())
        }),
    )
    const address = silent.address()
    const smtpPort = typeof address === 'object' && address ? address.port : 0

    const dataDir = tempDir()
    const first = await (await start(dataDir, { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` })).ready()
    const login = await fetch(`${first.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.com' }),
    })
    expect(login.status).toBe(200)
    await waitFor(() => sockets.size > 0, 10_000, 'the mail connection')

    first.child.kill('SIGTERM')
    await waitFor(() => first.stdout.includes('shutting down'), 10_000, 'the shutdown')
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(first.exit).toBeNull()
    expect(isAlive(first.serverPid)).toBe(true)
    // Its database is still open: the lock must still be there, and hold off a second server.
    expect(fs.existsSync(lockFile(dataDir))).toBe(true)
    const second = await start(dataDir)
    expect((await second.exitWithin(15_000)).code).not.toBe(0)
    expect(second.errorLines.join('\n')).toContain('in use')
  })
})

describe('graceful shutdown', PROCESS_TEST, () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'exits with code 0 on %s and removes its lock file',
    async (signal) => {
      const dataDir = tempDir()
      const server = await (await start(dataDir)).ready()
      const pid = server.serverPid
      expect(fs.existsSync(lockFile(dataDir))).toBe(true)

      server.child.kill(signal)
      const exit = await server.exitWithin(10_000)
      expect(exit).toEqual({ code: 0, signal: null })
      await waitFor(() => !isAlive(pid), 2_000, 'the node process to be gone')
      expect(fs.existsSync(lockFile(dataDir))).toBe(false)
      const shutdown = server.logLines.find((line) => line.msg === 'shutting down')
      expect(shutdown?.signal).toBe(signal)
    },
  )
})

describe('a log nobody reads', PROCESS_TEST, () => {
  /** `count` requests, `batch` at a time: two info lines of log each on a pipe. */
  async function flood(server: Server, count: number, batch = 50) {
    for (let sent = 0; sent < count; sent += batch)
      await Promise.all(
        Array.from({ length: batch }, () => fetch(`${server.url}/api/nothing-here`)),
      )
  }

  it('still answers, and stops on SIGTERM within the grace delay', async () => {
    const server = await (await start(tempDir())).ready()
    const pid = server.serverPid
    // Far more log than the pipe holds, and nobody reading it.
    server.child.stdout?.pause()
    await flood(server, 800)
    const res = await fetch(`${server.url}/api`, { signal: AbortSignal.timeout(5_000) })
    expect(res.status).toBe(200)
    server.child.kill('SIGTERM')
    expect(await server.exitWithin(15_000)).toEqual({ code: 0, signal: null })
    expect(isAlive(pid)).toBe(false)
  })
})

describe('the generated secret', PROCESS_TEST, () => {
  it('is written once to DATA_DIR/secret.key, readable by the owner only, and kept on restart', async () => {
    const dataDir = tempDir()
    const file = path.join(dataDir, 'secret.key')
    const first = await (await start(dataDir)).ready()
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    const secret = fs.readFileSync(file, 'utf8')
    expect(secret).toMatch(/^[0-9a-f]{64}$/)

    first.child.kill('SIGTERM')
    expect((await first.exitWithin(10_000)).code).toBe(0)
    await (await start(dataDir)).ready()
    expect(fs.readFileSync(file, 'utf8')).toBe(secret)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
  })
})
