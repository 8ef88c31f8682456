import { z } from 'zod/mini'

/**
 * The page a signed-in owner reopens (/builder/…), an admin's (/admin/…) and a trade's link
 * (/t/…) each need an area of the app that the landing page loads only once the router gets
 * there: its chunk, then the chunks that one imports, then the role machines, the stored state
 * and the area's API calls. Named in the page's HTML, they load beside the landing scripts, a round trip or two
 * sooner on a phone's network. Listed by the source module Vite's manifest keys its chunk by.
 */
/** The HTTP client, loaded with the first call. */
const KY = 'node_modules/ky/distribution/index.js'
/** The role machines, which a signed-in session waits for before its first screen. */
const DATA_ACTORS = 'src/app/data-actors.ts'

export const AREA_PRELOADS: readonly { prefix: string; sources: readonly string[] }[] = [
  {
    prefix: '/builder/',
    sources: [
      'src/features/builder/builder-area.tsx',
      DATA_ACTORS,
      'src/adapters/state-db.ts',
      'src/adapters/api/builder-calls.ts',
      KY,
    ],
  },
  {
    prefix: '/admin/',
    sources: [
      'src/features/admin/admin-area.tsx',
      DATA_ACTORS,
      'src/adapters/state-db.ts',
      'src/adapters/api/admin-calls.ts',
      KY,
    ],
  },
  {
    prefix: '/t/',
    sources: ['src/routes/trade-portal-route.tsx', 'src/adapters/api/trade-calls.ts', KY],
  },
]

// What the server reads of Vite's build manifest (dist/.vite/manifest.json).
// A built file's path: Vite's hashed names, nothing that could end an HTML attribute.
const BuiltFile = z.string().check(z.regex(/^[\w./-]+$/))
const ManifestChunk = z.object({
  file: BuiltFile,
  isEntry: z.optional(z.boolean()),
  imports: z.optional(z.array(z.string())),
  css: z.optional(z.array(BuiltFile)),
})
export const Manifest = z.record(z.string(), ManifestChunk)
export type Manifest = z.infer<typeof Manifest>

/** A chunk's key and every key it imports, however deep. */
function closure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const imported of manifest[key].imports ?? []) visit(imported)
  }
  keys.forEach(visit)
  return seen
}

/**
 * The links that load `sources` and what they import, leaving out what the entry's own HTML
 * loads already: scripts as module preloads, styles as preloads (the chunk adds the
 * stylesheet when it runs, so nothing here blocks the first paint). Both crossorigin, as Vite's
 * own loader asks for them, so the browser reuses what was preloaded.
 */
export function preloadLinks(manifest: Manifest, sources: readonly string[]): string {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
  const loaded = closure(manifest, entryKeys)
  const scripts = new Set<string>()
  const styles = new Set<string>()
  for (const key of closure(manifest, sources)) {
    const chunk = manifest[key]
    if (!chunk || loaded.has(key)) continue
    scripts.add(chunk.file)
    for (const css of chunk.css ?? []) styles.add(css)
  }
  return [
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ].join('\n    ')
}

/**
 * The app's HTML for each area: the built index.html with that area's links at the end of its
 * head. Built once when the server starts.
 */
export function areaPages(indexHtml: string, manifest: Manifest): Map<string, string> {
  const pages = new Map<string, string>()
  for (const { prefix, sources } of AREA_PRELOADS) {
    const links = preloadLinks(manifest, sources)
    if (links === '') continue
    pages.set(prefix, indexHtml.replace('</head>', `  ${links}\n  </head>`))
  }
  return pages
}

/** The area page for `url`, if it belongs to an area. */
export function areaPageFor(pages: Map<string, string>, url: string): string | undefined {
  const area = AREA_PRELOADS.find(({ prefix }) => url.startsWith(prefix))
  return area && pages.get(area.prefix)
}
