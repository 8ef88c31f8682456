import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadable } from 'node:stream/web'
import { afterEach, expect, it } from 'vitest'
import { LoginData, SessionData } from '../../contract'
import { PASSPORT_FOLDERS } from '../../contract/passport'
import { routes } from '../../contract/routes'
import { bearer, onboardingDetails } from '../support/http'
import { paddedPdf } from '../support/sample-files'
import { zipNames } from '../support/unzip'
import { start, stopStarted, tempDir, waitFor, type Server } from './server-process'

// The passport ZIP of a project with 500 files, downloaded from `npm start`'s own server while
// its resident memory is sampled: streamed, it grows by far less than the 120 MB of files it
// sends (holding them would grow it by more). PGlite only: the database plays no part here.
const FILES = 500
const FILE_BYTES = 240_000
const KINDS = Object.keys(PASSPORT_FOLDERS)

afterEach(stopStarted)

/** A new client of the sample city, signed in with the code the server prints. */
async function newClient(server: Server) {
  const email = 'owner@example.com'
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  const login = await post(routes.login.path, { email })
  const { tempToken } = LoginData.parse(((await login.json()) as { Data: unknown }).Data)
  const line = /^Sign-in code for owner@example\.com: (\d{6})$/m
  await waitFor(() => line.test(server.stdout), 10_000, 'the sign-in code')
  const code = line.exec(server.stdout)?.[1] ?? ''
  const res = await post(
    routes.onboarding.path,
    { code, ...onboardingDetails },
    { 'temp-token': tempToken },
  )
  expect(res.status).toBe(200)
  return bearer(SessionData.parse(((await res.json()) as { Data: unknown }).Data).Token)
}

/** Resident memory of a process in bytes, from /proc. */
function rss(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0) * 1024
}

it('streams a 500-file passport ZIP in flat memory', { timeout: 120_000 }, async () => {
  const server = await start(tempDir())
  await server.ready()
  const headers = await newClient(server)
  const bytes = paddedPdf(FILE_BYTES)
  let next = 0
  const uploadSome = async () => {
    for (let n = next++; n < FILES; n = next++) {
      const form = new FormData()
      form.append('kind', KINDS[n % KINDS.length] ?? 'plan')
      form.append(
        'file',
        new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }),
        `f${n}.pdf`,
      )
      const res = await fetch(`${server.url}/api/files`, { method: 'POST', headers, body: form })
      expect(res.status, await res.text()).toBe(201)
    }
  }
  await Promise.all([uploadSome(), uploadSome(), uploadSome(), uploadSome()])

  const pid = server.serverPid
  const before = rss(pid)
  let most = before
  const sampler = setInterval(() => (most = Math.max(most, rss(pid))), 10)
  const file = path.join(tempDir(), 'passport.zip')
  try {
    const res = await fetch(`${server.url}/api/passport.zip`, { headers })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    await pipeline(Readable.fromWeb(res.body as WebReadable), fs.createWriteStream(file))
  } finally {
    clearInterval(sampler)
  }
  expect(fs.statSync(file).size).toBeGreaterThan(FILES * FILE_BYTES)
  expect(most - before).toBeLessThan(100 * 1024 * 1024)
  const names = await zipNames(file)
  expect(names.filter((name) => name.includes('/'))).toHaveLength(FILES)
  expect(names).toContain('passport.pdf')
})
