import fs from 'node:fs/promises'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import sharp from 'sharp'
import { expect } from 'vitest'
import { StoredFile } from '../../contract/documents'
import type { TestApp } from '../support/build'

type Headers = Record<string, string>
export type Part = { name: string; bytes: Buffer; type?: string }

/** A multipart/form-data body as a browser's FormData sends it. */
export async function multipartBody(fields: Record<string, string>, file?: Part, field = 'file') {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  if (file)
    form.append(
      field,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    )
  const encoded = new Response(form)
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  }
}

export async function upload(
  t: TestApp,
  headers: Headers,
  fields: Record<string, string>,
  file?: Part,
) {
  const { payload, contentType } = await multipartBody(fields, file)
  return t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...headers, 'content-type': contentType },
    payload,
  })
}

/** The file an upload answered, checked against the contract. */
export function storedOf(res: LightMyRequestResponse, status = 201): StoredFile {
  expect(res.statusCode, res.body).toBe(status)
  return StoredFile.parse((res.json() as { Data: unknown }).Data)
}

/** Uploads and answers the stored file. */
export async function uploaded(
  t: TestApp,
  headers: Headers,
  file: Part,
  fields: Record<string, string> = { kind: 'photo' },
) {
  return storedOf(await upload(t, headers, fields, file))
}

/** A GET of a signed address, as an `<img>` would make it: no Authorization header. */
export const fetchSigned = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url })

/** A 1200×800 photo taken sideways (EXIF orientation 6) with GPS, a camera make and a comment. */
export const jpegWithGps = async (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PoolPhone', ImageDescription: 'backyard' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '30/1 16/1 12/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '97/1 44/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()

export const png = async (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 4, background: '#22aa6680' } })
    .png()
    .toBuffer()

export const webp = async () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#aa2266' } })
    .webp()
    .toBuffer()

export { pdf } from '../support/sample-files'

/** A Windows program's first bytes ("MZ"), whatever it is named. */
export const exe = () =>
  Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(4096, 1)])

/** Every file under `dir` (relative paths), for "nothing was stored". */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort()
}

/** DATA_DIR/files of a test app. */
export const filesDir = (t: TestApp) => path.join(t.dataDir, 'files')

/** Bytes of the variants in the store: of file `id`, or of every file. */
export async function bytesStored(t: TestApp, id?: string): Promise<number> {
  let bytes = 0
  for (const name of await filesUnder(filesDir(t)))
    if (id === undefined || name.includes(id))
      bytes += (await fs.stat(path.join(filesDir(t), name))).size
  return bytes
}

/** A client's storage used, as the back office lists it. */
export async function storageUsed(t: TestApp, admin: Headers, clientId: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/fetch', headers: admin })
  expect(res.statusCode, res.body).toBe(200)
  const { Clients } = (res.json() as { Data: { Clients: { id: string; storageUsed: number }[] } })
    .Data
  const row = Clients.find((c) => c.id === clientId)
  if (!row) throw new Error(`no client ${clientId}`)
  return row.storageUsed
}
