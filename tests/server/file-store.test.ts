import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { FILE_VARIANTS } from '../../contract/documents'
import { files } from '../../server/db/schema'
import { diskStore } from '../../server/lib/storage/disk'
import { s3Store } from '../../server/lib/storage/s3'
import { parseS3Url } from '../../server/lib/storage/s3-url'
import { objectName, type FileStore } from '../../server/lib/storage/types'
import { SHARED_STORE_GRACE_MS, sweepStore } from '../../server/plugins/app/documents/file-sweep'
import { readSettings, SettingsError } from '../../server/settings'
import { build, type TestApp } from '../support/build'
import { expectProblem } from '../support/http'
import { callRaw } from '../support/call'
import { S3_BUCKET, startS3 } from '../support/s3'
import { newClient, serveAustin } from './client-kit'
import { fetchSigned, pdf, png, uploaded } from './files-kit'

let s3: Awaited<ReturnType<typeof startS3>>
beforeAll(async () => {
  s3 = await startS3()
})
afterAll(() => s3.close())

/** One store of each kind, and a way to put an object there that is none of ours. */
type Made = { store: FileStore; foreign(name: string): Promise<void>; done(): Promise<void> }
const makers: Record<'disk' | 's3', () => Promise<Made>> = {
  disk: async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'poolpath-files-'))
    return {
      store: diskStore(root),
      foreign: async (name) => {
        await fs.mkdir(path.join(root, name.slice(0, 2)), { recursive: true })
        await fs.writeFile(path.join(root, name.slice(0, 2), name), 'not ours')
      },
      done: () => fs.rm(root, { recursive: true, force: true }),
    }
  },
  s3: async () => {
    const location = parseS3Url(s3.url())
    const client = new S3Client({
      endpoint: location.endpoint,
      region: location.region,
      forcePathStyle: true,
      credentials: location,
    })
    return {
      store: await s3Store(location),
      foreign: async (name) => {
        await client.send(
          new PutObjectCommand({ Bucket: S3_BUCKET, Key: `${location.prefix}${name}`, Body: 'x' }),
        )
      },
      done: async () => client.destroy(),
    }
  },
}

const listed = async (store: FileStore) => {
  const found = []
  for await (const object of store.list()) found.push(object)
  return found.sort((a, b) => a.name.localeCompare(b.name))
}

describe.each(['disk', 's3'] as const)('the %s store', (kind) => {
  let made: Made
  let store: FileStore
  const cleanups: (() => Promise<void>)[] = []
  const fresh = async () => {
    made = await makers[kind]()
    store = made.store
    cleanups.push(async () => {
      store.close()
      await made.done()
    })
  }
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup()
  })

  it('stores bytes from memory and from a staged file, and answers them whole', async () => {
    await fresh()
    const id = crypto.randomUUID()
    const staged = path.join(os.tmpdir(), `${id}.upload`)
    const big = crypto.randomBytes(3 * 1024 * 1024)
    await fs.writeFile(staged, big)
    await store.put(id, 'original', { path: staged, size: big.length })
    await store.put(id, 'thumb', Buffer.from('thumb bytes'))
    await fs.rm(staged)
    const original = await store.get(id, 'original')
    expect(original?.size).toBe(big.length)
    const chunks: Buffer[] = []
    for await (const chunk of original?.body ?? []) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).equals(big)).toBe(true)
    const thumb = await store.get(id, 'thumb')
    expect(thumb && (await text(thumb.body))).toBe('thumb bytes')
    expect(await store.get(id, 'view')).toBeNull()
    expect(await store.get(crypto.randomUUID(), 'original')).toBeNull()
  })

  it('removes every variant of a file, and removing what is absent is no error', async () => {
    await fresh()
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()]
    for (const variant of FILE_VARIANTS) await store.put(a, variant, Buffer.from(variant))
    await store.put(b, 'original', Buffer.from('b'))
    await store.remove([a, crypto.randomUUID()])
    for (const variant of FILE_VARIANTS) expect(await store.get(a, variant)).toBeNull()
    expect((await listed(store)).map((o) => o.name)).toEqual([objectName(b, 'original')])
  })

  it('lists its own objects only, and removes only its own by name', async () => {
    await fresh()
    const id = crypto.randomUUID()
    await store.put(id, 'view', Buffer.from('v'))
    await made.foreign('ab-readme.txt')
    await made.foreign(`${id}.huge`)
    const found = await listed(store)
    expect(found).toMatchObject([
      { name: `${id}.view`, fileId: id, variant: 'view', leftover: false },
    ])
    expect(found[0]?.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000)
    await store.removeObjects(['ab-readme.txt', `${id}.huge`, `../${id}.view`, `${id}.view`])
    expect(await listed(store)).toEqual([])
  })

  describe('the start-up sweep', () => {
    let t: TestApp
    afterEach(() => t.app.close())

    /** A row for `id` whose variants are `variants`. */
    async function row(clientId: string, id: string, variants: string[]) {
      await t.app.db.insert(files).values({
        id,
        clientId,
        kind: 'photo',
        name: 'a.png',
        contentType: 'image/png',
        size: 1,
        storedBytes: 1,
        variants,
      })
    }

    it('removes bytes no row names and rows whose bytes are not all there', async () => {
      t = await build()
      await serveAustin(t)
      const { id: clientId } = await newClient(t, 'c@example.com')
      await fresh()
      const [whole, orphan, broken] = [
        crypto.randomUUID(),
        crypto.randomUUID(),
        crypto.randomUUID(),
      ]
      for (const variant of FILE_VARIANTS) await store.put(whole, variant, Buffer.from(variant))
      await row(clientId, whole, [...FILE_VARIANTS])
      await store.put(orphan, 'original', Buffer.from('o'))
      await store.put(broken, 'original', Buffer.from('b'))
      await row(clientId, broken, [...FILE_VARIANTS])
      await made.foreign('notes.txt')
      // In a shared bucket, bytes as young as an upload in flight on another server stay.
      const now = new Date(Date.now() + (kind === 's3' ? SHARED_STORE_GRACE_MS + 60_000 : 0))
      if (kind === 's3') {
        expect(await sweepStore(t.app.db, store, new Date())).toEqual({ objects: 0, rows: 1 })
        await row(clientId, broken, [...FILE_VARIANTS])
        await store.put(broken, 'original', Buffer.from('b'))
      }
      expect(await sweepStore(t.app.db, store, now)).toEqual({ objects: 1, rows: 1 })
      expect((await listed(store)).map((o) => o.name)).toEqual(
        FILE_VARIANTS.map((v) => objectName(whole, v)).sort(),
      )
      const left = await t.app.db.select({ id: files.id }).from(files)
      expect(left).toEqual([{ id: whole }])
      expect(await sweepStore(t.app.db, store, now)).toEqual({ objects: 0, rows: 0 })
      await t.app.db.delete(files).where(eq(files.id, whole))
    })
  })
})

describe('the disk store after a crash', () => {
  it('leaves a leftover of an unfinished write under no real name, and the sweep removes it', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'poolpath-files-'))
    const store = diskStore(root)
    const id = crypto.randomUUID()
    const leftover = path.join(root, id.slice(0, 2), `${id}.original.1f2e3d.partial`)
    await fs.mkdir(path.dirname(leftover), { recursive: true })
    await fs.writeFile(leftover, 'half a fi')
    expect(await store.get(id, 'original')).toBeNull()
    expect(await listed(store)).toMatchObject([{ fileId: id, leftover: true }])
    const t = await build()
    try {
      expect(await sweepStore(t.app.db, store, new Date())).toEqual({ objects: 1, rows: 0 })
      expect(await listed(store)).toEqual([])
    } finally {
      await t.app.close()
      await fs.rm(root, { recursive: true, force: true })
    }
  })
})

describe('S3_URL', () => {
  it.each([
    [
      'http://KEY:SECRET@127.0.0.1:4568/bucket',
      { endpoint: 'http://127.0.0.1:4568', bucket: 'bucket', prefix: '', region: 'us-east-1' },
    ],
    [
      'https://AK%2B1:s%2Fe%40c@s3.eu-west-1.amazonaws.com/my.bucket/pool/files/?region=eu-west-1',
      {
        endpoint: 'https://s3.eu-west-1.amazonaws.com',
        bucket: 'my.bucket',
        prefix: 'pool/files/',
        region: 'eu-west-1',
        accessKeyId: 'AK+1',
        secretAccessKey: 's/e@c',
      },
    ],
  ])('reads %s', (url, expected) => {
    expect(parseS3Url(url)).toMatchObject(expected)
  })

  it.each([
    'ftp://K:S@host/bucket',
    'http://host/bucket',
    'http://K@host/bucket',
    'http://K:S@host',
    'http://K:S@host/B_AD',
    'http://K:S@host/bucket?region=x y',
    'http://K:S@host/bucket?acl=public',
    'not a url',
  ])('stops start-up on %s with one line naming S3_URL and no secret', (value) => {
    let caught: unknown
    try {
      readSettings({ S3_URL: value })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(SettingsError)
    const message = (caught as Error).message
    expect(message).toMatch(/^Invalid setting S3_URL: /)
    expect(message).not.toContain('\n')
    expect(message).not.toContain(':S@')
  })

  it('stops start-up when the bucket cannot be used, naming S3_URL', async () => {
    const missing = s3.url().replace(`/${S3_BUCKET}/`, '/no-such-bucket/')
    await expect(build({ S3_URL: missing })).rejects.toThrow(/S3_URL: the bucket no-such-bucket/)
  })
})

describe('the app on S3', () => {
  it('uploads, serves and deletes through the bucket', async () => {
    const t = await build({ S3_URL: s3.url() })
    try {
      await serveAustin(t)
      const client = await newClient(t, 'c@example.com')
      const image = await uploaded(t, client.headers, { name: 'a.png', bytes: await png() })
      const doc = await uploaded(t, client.headers, { name: 'b.pdf', bytes: pdf() })
      expect((await listed(t.app.fileStore)).map((o) => o.fileId).sort()).toEqual(
        [image.id, image.id, image.id, doc.id].sort(),
      )
      const res = await fetchSigned(t, doc.urls.original)
      expect(res.statusCode).toBe(200)
      expect(res.rawPayload.length).toBe(doc.size)
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      const thumb = await fetchSigned(t, image.urls.thumb ?? '')
      expect(thumb.headers['content-type']).toBe('image/png')
      await callRaw(t, 'deleteFile', { id: image.id }, client.headers)
      expect((await listed(t.app.fileStore)).map((o) => o.fileId)).toEqual([doc.id])
      expectProblem(await fetchSigned(t, image.urls.original), 404)
    } finally {
      await t.app.close()
    }
  })
})
