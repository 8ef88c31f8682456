// The bench's builds of the app: Vite's manifest as the bundle measurements read it, and the
// gzip they measure with.
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { build } from 'vite'
import { z } from 'zod'
import { root } from './processes'

// Maximum compression, as a server precompressing its assets would use; every build alike.
export const GZIP_LEVEL = 9
export const gzip = (data: Buffer) => promisify(zlib.gzip)(data, { level: GZIP_LEVEL })

// Vite's manifest (build.manifest): one record per chunk, keyed by its source or chunk name.
export const Manifest = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    isDynamicEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
)
export type Manifest = z.infer<typeof Manifest>

/** The keys reachable from `starts` through static `imports` (what the browser must load). */
export function staticClosure(manifest: Manifest, starts: readonly string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const next of manifest[key]?.imports ?? []) visit(next)
  }
  starts.forEach(visit)
  return seen
}

/** The manifest of the build in `outDir`. */
export async function readManifest(outDir: string): Promise<Manifest> {
  const raw = await fs.readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')
  return Manifest.parse(JSON.parse(raw))
}

/** A production build of `projectRoot` with the app's own vite.config.ts, manifest on. */
export async function buildInto(projectRoot: string, outDir: string): Promise<Manifest> {
  await build({
    root: projectRoot,
    configFile: path.join(root, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true, copyPublicDir: false },
  })
  return readManifest(outDir)
}

/**
 * Vite's build sets NODE_ENV=production in this process, and the servers the bench starts
 * afterwards inherit its environment: they must run exactly as they would without the builds.
 */
export async function keepingNodeEnv<T>(builds: () => Promise<T>): Promise<T> {
  const nodeEnv = process.env.NODE_ENV
  try {
    return await builds()
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
}
