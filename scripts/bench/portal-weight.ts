// The trade portal's page weight in `npm run bench`: what a first visit to /t/{token} downloads
// (JavaScript and CSS) against a first visit to /login, both from the same build. The portal is
// public and phone-first, its own small chunk: never the builder's or the back office's
// (STYLE.md 13).
import fs from 'node:fs/promises'
import path from 'node:path'
import {
  buildInto,
  gzip,
  GZIP_LEVEL,
  keepingNodeEnv,
  type Manifest,
  readManifest,
  staticClosure,
} from './manifest'
import { root } from './processes'
import { textTable } from './text-table'

/** The target: the portal's first visit at most 1.1 times /login's (gzip, JS and CSS). */
export const TARGET_PORTAL_RATIO = 1.1

/** The module the /t/$token route loads lazily (src/routes/router.tsx). */
export const PORTAL_ROUTE = 'src/routes/trade-portal-route.tsx'

/** What the portal must not load, by the module Vite names its chunk after. */
export const NOT_IN_PORTAL = [
  { src: 'src/features/builder/builder-area.tsx', label: 'the builder' },
  { src: 'src/features/admin/admin-area.tsx', label: 'the back office' },
  { src: 'src/adapters/state-db.ts', label: 'Dexie (the session’s stored state)' },
] as const

/** A first visit's downloads: JavaScript chunks and style sheets, gzip bytes. */
export type Weight = { chunks: number; sheets: number; js: number; css: number }
export type PortalWeight = {
  login: Weight
  portal: Weight
  /** Labels of NOT_IN_PORTAL the portal loads anyway. */
  carried: string[]
}

export const totalOf = (weight: Weight) => weight.js + weight.css

async function gzipBytes(outDir: string, files: Iterable<string>): Promise<number> {
  let bytes = 0
  for (const file of files) bytes += (await gzip(await fs.readFile(path.join(outDir, file)))).length
  return bytes
}

/** The JS and CSS files of the chunks `keys`, each counted once. */
async function weightOf(outDir: string, manifest: Manifest, keys: Set<string>): Promise<Weight> {
  const js = new Set<string>()
  const css = new Set<string>()
  for (const key of keys) {
    const chunk = manifest[key]
    if (chunk?.file.endsWith('.js')) js.add(chunk.file)
    for (const sheet of chunk?.css ?? []) css.add(sheet)
  }
  return {
    chunks: js.size,
    sheets: css.size,
    js: await gzipBytes(outDir, js),
    css: await gzipBytes(outDir, css),
  }
}

/** /login's and /t/{token}'s first visits in the build in `outDir` (manifest on). */
export async function portalWeightOf(outDir: string): Promise<PortalWeight> {
  const manifest = await readManifest(outDir)
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
  if (!manifest[PORTAL_ROUTE]) throw new Error(`${PORTAL_ROUTE} is not in the build's manifest`)
  const portal = staticClosure(manifest, [...entries, PORTAL_ROUTE])
  return {
    login: await weightOf(outDir, manifest, staticClosure(manifest, entries)),
    portal: await weightOf(outDir, manifest, portal),
    carried: NOT_IN_PORTAL.filter((area) => portal.has(area.src)).map((area) => area.label),
  }
}

/** `--only trades`: PoolPath built alone into `workDir` (no baseline), then weighed. */
export async function measurePortal(workDir: string, progress: (line: string) => void) {
  const outDir = path.join(workDir, 'bundle-app')
  progress('building PoolPath into a temp directory (vite build, manifest on)')
  await keepingNodeEnv(() => buildInto(root, outDir))
  return portalWeightOf(outDir)
}

export const portalRatio = ({ login, portal }: PortalWeight) =>
  totalOf(login) > 0 ? totalOf(portal) / totalOf(login) : 0

const kB = (bytes: number) => (bytes / 1000).toFixed(1)

/** The table and a PASS/FAIL line; informative, like the rest of the bench. */
export function portalSection(weight: PortalWeight): string {
  const row = (label: string, w: Weight) => [
    label,
    `${w.chunks} + ${w.sheets}`,
    kB(w.js),
    kB(w.css),
    kB(totalOf(w)),
  ]
  const ratio = portalRatio(weight)
  const light = ratio > 0 && ratio <= TARGET_PORTAL_RATIO
  const outcome = light && weight.carried.length === 0 ? 'PASS' : 'FAIL'
  const apart =
    weight.carried.length === 0
      ? `none of ${NOT_IN_PORTAL.map((area) => area.label).join(', ')} loads`
      : `it loads ${weight.carried.join(', ')}`
  return [
    `Trade portal page weight: what a first visit to /t/{token} downloads (the entry, the ` +
      `portal's lazy route and every chunk they import statically, with their style sheets) ` +
      `against /login's, same build, gzip -${GZIP_LEVEL}, kB = 1000 bytes`,
    textTable([
      ['page', 'JS + CSS files', 'JS gzip kB', 'CSS gzip kB', 'total gzip kB'],
      row('/login', weight.login),
      row('/t/{token}', weight.portal),
    ]),
    '',
    `Verdict: ${outcome}: the portal's first visit is ${ratio.toFixed(2)}× /login's ` +
      `(${totalOf(weight.portal).toLocaleString('en-US')} against ` +
      `${totalOf(weight.login).toLocaleString('en-US')} bytes, target <= ` +
      `${TARGET_PORTAL_RATIO.toFixed(2)}×); ${apart}`,
  ].join('\n')
}
