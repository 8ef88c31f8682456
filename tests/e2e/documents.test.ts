import type { Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { StoredFile } from '../../contract/documents'
import { deriveKey } from '../../server/lib/crypto'
import { signedFileUrl } from '../../server/lib/signed-url'
import { exe, jpegWithGps, pdf, png } from '../server/files-kit'
import { accounts } from './support/accounts'
import { DESKTOP, PHONE } from './support/browser'
import { expectAccessible, useE2e } from './support/e2e'
import { horizontalOverflow } from './support/layout-checks'

// Evidence from a client's browser (PRODUCT.md §11 and issue 13's "Done when"), against the
// real server: uploads through the file input, the signed addresses the images load from, the
// daily log, a warranty and a lien waiver linked to a draw.
const JWT_SECRET = 'documents-e2e-secret-of-at-least-32-characters'
const e2e = useE2e({ env: { LOGIN_LIMIT_PER_EMAIL: '100', JWT_SECRET } })
const { serveCity, onboard } = accounts(e2e)

/** axe finds nothing and nothing is wider than the screen, at 1280 and at 390 px. */
async function expectSound(page: Page) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size)
    await expectAccessible(page)
    expect(await horizontalOverflow(page), `${page.url()} at ${size.width} px`).toEqual([])
  }
  await page.setViewportSize(DESKTOP)
}

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

async function openStep(page: Page, step: string) {
  await page
    .getByRole('navigation', { name: 'Build steps' })
    .getByRole('link', { name: step, exact: true })
    .click()
  await page.getByRole('heading', { level: 1, name: step, exact: true }).waitFor()
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

describe('documents', () => {
  it('keeps a client’s photos and documents of Steel, clean of GPS, and refuses what it must', async () => {
    await serveCity('Austin', 'TX')
    const { page, problems } = await e2e.openPage()
    await onboard(page, { city: 'Austin', state: 'TX', name: 'Pat', email: 'pat@example.com' })
    await page.waitForURL('**/builder/pool-design')
    await page.getByRole('button', { name: 'Save design' }).click()
    await page.getByText('Design saved').waitFor()

    // Steel: a contract (so it has draws), done (so it takes a warranty).
    await openStep(page, 'Steel')
    await page.getByRole('textbox', { name: 'Vendor' }).fill('Austin Steel Co')
    await page.getByRole('textbox', { name: 'Amount' }).fill('5,980')
    await page.getByRole('button', { name: 'Add quote' }).click()
    await page.getByRole('button', { name: 'Accept the quote from Austin Steel Co' }).click()
    await page.getByRole('article', { name: 'Austin Steel Co' }).getByText('Accepted').waitFor()
    await page.getByRole('button', { name: 'Mark as done' }).click()
    await page.getByRole('button', { name: 'Mark as not done' }).waitFor()

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
})
