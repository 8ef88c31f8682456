import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AREA_PRELOADS } from '../../server/lib/area-preloads'
import { build, type TestApp } from '../support/build'

const root = path.resolve(import.meta.dirname, '../..')

/** A built app as Vite writes it: an entry, a builder area with a chunk of its own and a style. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_framework-1.js'],
    css: ['assets/index-1.css'],
  },
  '_framework-1.js': { file: 'assets/framework-1.js' },
  '_scheduling-1.js': { file: 'assets/scheduling-1.js', imports: ['_framework-1.js'] },
  'src/features/builder/builder-area.tsx': {
    file: 'assets/builder-area-1.js',
    imports: ['index.html', '_framework-1.js', '_scheduling-1.js'],
    css: ['assets/builder-area-1.css'],
  },
  'src/adapters/state-db.ts': { file: 'assets/state-db-1.js', imports: ['_framework-1.js'] },
  'src/features/admin/admin-area.tsx': { file: 'assets/admin-area-1.js' },
}
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>PoolPath</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`

async function builtApp(manifest: object | null): Promise<string> {
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'poolpath-dist-'))
  await fs.mkdir(path.join(dist, 'assets'))
  await fs.writeFile(path.join(dist, 'index.html'), INDEX)
  for (const chunk of Object.values(MANIFEST)) {
    await fs.writeFile(path.join(dist, chunk.file), '')
  }
  if (manifest) {
    await fs.mkdir(path.join(dist, '.vite'))
    await fs.writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest))
  }
  return dist
}

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]* href="([^"]+)">/g)].map(
    ([, rel, href]) => `${rel} ${href}`,
  )

describe('an area page names its first chunks for preloading', () => {
  let t: TestApp
  let dist: string
  beforeAll(async () => {
    dist = await builtApp(MANIFEST)
    t = await build({}, { distDir: dist })
  })
  afterAll(async () => {
    await t.app.close()
    await fs.rm(dist, { recursive: true, force: true })
  })

  it("gives a builder page the area's chunks, what they import and their styles, not what the entry loads", async () => {
    const res = await t.app.inject('/builder/overview')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    expect(preloads(res.body)).toEqual([
      'modulepreload /assets/builder-area-1.js',
      'modulepreload /assets/scheduling-1.js',
      'modulepreload /assets/state-db-1.js',
      'preload /assets/builder-area-1.css',
    ])
    // The links go in the head, after the entry's own script.
    expect(res.body.indexOf('builder-area-1.js')).toBeLessThan(res.body.indexOf('</head>'))
    expect(res.body.indexOf('index-1.js')).toBeLessThan(res.body.indexOf('builder-area-1.js'))
  })

  it("gives the back office its own area's chunks", async () => {
    const res = await t.app.inject('/admin/clients')
    expect(preloads(res.body)).toEqual([
      'modulepreload /assets/admin-area-1.js',
      'modulepreload /assets/state-db-1.js',
    ])
  })

  it('leaves the landing pages as built, with nothing more to load', async () => {
    for (const url of ['/login', '/verify', '/', '/builder']) {
      const res = await t.app.inject(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toBe(INDEX)
    }
  })

  it('answers a missing asset 404, not with a page', async () => {
    const res = await t.app.inject('/assets/builder-area-2.js')
    expect(res.statusCode).toBe(404)
  })
})

describe('without a build manifest', () => {
  it('serves every page as built', async () => {
    const dist = await builtApp(null)
    const t = await build({}, { distDir: dist })
    try {
      const res = await t.app.inject('/builder/overview')
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(INDEX)
    } finally {
      await t.app.close()
      await fs.rm(dist, { recursive: true, force: true })
    }
  })
})

describe('the areas', () => {
  it('name source modules that exist, as the build manifest keys them', async () => {
    const sources = AREA_PRELOADS.flatMap((area) => area.sources)
    const missing = []
    for (const source of sources) {
      const found = await fs.stat(path.join(root, source)).then(
        () => true,
        () => false,
      )
      if (!found) missing.push(source)
    }
    expect(missing).toEqual([])
  })
})
