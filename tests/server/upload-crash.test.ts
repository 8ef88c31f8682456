import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { SessionData } from '../../contract'
import { StoredFile } from '../../contract/documents'
import { filesUnder, multipartBody, png } from './files-kit'
import { PROCESS_TEST, start, stopStarted, tempDir, waitFor, type Server } from './server-process'

// A server killed with SIGKILL in the middle of an upload, then started again on its DATA_DIR:
// no half file anywhere, no row without its bytes, and what a crash left is swept at start-up.
// And a client that hangs up while its upload is processed: nothing is kept.

afterEach(() => stopStarted())

const post = (server: Server, url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

/** A new client in Austin (served by the sample data), signed in through the printed code. */
async function signUp(server: Server, email: string) {
  const login = await post(server, '/api/login', { email })
  const { tempToken } = ((await login.json()) as { Data: { tempToken: string } }).Data
  let code = ''
  await waitFor(
    () => {
      code = new RegExp(`Sign-in code for ${email}: (\\d{6})`).exec(server.stdout)?.[1] ?? ''
      return code !== ''
    },
    10_000,
    'the sign-in code',
  )
  const details = { name: 'Pat', phone: '+1 512 555 0100', address: '1 Lake St' }
  const res = await post(
    server,
    '/api/onboarding',
    { code, ...details, city: 'Austin', state: 'TX' },
    { 'temp-token': tempToken },
  )
  expect(res.status).toBe(200)
  const session = SessionData.parse(((await res.json()) as { Data: unknown }).Data)
  return { authorization: `Bearer ${session.Token}` }
}

const listFiles = async (server: Server, headers: Record<string, string>) => {
  const res = await fetch(`${server.url}/api/files`, { headers })
  expect(res.status).toBe(200)
  return ((await res.json()) as { Data: unknown[] }).Data.map((f) => StoredFile.parse(f))
}

describe('a crash during an upload', PROCESS_TEST, () => {
  it('leaves no half file and no row without bytes once the server is back', async () => {
    const dataDir = tempDir()
    const first = await (await start(dataDir)).ready()
    const headers = await signUp(first, 'crash@example.com')

    // An upload whose body stops after 4 MB, and never ends: the server is killed while it waits.
    const boundary = `----poolpath${crypto.randomBytes(8).toString('hex')}`
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nphoto\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    )
    const jpegStart = Buffer.from([0xff, 0xd8, 0xff, 0xe0])
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(Buffer.concat([head, jpegStart])))
        for (let i = 0; i < 4; i++) controller.enqueue(new Uint8Array(1024 * 1024).fill(7))
      },
    })
    const cut = fetch(`${first.url}/api/files`, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => error)
    const incoming = path.join(dataDir, 'incoming')
    const staged = () =>
      fs.existsSync(incoming) &&
      fs.readdirSync(incoming).some((n) => fs.statSync(path.join(incoming, n)).size >= 3_000_000)
    await waitFor(staged, 20_000, 'the upload to be half staged')
    await first.kill()
    expect(await cut).toBeInstanceOf(Error)
    expect(fs.readdirSync(incoming)).not.toEqual([])

    // What a crash between storing and inserting, or mid-write, leaves in the store.
    const orphan = crypto.randomUUID()
    const store = path.join(dataDir, 'files', orphan.slice(0, 2))
    fs.mkdirSync(store, { recursive: true })
    fs.writeFileSync(path.join(store, `${orphan}.original`), 'whole, but no row names it')
    fs.writeFileSync(path.join(store, `${orphan}.view.0a1b2c.partial`), 'half a fi')

    const second = await (await start(dataDir)).ready()
    expect(await filesUnder(incoming)).toEqual([])
    expect(await filesUnder(path.join(dataDir, 'files'))).toEqual([])
    expect(await listFiles(second, headers)).toEqual([])

    // And the server works as before: a whole upload is listed, and its bytes are all there.
    const { payload, contentType } = await multipartBody(
      { kind: 'photo' },
      { name: 'a.png', bytes: await png() },
    )
    const res = await fetch(`${second.url}/api/files`, {
      method: 'POST',
      headers: { ...headers, 'content-type': contentType },
      body: new Uint8Array(payload),
    })
    expect(res.status).toBe(201)
    const [file] = await listFiles(second, headers)
    expect(await filesUnder(path.join(dataDir, 'files'))).toHaveLength(3)
    const served = await fetch(`${second.url}${file?.urls.original ?? ''}`)
    expect(served.status).toBe(200)
  })
})

describe('an upload cancelled while the server processes it', PROCESS_TEST, () => {
  it('keeps nothing when the client hangs up after its bytes arrived', async () => {
    const dataDir = tempDir()
    const server = await (await start(dataDir)).ready()
    const headers = await signUp(server, 'cancel@example.com')
    // Noise keeps the photo big, so making its variants takes a while after it is staged.
    const photo = await sharp({
      create: {
        width: 3000,
        height: 2000,
        channels: 3,
        background: '#777',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer()
    const { payload, contentType } = await multipartBody(
      { kind: 'photo' },
      { name: 'slow.jpg', bytes: photo, type: 'image/jpeg' },
    )
    const request = http.request(`${server.url}/api/files`, {
      method: 'POST',
      headers: { ...headers, 'content-type': contentType, 'content-length': payload.length },
    })
    const answered = new Promise<unknown>((resolve) => {
      request.once('response', resolve)
      request.once('error', resolve)
    })
    request.end(payload)
    const incoming = path.join(dataDir, 'incoming')
    const staged = () =>
      fs.existsSync(incoming) &&
      fs.readdirSync(incoming).some((n) => fs.statSync(path.join(incoming, n)).size >= photo.length)
    await waitFor(staged, 20_000, 'the whole upload to be staged')
    request.destroy()
    expect(await answered).toBeInstanceOf(Error)

    await waitFor(() => fs.readdirSync(incoming).length === 0, 20_000, 'the upload to be processed')
    expect(await listFiles(server, headers)).toEqual([])
    expect(await filesUnder(path.join(dataDir, 'files'))).toEqual([])
  })
})
