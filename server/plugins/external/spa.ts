import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ProblemCode } from '../../../contract/problem'
import { areaPageFor, areaPages, Manifest } from '../../lib/area-preloads'
import { notFound } from '../../lib/problem'

/** The area pages from the build's manifest; none (every page the plain index.html) without it. */
function readAreaPages(distDir: string, index: string): Map<string, string> {
  const manifest = path.join(distDir, '.vite', 'manifest.json')
  if (!fs.existsSync(manifest)) return new Map()
  const parsed = Manifest.safeParse(JSON.parse(fs.readFileSync(manifest, 'utf8')))
  return parsed.success ? areaPages(fs.readFileSync(index, 'utf8'), parsed.data) : new Map()
}

/**
 * Serves the built app: hashed assets cached for a year, index.html never cached, and any
 * unknown non-API path answered with index.html so the client router can take it; within an
 * area (the builder, the back office, a trade's link) with that area's first chunks named for
 * preloading (lib/area-preloads.ts).
 */
export default fp(
  async function spa(app: FastifyInstance, opts: { distDir: string | null }) {
    const index = opts.distDir ? path.join(opts.distDir, 'index.html') : null
    const hasApp = index !== null && fs.existsSync(index)
    const pages = opts.distDir && index && hasApp ? readAreaPages(opts.distDir, index) : new Map()
    if (opts.distDir && hasApp) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each file (scripts/vite/precompress.ts).
        preCompressed: true,
        // Vite hashes every file under assets/; anything else (index.html) must be revalidated.
        cacheControl: false,
        setHeaders(response, file) {
          const immutable = file.includes(`${path.sep}assets${path.sep}`)
          response.setHeader(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          )
        },
      })
      app.get('/', (_request, reply) => reply.sendFile('index.html'))
    } else {
      app.log.warn('No built app found: run `npm run build` to serve the front end.')
    }

    app.setNotFoundHandler((request, reply) => {
      const wantsPage = request.method === 'GET' || request.method === 'HEAD'
      // A missing asset is missing: the page's HTML in its place would be run as a script.
      const isFile = request.url.startsWith('/api') || request.url.startsWith('/assets/')
      if (hasApp && wantsPage && !isFile) {
        const page = areaPageFor(pages, request.url)
        if (!page) return reply.sendFile('index.html')
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page)
      }
      throw notFound(
        `There is nothing at ${request.method} ${request.url.split('?')[0]}.`,
        ProblemCode.notFound,
      )
    })
  },
  { name: 'spa', dependencies: ['errors'] },
)
