import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ProblemCode } from '../../../contract/problem'
import { notFound } from '../../lib/problem'

/**
 * Serves the built app: hashed assets cached for a year, index.html never cached, and any
 * unknown non-API path answered with index.html so the client router can take it.
 */
export default fp(
  async function spa(app: FastifyInstance, opts: { distDir: string | null }) {
    const index = opts.distDir ? path.join(opts.distDir, 'index.html') : null
    const hasApp = index !== null && fs.existsSync(index)
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
        return reply.sendFile('index.html')
      }
      throw notFound(
        `There is nothing at ${request.method} ${request.url.split('?')[0]}.`,
        ProblemCode.notFound,
      )
    })
  },
  { name: 'spa', dependencies: ['errors'] },
)
