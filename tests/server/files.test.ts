import { eq } from 'drizzle-orm'
import { PDFDocument, PDFName } from 'pdf-lib'
import sharp from 'sharp'
import { beforeEach, describe, expect, it } from 'vitest'
import { MAX_CLIENT_BYTES, StoredFile, type StoredFile as File } from '../../contract/documents'
import { files } from '../../server/db/schema'
import { expectProblem, json, snapshot } from '../support/http'
import { callRaw } from '../support/call'
import { austinPerTest, newClient } from './client-kit'
import {
  bytesStored,
  exe,
  fetchSigned,
  filesDir,
  filesUnder,
  jpegWithGps,
  multipartBody,
  pdf,
  png,
  storageUsed,
  upload,
  uploaded,
  webp,
} from './files-kit'

const { t, admin, client } = austinPerTest()

const list = async (query = '', headers = client.headers) => {
  const res = await json(t.app, 'GET', `/api/files${query}`, undefined, headers)
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { Data: unknown[] }).Data.map((f) => StoredFile.parse(f))
}

/** Nothing stored: no bytes in the store, none staged, and the database as it was. */
async function expectNothingStored(before: string) {
  expect(await filesUnder(filesDir(t))).toEqual([])
  expect(await filesUnder(t.app.stagingDir)).toEqual([])
  expect(await snapshot(t)).toBe(before)
}

const urlOf = (file: File, variant: 'thumb' | 'view' | 'original') => {
  const url = file.urls[variant]
  if (!url) throw new Error(`no ${variant} url`)
  return url
}

describe('POST /api/files: images', () => {
  it('turns a sideways JPEG upright, strips every bit of metadata (GPS too) and makes its variants', async () => {
    const original = await jpegWithGps(2400, 1200)
    const input = await sharp(original).metadata()
    expect(input.orientation).toBe(6)
    expect(input.exif?.includes(Buffer.from('PoolPhone'))).toBe(true)

    const file = await uploaded(
      t,
      client.headers,
      { name: 'IMG_0001.jpg', bytes: original },
      {
        kind: 'photo',
        step: 'excavation',
        caption: '  The dig, day one  ',
      },
    )
    expect(file).toMatchObject({
      kind: 'photo',
      name: 'IMG_0001.jpg',
      contentType: 'image/jpeg',
      width: 1200,
      height: 2400,
      step: 'excavation',
      caption: 'The dig, day one',
    })
    const sizes = { thumb: [160, 320], view: [800, 1600], original: [1200, 2400] } as const
    for (const variant of ['thumb', 'view', 'original'] as const) {
      const res = await fetchSigned(t, urlOf(file, variant))
      expect(res.statusCode, res.body).toBe(200)
      expect(res.headers['content-type']).toBe('image/jpeg')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['content-disposition']).toBe('inline; filename=IMG_0001.jpg')
      expect(res.headers['cache-control']).toMatch(/^private, max-age=(\d+)$/)
      expect(
        Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]),
      ).toBeLessThanOrEqual(900)
      const served = await sharp(res.rawPayload).metadata()
      expect([served.width, served.height]).toEqual(sizes[variant])
      expect(served.exif).toBeUndefined()
      expect(served.xmp).toBeUndefined()
      expect(served.iptc).toBeUndefined()
      expect(served.orientation).toBeUndefined()
      expect(res.rawPayload.includes(Buffer.from('PoolPhone'))).toBe(false)
      if (variant === 'original') expect(file.size).toBe(res.rawPayload.length)
    }
  })

  it('keeps a PNG and a WebP in their own format, with thumb and view', async () => {
    const asPng = await uploaded(
      t,
      client.headers,
      { name: 'plan.png', bytes: await png() },
      {
        kind: 'plan',
      },
    )
    expect(asPng).toMatchObject({ contentType: 'image/png', width: 640, height: 480 })
    const thumb = await fetchSigned(t, urlOf(asPng, 'thumb'))
    expect(thumb.headers['content-type']).toBe('image/png')
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 320, height: 240 })
    const asWebp = await uploaded(t, client.headers, { name: 'tile.webp', bytes: await webp() })
    expect(asWebp).toMatchObject({ contentType: 'image/webp', width: 300, height: 200 })
    // Never enlarged: a 300 px image's view is 300 px.
    const view = await fetchSigned(t, urlOf(asWebp, 'view'))
    expect(await sharp(view.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 300 })
  })

  it('answers the type sniffed from the bytes, whatever the name and the part header say', async () => {
    const file = await uploaded(t, client.headers, {
      name: 'scan.pdf',
      bytes: await png(),
      type: 'application/pdf',
    })
    expect(file.contentType).toBe('image/png')
  })
})

describe('POST /api/files: documents', () => {
  it('stores a PDF without who made it, original only, served as an attachment', async () => {
    const made = await PDFDocument.create()
    made.addPage([612, 792])
    made.setAuthor('Jordan Rivera')
    made.setCreator('PocketScan 3000 on Jordan’s phone')
    made.setTitle('Permit 42')
    const xmp = made.context.stream(
      '<x:xmpmeta><dc:creator>Jordan Rivera</dc:creator></x:xmpmeta>',
      {
        Type: 'Metadata',
        Subtype: 'XML',
      },
    )
    made.catalog.set(PDFName.of('Metadata'), made.context.register(xmp))
    const bytes = Buffer.from(await made.save())
    expect(bytes.toString('latin1')).toContain('Jordan Rivera')
    const file = await uploaded(
      t,
      client.headers,
      { name: 'Permit #42.pdf', bytes },
      {
        kind: 'permit',
        step: 'permits',
      },
    )
    expect(file).toMatchObject({ contentType: 'application/pdf', kind: 'permit' })
    expect(file.urls.thumb).toBeUndefined()
    expect(file.urls.view).toBeUndefined()
    expect(file.width).toBeUndefined()
    const res = await fetchSigned(t, urlOf(file, 'original'))
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe('attachment; filename="Permit #42.pdf"')
    expect(res.rawPayload.length).toBe(file.size)
    expect(res.rawPayload.toString('latin1')).not.toContain('Jordan')
    const kept = await PDFDocument.load(res.rawPayload, { updateMetadata: false })
    expect(kept.getPageCount()).toBe(1)
    expect([kept.getAuthor(), kept.getCreator(), kept.getTitle()]).toEqual([
      undefined,
      undefined,
      undefined,
    ])
    expect(kept.catalog.get(PDFName.of('Metadata'))).toBeUndefined()
    const thumb = urlOf(file, 'original').replace('/original?', '/thumb?')
    expectProblem(await fetchSigned(t, thumb), 403)
  })

  it('keeps the name only as harmless text: no folders, no control characters, capped', async () => {
    const file = await uploaded(t, client.headers, {
      name: '..\\..\\etc/pass\u202ewd\u0007 \u00fcber.pdf',
      bytes: pdf(),
    })
    expect(file.name).toBe('passwd über.pdf')
    const res = await fetchSigned(t, urlOf(file, 'original'))
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="passwd ?ber.pdf"; filename*=UTF-8''passwd%20%C3%BCber.pdf`,
    )
    const long = await uploaded(t, client.headers, { name: `${'a'.repeat(500)}.pdf`, bytes: pdf() })
    expect(long.name).toBe(`${'a'.repeat(116)}.pdf`)
    const stored = await filesUnder(filesDir(t))
    expect(stored.every((name) => /^[0-9a-f]{2}\/[0-9a-f-]{36}\.original$/.test(name))).toBe(true)
  })

  it('names a file by what its bytes are, whatever its name said', async () => {
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#06c' },
    })
      .png()
      .toBuffer()
    const named = async (name: string, bytes: Buffer) =>
      (await uploaded(t, client.headers, { name, bytes })).name
    expect(await named('lie.pdf', png)).toBe('lie.png')
    expect(await named('scan', pdf())).toBe('scan.pdf')
    expect(await named('Site.PNG', png)).toBe('Site.PNG')
    expect(await named('plan.v2', png)).toBe('plan.v2.png')
  })
})

describe('POST /api/files: refusals store nothing', () => {
  it('answers 413 FILE_TOO_LARGE to a 21 MB file', async () => {
    const before = await snapshot(t)
    const big = Buffer.concat([await png(), Buffer.alloc(21 * 1024 * 1024)])
    const res = await upload(t, client.headers, { kind: 'photo' }, { name: 'big.png', bytes: big })
    expect(expectProblem(res, 413, 'FILE_TOO_LARGE').errors).toEqual({ file: ['At most 20 MB'] })
    await expectNothingStored(before)
  })

  it('answers 413 from the stream alone when the Content-Length does not tell', async () => {
    const before = await snapshot(t)
    const big = Buffer.concat([await png(), Buffer.alloc(21 * 1024 * 1024)])
    const { payload, contentType } = await multipartBody(
      { kind: 'photo' },
      { name: 'b.png', bytes: big },
    )
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...client.headers, 'content-type': contentType, 'transfer-encoding': 'chunked' },
      payload,
    })
    expectProblem(res, 413, 'FILE_TOO_LARGE')
    await expectNothingStored(before)
  })

  it('answers 415 UNSUPPORTED_FILE to a program renamed x.jpg', async () => {
    const before = await snapshot(t)
    const res = await upload(
      t,
      client.headers,
      { kind: 'photo' },
      {
        name: 'x.jpg',
        bytes: exe(),
        type: 'image/jpeg',
      },
    )
    expectProblem(res, 415, 'UNSUPPORTED_FILE')
    await expectNothingStored(before)
  })

  it('answers 415 to bytes that claim to be a JPEG and are not one', async () => {
    const before = await snapshot(t)
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7)])
    const res = await upload(t, client.headers, { kind: 'photo' }, { name: 'x.jpg', bytes: fake })
    expectProblem(res, 415, 'UNSUPPORTED_FILE')
    await expectNothingStored(before)
  })

  it('answers 415 to bytes that claim to be a PDF and are not one', async () => {
    const before = await snapshot(t)
    const fake = Buffer.from('%PDF-1.4\nnot a document at all\n%%EOF\n', 'latin1')
    const res = await upload(t, client.headers, { kind: 'permit' }, { name: 'x.pdf', bytes: fake })
    expectProblem(res, 415, 'UNSUPPORTED_FILE')
    await expectNothingStored(before)
  })

  it.each([
    [{ kind: 'photo' }, null, { file: ['Choose a file to upload'] }],
    [{}, 'png', { kind: ['Choose a kind'] }],
    [{ kind: 'selfie' }, 'png', { kind: ['Choose a kind'] }],
    [{ kind: 'photo', step: 'diving-board' }, 'png', { step: expect.any(Array) as unknown }],
    [{ kind: 'photo', caption: 'x'.repeat(201) }, 'png', { caption: expect.any(Array) as unknown }],
    [{ kind: 'photo', owner: 'me' }, 'png', { owner: ['Unknown field'] }],
  ])('answers 400 with field messages to %j', async (fields, file, errors) => {
    const before = await snapshot(t)
    const res = await upload(
      t,
      client.headers,
      fields as Record<string, string>,
      file ? { name: 'a.png', bytes: await png() } : undefined,
    )
    expect(expectProblem(res, 400, 'VALIDATION_FAILED').errors).toEqual(errors)
    await expectNothingStored(before)
  })

  it('answers 400 to an empty file, two files, or a file under another name', async () => {
    const before = await snapshot(t)
    const empty = await upload(
      t,
      client.headers,
      { kind: 'photo' },
      { name: 'a.png', bytes: Buffer.alloc(0) },
    )
    expect(expectProblem(empty, 400).errors).toEqual({ file: ['The file is empty'] })
    const form = new FormData()
    form.append('kind', 'photo')
    form.append('file', new Blob([new Uint8Array(await png())]), 'a.png')
    form.append('file', new Blob([new Uint8Array(await png())]), 'b.png')
    const encoded = new Response(form)
    const two = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...client.headers, 'content-type': encoded.headers.get('content-type') ?? '' },
      payload: Buffer.from(await encoded.arrayBuffer()),
    })
    expectProblem(two, 400)
    const { payload, contentType } = await multipartBody(
      { kind: 'photo' },
      { name: 'a.png', bytes: await png() },
      'photo',
    )
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...client.headers, 'content-type': contentType },
      payload,
    })
    expect(expectProblem(other, 400).errors).toMatchObject({ file: ['Choose a file to upload'] })
    await expectNothingStored(before)
  })

  it('answers 415 to a JSON body or none, and 400 to a cut-off multipart body', async () => {
    const before = await snapshot(t)
    expectProblem(await callRaw(t, 'uploadFile', { body: { kind: 'photo' } }, client.headers), 415)
    expectProblem(await callRaw(t, 'uploadFile', {}, client.headers), 415)
    const { payload, contentType } = await multipartBody(
      { kind: 'photo' },
      { name: 'a.png', bytes: await png() },
    )
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...client.headers, 'content-type': contentType },
      payload: payload.subarray(0, payload.length - 200),
    })
    expectProblem(cut, 400)
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...client.headers, 'content-type': 'multipart/form-data' },
      payload: 'hello',
    })
    expectProblem(noBoundary, 400)
    await expectNothingStored(before)
  })

  it('answers 403 to an upload from another site, before reading it', async () => {
    const before = await snapshot(t)
    const crossSites: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ]
    for (const crossSite of crossSites) {
      const res = await upload(
        t,
        { ...client.headers, ...crossSite },
        { kind: 'photo' },
        {
          name: 'a.png',
          bytes: await png(),
        },
      )
      expectProblem(res, 403, 'CROSS_SITE_REQUEST')
    }
    await expectNothingStored(before)
  })

  it('answers 409 QUOTA_EXCEEDED past 1 GB a client', async () => {
    const first = await uploaded(t, client.headers, { name: 'a.pdf', bytes: pdf() })
    // Most of a gigabyte already used: one more small PDF would pass it.
    await t.app.db
      .update(files)
      .set({ storedBytes: MAX_CLIENT_BYTES - 100 })
      .where(eq(files.id, first.id))
    const stored = await filesUnder(filesDir(t))
    const before = await snapshot(t)
    const res = await upload(t, client.headers, { kind: 'other' }, { name: 'b.pdf', bytes: pdf() })
    expectProblem(res, 409, 'QUOTA_EXCEEDED')
    expect(await filesUnder(filesDir(t))).toEqual(stored)
    expect(await snapshot(t)).toBe(before)
  })
})

describe('signed addresses', () => {
  let file: File
  beforeEach(async () => {
    file = await uploaded(t, client.headers, { name: 'a.png', bytes: await png() })
  })

  it('answer 403 to a wrong, moved, malformed or missing signature', async () => {
    const url = urlOf(file, 'view')
    const sig = new URL(url, 'http://x').searchParams.get('sig') ?? ''
    const flipped = sig.startsWith('A') ? `B${sig.slice(1)}` : `A${sig.slice(1)}`
    const bad = [
      url.replace(sig, flipped),
      url.replace('/view?', '/thumb?'),
      url.replace(/exp=\d+/, (m) => `${m}0`),
      url.replace(/exp=\d+/, 'exp=abc'),
      url.replace(/&sig=.*/, ''),
      `/api/files/${crypto.randomUUID()}/view?${url.split('?')[1] ?? ''}`,
      url.replace(sig, `${sig}x`),
    ]
    for (const address of bad) expectProblem(await fetchSigned(t, address), 403, 'FORBIDDEN')
  })

  it('expire after 15 minutes', async () => {
    t.clock.advance(14 * 60 * 1000)
    expect((await fetchSigned(t, urlOf(file, 'original'))).statusCode).toBe(200)
    t.clock.advance(60 * 1000 + 1)
    expectProblem(await fetchSigned(t, urlOf(file, 'original')), 403)
    const [fresh] = await list()
    expect((await fetchSigned(t, urlOf(fresh ?? file, 'original'))).statusCode).toBe(200)
  })

  it('answer 404 to a variant that does not exist', async () => {
    const url = urlOf(file, 'view').replace('/view?', '/huge?')
    expectProblem(await fetchSigned(t, url), 404, 'NOT_FOUND')
  })
})

describe('GET and DELETE /api/files', () => {
  it('lists newest first, filtered by step and kind', async () => {
    const a = await uploaded(
      t,
      client.headers,
      { name: 'a.png', bytes: await png() },
      {
        kind: 'photo',
        step: 'steel',
      },
    )
    t.clock.advance(1000)
    const b = await uploaded(
      t,
      client.headers,
      { name: 'b.pdf', bytes: pdf() },
      {
        kind: 'invoice',
        step: 'steel',
      },
    )
    t.clock.advance(1000)
    const c = await uploaded(
      t,
      client.headers,
      { name: 'c.png', bytes: await png() },
      {
        kind: 'photo',
      },
    )
    expect((await list()).map((f) => f.id)).toEqual([c.id, b.id, a.id])
    expect((await list('?step=steel')).map((f) => f.id)).toEqual([b.id, a.id])
    expect((await list('?kind=photo')).map((f) => f.id)).toEqual([c.id, a.id])
    expect((await list('?step=steel&kind=photo')).map((f) => f.id)).toEqual([a.id])
    const res = await json(t.app, 'GET', '/api/files?kind=selfie', undefined, client.headers)
    expect(expectProblem(res, 400).errors).toEqual({ kind: ['Choose a kind'] })
    expectProblem(await json(t.app, 'GET', '/api/files?who=me', undefined, client.headers), 400)
  })

  it('deletes the file and its bytes; its addresses then answer 404', async () => {
    const file = await uploaded(t, client.headers, { name: 'a.png', bytes: await png() })
    expect(await filesUnder(filesDir(t))).toHaveLength(3)
    const res = await callRaw(t, 'deleteFile', { id: file.id }, client.headers)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ Data: { id: file.id } })
    expect(await filesUnder(filesDir(t))).toEqual([])
    expect(await list()).toEqual([])
    expectProblem(await fetchSigned(t, urlOf(file, 'original')), 404)
    const again = await callRaw(t, 'deleteFile', { id: file.id }, client.headers)
    expectProblem(again, 404, 'NOT_FOUND')
  })

  it("never lists, serves a forged address for, or deletes another client's file", async () => {
    const mine = await uploaded(t, client.headers, { name: 'a.png', bytes: await png() })
    const other = await newClient(t, 'other@example.com')
    const theirs = await uploaded(t, other.headers, { name: 'b.png', bytes: await png() })
    expect((await list()).map((f) => f.id)).toEqual([mine.id])
    expect((await list('', other.headers)).map((f) => f.id)).toEqual([theirs.id])
    // A forged address counts against the caller's address: only that row may change.
    const before = await snapshot(t, ['rate_limits'])
    const res = await callRaw(t, 'deleteFile', { id: theirs.id }, client.headers)
    expectProblem(res, 404)
    const forged = urlOf(mine, 'original').replace(mine.id, theirs.id)
    expectProblem(await fetchSigned(t, forged), 403)
    expect(await snapshot(t, ['rate_limits'])).toBe(before)
    expect(await filesUnder(filesDir(t))).toHaveLength(6)
  })
})

describe("a client's files and the back office", () => {
  it('shows the bytes a client stores, and deleting the client deletes them', async () => {
    const file = await uploaded(t, client.headers, { name: 'a.png', bytes: await png() })
    await uploaded(t, client.headers, { name: 'b.pdf', bytes: pdf() })
    expect(await storageUsed(t, admin, client.id)).toBe(await bytesStored(t))
    const res = await callRaw(t, 'deleteClient', { id: client.id }, admin)
    expect(res.statusCode, res.body).toBe(200)
    expect(await filesUnder(filesDir(t))).toEqual([])
    expectProblem(await fetchSigned(t, urlOf(file, 'thumb')), 404)
  })
})
