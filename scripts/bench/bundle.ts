// The bundle half of `npm run bench`: the JavaScript a first visit to /login downloads before
// any interaction, against a bare React + TanStack Router + XState app built in the same run
// with the same Vite config. Both builds go to a temp directory: dist/ is never touched.
import fs from 'node:fs/promises'
import path from 'node:path'
import {
  buildInto,
  gzip,
  GZIP_LEVEL,
  keepingNodeEnv,
  type Manifest,
  staticClosure,
} from './manifest'
import { portalWeightOf, type PortalWeight } from './portal-weight'
import { root } from './processes'
import { textTable } from './text-table'

/** The target: the landing route's JS at most 1.3 times the bare build's (gzip). */
export const TARGET_BUNDLE_RATIO = 1.3

const baselineRoot = path.join(root, 'scripts', 'bench', 'baseline')

/** The areas the issue wants out of the landing route, by the module Vite names them after. */
const EXPECTED_LAZY = [
  { src: 'src/features/builder/builder-area.tsx', label: 'builder area' },
  { src: 'src/features/admin/admin-area.tsx', label: 'admin area' },
  { src: 'src/adapters/state-db.ts', label: 'Dexie (stored state)' },
  { src: 'src/app/data-actors.ts', label: 'role machines' },
] as const

export type Sized = { files: string[]; minified: number; gzip: number }
export type LazyChunk = Sized & { src: string; label: string }
export type BundleBuild = { landing: Sized; lazy: LazyChunk[] }
export type BundleReport = {
  app: BundleBuild
  baseline: BundleBuild
  missingLazy: string[]
  /** The app build's index.html: it names every hashed asset, so it identifies the build. */
  appIndexHtml: string
  /** The trade portal's first visit against /login's, from the same build. */
  portal: PortalWeight
}

async function sizeOf(outDir: string, manifest: Manifest, keys: Iterable<string>): Promise<Sized> {
  const files = [...keys].flatMap((key) => {
    const chunk = manifest[key]
    return chunk && chunk.file.endsWith('.js') ? [chunk.file] : []
  })
  let minified = 0
  let gzipped = 0
  for (const file of files) {
    const code = await fs.readFile(path.join(outDir, file))
    minified += code.length
    gzipped += (await gzip(code)).length
  }
  return { files, minified, gzip: gzipped }
}

async function measureBuild(projectRoot: string, outDir: string): Promise<BundleBuild> {
  const manifest = await buildInto(projectRoot, outDir)
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
  const landingKeys = staticClosure(manifest, entries)
  const lazy: LazyChunk[] = []
  for (const src of Object.keys(manifest).filter((key) => manifest[key]?.isDynamicEntry)) {
    // Imported statically too, it is loaded up front: not lazy, whatever its other importers.
    if (landingKeys.has(src)) continue
    // What loading it adds: its own chunk and the shared chunks the landing route lacks.
    const adds = [...staticClosure(manifest, [src])].filter((key) => !landingKeys.has(key))
    const label = EXPECTED_LAZY.find((area) => area.src === src)?.label ?? 'other lazy chunk'
    lazy.push({ src, label, ...(await sizeOf(outDir, manifest, adds)) })
  }
  return { landing: await sizeOf(outDir, manifest, landingKeys), lazy }
}

/** Builds PoolPath and the bare baseline, one after the other, under `workDir`. */
export async function measureBundles(
  workDir: string,
  progress: (line: string) => void,
): Promise<BundleReport> {
  const appDir = path.join(workDir, 'bundle-app')
  const { app, baseline } = await keepingNodeEnv(async () => {
    progress('building PoolPath into a temp directory (vite build, manifest on)')
    const app = await measureBuild(root, appDir)
    progress('building the bare React + TanStack Router + XState baseline')
    const baseline = await measureBuild(baselineRoot, path.join(workDir, 'bundle-baseline'))
    return { app, baseline }
  })
  const missingLazy = EXPECTED_LAZY.filter(
    (area) => !app.lazy.some((chunk) => chunk.src === area.src),
  ).map((area) => area.label)
  const appIndexHtml = await fs.readFile(path.join(appDir, 'index.html'), 'utf8')
  return { app, baseline, missingLazy, appIndexHtml, portal: await portalWeightOf(appDir) }
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1)
const times = (ratio: number) => `${ratio.toFixed(2)}×`

export const bundleRatio = ({ app, baseline }: BundleReport) =>
  baseline.landing.gzip > 0 ? app.landing.gzip / baseline.landing.gzip : 0

/** The table, the lazy chunks and a PASS/FAIL line; informative, like the rest of the bench. */
export function bundleSection(report: BundleReport): string {
  const { app, baseline, missingLazy } = report
  const landing = (label: string, b: BundleBuild) => [
    label,
    String(b.landing.files.length),
    kB(b.landing.minified),
    kB(b.landing.gzip),
  ]
  const ratio = bundleRatio(report)
  const small = ratio > 0 && ratio <= TARGET_BUNDLE_RATIO
  const outcome = small && missingLazy.length === 0 ? 'PASS' : 'FAIL'
  const builder = app.lazy.find((chunk) => chunk.src === EXPECTED_LAZY[0].src)
  const builderNote = builder
    ? `The builder's chunk (what Verify or a remembered session loads beside the landing JS): ` +
      `${kB(builder.gzip)} kB gzip, ${times(builder.gzip / baseline.landing.gzip)} the bare build's ` +
      `${kB(baseline.landing.gzip)} kB`
    : 'The builder is not a lazy chunk'
  const lazyNote =
    missingLazy.length === 0
      ? 'builder, admin, Dexie and the role machines are lazy chunks'
      : `not in a lazy chunk: ${missingLazy.join(', ')}`
  return [
    `Landing route JavaScript: the entry chunk and every chunk it statically imports (what a ` +
      `first visit to /login downloads before any interaction), gzip -${GZIP_LEVEL}, kB = 1000 bytes`,
    textTable([
      ['build', 'chunks', 'min kB', 'gzip kB'],
      landing('PoolPath /login', app),
      landing('bare React + TanStack Router + XState', baseline),
    ]),
    '',
    'PoolPath lazy chunks (what each adds when first loaded):',
    textTable(
      [
        ['lazy chunk', 'module', 'min kB', 'gzip kB'],
        ...app.lazy.map((c) => [c.label, c.src, kB(c.minified), kB(c.gzip)]),
      ],
      2,
    ),
    builderNote,
    '',
    `Verdict: ${outcome}: PoolPath's landing JS is ${times(ratio)} the bare build's ` +
      `(target <= ${times(TARGET_BUNDLE_RATIO)}); ${lazyNote}`,
  ].join('\n')
}
