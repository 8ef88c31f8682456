import { addDays, formatISO, subMonths } from 'date-fns'
import type { Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import type { StoredFile } from '../../contract/documents'
import { deriveKey } from '../../server/lib/crypto'
import { signedFileUrl } from '../../server/lib/signed-url'
import { exe, jpegWithGps, pdf, png } from '../server/files-kit'
import { accounts } from './support/accounts'
import { useE2e } from './support/e2e'
import { expectSound, openFrom, openStep, saveFirstDesign } from './support/pages'

// Evidence from a client's browser (PRODUCT.md §11 and issue 13's "Done when"), against the
// real server: uploads through the file input, the signed addresses the images load from, the
// daily log, a warranty and a lien waiver linked to a draw.
const JWT_SECRET = 'documents-e2e-secret-of-at-least-32-characters'
const e2e = useE2e({ env: { LOGIN_LIMIT_PER_EMAIL: '100', JWT_SECRET } })
const { serveCity, onboard } = accounts(e2e)

beforeAll(() => serveCity('Austin', 'TX'))

/** The access token the page holds, to call the API as that client. */
const tokenOf = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('auth') ?? 'null') as { accessToken?: string } | null)
        ?.accessToken ?? '',
  )

/** GET /api/files as the client signed in on `page`. */
async function listFiles(page: Page): Promise<StoredFile[]> {
  const response = await fetch(`${e2e.server.url}/api/files`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { Data: StoredFile[] }).Data
}

/** The bytes behind a signed address, fetched as an `<img>` would: no Authorization. */
async function bytesAt(url: string): Promise<Buffer> {
  const response = await fetch(new URL(url, e2e.server.url))
  expect(response.status, url).toBe(200)
  return Buffer.from(await response.arrayBuffer())
}

/** Every `<img>` inside `scope` has loaded (from its signed address, under the CSP). */
async function expectImagesLoaded(scope: Locator, count: number) {
  const images = scope.locator('img')
  await expect.poll(() => images.count()).toBe(count)
  await expect
    .poll(() =>
      images.evaluateAll((all) =>
        all.map(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ),
      ),
    )
    .toEqual(Array.from({ length: count }, () => true))
}

/** Chooses files in the "Add files" control as the stored kind. */
async function addFiles(
  page: Page,
  kind: string,
  files: { name: string; mimeType: string; buffer: Buffer }[],
) {
  await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: kind })
  await page.getByLabel('Add files').setInputFiles(files)
}

/**
 * A new client in Austin whose Steel has an accepted quote (so it has draws) and is done (so it
 * takes a warranty; no inspection gates Steel), on Steel's page.
 */
async function steelDone(email: string) {
  const watched = await e2e.openPage()
  const { page } = watched
  await onboard(page, { city: 'Austin', state: 'TX', name: 'Pat', email })
  await saveFirstDesign(page)
  await openStep(page, 'Steel')
  await page.getByRole('textbox', { name: 'Vendor' }).fill('Austin Steel Co')
  await page.getByRole('textbox', { name: 'Amount' }).fill('5,980')
  await page.getByRole('button', { name: 'Add quote' }).click()
  await page.getByRole('button', { name: 'Accept the quote from Austin Steel Co' }).click()
  await page.getByRole('article', { name: 'Austin Steel Co' }).getByText('Accepted').waitFor()
  await page.getByRole('button', { name: 'Mark as done' }).click()
  await page.getByRole('button', { name: 'Mark as not done' }).waitFor()
  return watched
}

/** A photo of `bytes` or so: noise does not compress. */
const noisyJpeg = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#777',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer()

const isoDate = (date: Date) => formatISO(date, { representation: 'date' })

describe('documents', () => {
  it('keeps a client’s photos and documents of Steel, clean of GPS, and refuses what it must', async () => {
    const { page, problems } = await steelDone('pat@example.com')

    // Three uploads: a photo with GPS in its EXIF, a plan as PNG and a permit as PDF.
    const photo = await jpegWithGps()
    expect((await sharp(photo).metadata()).exif).toBeDefined()
    const grid = page.getByRole('list', { name: 'Steel files' })
    const uploads = [
      { kind: 'Photo', name: 'rebar.jpg', mimeType: 'image/jpeg', buffer: photo },
      { kind: 'Plan', name: 'plan.png', mimeType: 'image/png', buffer: await png() },
      { kind: 'Permit', name: 'permit.pdf', mimeType: 'application/pdf', buffer: pdf() },
    ]
    for (const [index, { kind, ...file }] of uploads.entries()) {
      await addFiles(page, kind, [file])
      await expect.poll(() => grid.getByRole('listitem').count()).toBe(index + 1)
    }
    await expectImagesLoaded(grid, 2)
    await grid.getByText('permit.pdf', { exact: true }).first().waitFor()
    await expectSound(page)

    // What is served carries no metadata: the thumbnail the page shows, and every variant.
    const thumbSrc = await grid.getByRole('img', { name: 'rebar.jpg' }).getAttribute('src')
    expect(thumbSrc).toMatch(/^\/api\/files\/[0-9a-f-]+\/thumb\?exp=\d+&sig=/)
    const listed = await listFiles(page)
    expect(listed.map((f) => [f.name, f.kind, f.step])).toEqual([
      ['permit.pdf', 'permit', 'steel'],
      ['plan.png', 'plan', 'steel'],
      ['rebar.jpg', 'photo', 'steel'],
    ])
    const jpeg = listed.find((f) => f.name === 'rebar.jpg')
    if (!jpeg?.urls.view || !jpeg.urls.thumb) throw new Error('the photo has no variants')
    for (const url of [thumbSrc ?? '', jpeg.urls.view, jpeg.urls.original]) {
      const bytes = await bytesAt(url)
      const served = await sharp(bytes).metadata()
      expect(served.format).toBe('jpeg')
      expect(served.exif, url).toBeUndefined()
      expect(served.xmp, url).toBeUndefined()
      expect(bytes.includes(Buffer.from('PoolPhone'))).toBe(false)
    }

    // The viewer: a dialog, Next and Previous with the arrow keys, Escape to leave.
    await grid.getByRole('img', { name: 'rebar.jpg' }).click()
    const viewer = page.getByRole('dialog', { name: 'rebar.jpg' })
    await viewer.getByText('3 of 3').waitFor()
    await expectImagesLoaded(viewer, 1)
    await expectSound(page)
    await page.keyboard.press('ArrowRight')
    await page.getByRole('dialog', { name: 'permit.pdf' }).getByText('1 of 3').waitFor()
    await page.keyboard.press('ArrowLeft')
    await viewer.getByText('3 of 3').waitFor()
    await viewer.getByRole('button', { name: 'Previous' }).click()
    await page.getByRole('dialog', { name: 'plan.png' }).getByText('2 of 3').waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    // Deleting asks first; the plan is gone from the page and from the server.
    await grid.getByRole('button', { name: 'Delete plan.png' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete this file?' })
    await confirm.getByText(/plan\.png will be deleted/).waitFor()
    await confirm.getByRole('button', { name: 'Delete file' }).click()
    await confirm.waitFor({ state: 'detached' })
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(2)
    expect((await listFiles(page)).map((f) => f.name)).toEqual(['permit.pdf', 'rebar.jpg'])

    // Too big, and a program named as a photo: refused in words, and nothing stored.
    await addFiles(page, 'Photo', [
      { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(21 * 1024 * 1024, 0xff) },
    ])
    await page.getByRole('alert').filter({ hasText: 'huge.jpg is over 20 MB' }).waitFor()
    await addFiles(page, 'Photo', [{ name: 'setup.jpg', mimeType: 'image/jpeg', buffer: exe() }])
    await page
      .getByRole('alert')
      .filter({
        hasText: 'setup.jpg is not a photo or a PDF. Upload a JPEG, PNG, WebP or PDF file.',
      })
      .waitFor()
    expect((await listFiles(page)).map((f) => f.name)).toEqual(['permit.pdf', 'rebar.jpg'])
    await expectSound(page)

    // The Documents page files what is added there as the kind it shows, for the whole project.
    await openFrom(page, 'Project', 'Documents')
    await addFiles(page, 'Contract', [
      { name: 'contract.pdf', mimeType: 'application/pdf', buffer: pdf() },
    ])
    await page
      .getByRole('list', { name: 'Files' })
      .getByText('contract.pdf', { exact: true })
      .first()
      .waitFor()
    expect((await listFiles(page)).map((f) => [f.name, f.kind, f.step])).toEqual([
      ['contract.pdf', 'contract', undefined],
      ['permit.pdf', 'permit', 'steel'],
      ['rebar.jpg', 'photo', 'steel'],
    ])
    await expectSound(page)

    // Another client lists only their own files; an expired address is refused.
    const other = await e2e.openPage()
    await onboard(other.page, {
      city: 'Austin',
      state: 'TX',
      name: 'Lee',
      email: 'lee@example.com',
      address: '9 Oak St',
    })
    await other.page.waitForURL('**/builder/pool-design')
    expect(await listFiles(other.page)).toEqual([])
    const key = deriveKey(Buffer.from(JWT_SECRET, 'utf8'), 'file-url')
    const hourAgo = new Date(Date.now() - 60 * 60_000)
    const expired = await fetch(
      new URL(signedFileUrl(key, jpeg.id, 'original', hourAgo), e2e.server.url),
    )
    expect(expired.status).toBe(403)
    const stretched = jpeg.urls.original.replace(
      /exp=(\d+)/,
      (_, exp) => `exp=${Number(exp) + 3600}`,
    )
    expect((await fetch(new URL(stretched, e2e.server.url))).status).toBe(403)
    // The key is the server's: an address signed with it now still opens.
    const fresh = await fetch(
      new URL(signedFileUrl(key, jpeg.id, 'thumb', new Date()), e2e.server.url),
    )
    expect(fresh.status).toBe(200)

    // The one failed load is the program's upload, which the server refused.
    expect(problems).toEqual([
      'console: Failed to load resource: the server responded with a status of 415 (Unsupported Media Type)',
    ])
    expect(other.problems).toEqual([])
  })

  it('sends uploads again after a refresh, shows their progress and cancels; logs, warrants and links a lien waiver', async () => {
    const { page, problems } = await steelDone('robin@example.com')
    const grid = page.getByRole('list', { name: 'Steel files' })

    // An access token that expired mid-session: the upload is refused, the session refreshes
    // and the same file goes again.
    const posts: number[] = []
    await page.route('**/api/files', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback()
      posts.push(posts.length)
      if (posts.length > 1) return route.fallback()
      return route.fulfill({
        status: 401,
        contentType: 'application/problem+json',
        body: JSON.stringify({ status: 401, code: 'UNAUTHENTICATED', detail: 'Sign in again.' }),
      })
    })
    await addFiles(page, 'Photo', [
      { name: 'cage.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps(800, 600) },
    ])
    await expectImagesLoaded(grid, 1)
    expect(posts).toHaveLength(2)
    await page.unroute('**/api/files')

    // On a slow line: the bytes sent so far, then Cancel, and nothing is stored.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    })
    const big = await noisyJpeg(2000, 1500)
    await addFiles(page, 'Photo', [{ name: 'slow.jpg', mimeType: 'image/jpeg', buffer: big }])
    const progress = page.getByRole('progressbar', { name: 'Uploading slow.jpg' })
    await expect.poll(async () => Number(await progress.getAttribute('value'))).toBeGreaterThan(0)
    expect(Number(await progress.getAttribute('max'))).toBeGreaterThanOrEqual(big.length)
    await page.getByText(/^[\d.]+ (kB|MB) of [\d.]+ MB$/).waitFor()
    await expectSound(page)
    await page
      .getByRole('list', { name: 'Uploads' })
      .getByRole('button', { name: 'Cancel' })
      .click()
    await progress.waitFor({ state: 'detached' })
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    expect((await listFiles(page)).map((f) => f.name)).toEqual(['cage.jpg'])

    // The daily log: today's notes with the photo attached.
    const log = page.getByRole('region', { name: 'Daily log' })
    await log
      .getByRole('textbox', { name: 'Notes' })
      .fill('Rebar cage tied and inspected by the foreman.')
    await log.getByRole('checkbox', { name: 'cage.jpg' }).check()
    await log.getByRole('button', { name: 'Add log entry' }).click()
    const entries = log.getByRole('list', { name: 'Log entries' })
    await entries.getByText('Rebar cage tied and inspected by the foreman.').waitFor()
    await expectImagesLoaded(entries, 1)
    expect(await log.getByRole('textbox', { name: 'Notes' }).inputValue()).toBe('')
    // Disabled while it saved, the button has its focus back.
    expect(
      await log
        .getByRole('button', { name: 'Add log entry' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true)

    // A warranty on the done step, expiring within 60 days: the Overview will list it.
    const today = new Date()
    const warranty = page.getByRole('region', { name: 'Warranty' })
    await warranty.getByRole('textbox', { name: 'Provider' }).fill('Hill Country Rebar')
    await warranty.getByRole('textbox', { name: 'Term (months)' }).fill('12')
    await warranty.getByLabel(/^Starts on/).fill(isoDate(addDays(subMonths(today, 12), 30)))
    await warranty.getByRole('button', { name: 'Save warranty' }).click()
    await warranty.getByRole('button', { name: 'Update warranty' }).waitFor()
    await warranty.getByText('Hill Country Rebar', { exact: true }).waitFor()
    await expectSound(page)

    // The Budget: the deposit's lien waiver, uploaded from the draw and linked to it.
    await page.goto('/builder/budget')
    await page.getByRole('heading', { level: 1, name: 'Budget' }).waitFor()
    const steel = page.getByRole('region', { name: 'Steel' })
    await steel
      .getByRole('listitem', { name: 'Deposit' })
      .getByRole('button', { name: 'Attach unconditional waiver' })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Unconditional waiver — Steel, Deposit' })
    await dialog.getByText(/No lien waiver is uploaded yet/).waitFor()
    await expectSound(page)
    await dialog
      .getByLabel('Upload a lien waiver')
      .setInputFiles({ name: 'waiver.pdf', mimeType: 'application/pdf', buffer: pdf() })
    await dialog.waitFor({ state: 'detached' })
    await steel.getByText('Unconditional waiver on file').waitFor()
    await steel.getByRole('link', { name: 'waiver.pdf' }).waitFor()
    const waivers = (await listFiles(page)).filter((f) => f.kind === 'lien-waiver')
    expect(waivers.map((f) => [f.name, f.step])).toEqual([['waiver.pdf', 'steel']])
    await expectSound(page)

    // Documents: everything, narrowed by kind; the viewer from there too.
    await openFrom(page, 'Project', 'Documents')
    const files = page.getByRole('list', { name: 'Files' })
    await expect.poll(() => files.getByRole('listitem').count()).toBe(2)
    await expectImagesLoaded(files, 1)
    await expectSound(page)
    await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Lien waiver' })
    await page.getByText('1 file', { exact: true }).waitFor()
    await files
      .getByRole('button', { name: /waiver\.pdf/ })
      .first()
      .click()
    const viewer = page.getByRole('dialog', { name: 'waiver.pdf' })
    await viewer.getByRole('link', { name: 'Download' }).waitFor()
    await expectSound(page)
    await page.keyboard.press('Escape')
    await viewer.waitFor({ state: 'detached' })

    // The Overview: the latest photo and the warranty about to expire.
    await page
      .getByRole('navigation', { name: 'Project' })
      .getByRole('link', { name: 'Overview' })
      .click()
    const photos = page.getByRole('region', { name: 'Latest photos' })
    await expectImagesLoaded(photos, 1)
    await page
      .getByRole('region', { name: 'Warranties expiring soon' })
      .getByText(/Hill Country Rebar, expires on/)
      .waitFor()
    await expectSound(page)

    // The refused first try of the upload, as the app was told.
    expect(problems).toEqual([
      'console: Failed to load resource: the server responded with a status of 401 (Unauthorized)',
    ])
  }, 180_000)
})
