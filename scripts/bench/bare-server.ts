// The benchmark's baseline: the least a Fastify route can do, started exactly like the real
// server (own process through tsx, PORT and HOST from the environment), so the ratio of the two
// measures PoolPath's own work rather than process or loader differences.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import fastify from 'fastify'

const app = fastify({ logger: false })

app.get('/bare', async () => ({ Data: [] }))

// The same bytes a real route answers, read once: the ratio to these routes is PoolPath's own
// overhead, not the cost of sending a 6 kB body instead of 11 bytes. Each `<name>.json` of
// BARE_BODY_DIR is served at /same/<name>, to a GET or to a PUT or POST with a JSON body (parsed
// and dropped, as a real write's body is parsed), with a weak ETag worked out once and a 304 when
// If-None-Match matches it: the least a cached route can do. A `<name>.json.gz` is sent as it is,
// with Content-Encoding: gzip, at /same/<name>.gz.
const bodyDir = process.env.BARE_BODY_DIR ?? ''
const bodyFiles = bodyDir
  ? fs.readdirSync(bodyDir).filter((file) => file.endsWith('.json') || file.endsWith('.json.gz'))
  : []
for (const file of bodyFiles) {
  const body = fs.readFileSync(path.join(bodyDir, file))
  const etag = `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`
  // `<name>.json.gz` is served as gzip at /same/<name>.gz: the bytes a browser is sent.
  const gzipped = file.endsWith('.gz')
  app.route({
    method: ['GET', 'PUT', 'POST'],
    url: `/same/${file.replace(/\.json(\.gz)?$/, gzipped ? '.gz' : '')}`,
    handler: (request, reply) => {
      reply.header('etag', etag).header('cache-control', 'no-cache')
      if (request.headers['if-none-match'] === etag) return reply.code(304).send()
      if (gzipped) reply.header('content-encoding', 'gzip')
      return reply.type('application/json; charset=utf-8').send(body)
    },
  })
}

// The floor of a download: a file sent from disk by @fastify/static, at /static/<name>.
const staticDir = process.env.BARE_STATIC_DIR
if (staticDir) await app.register(fastifyStatic, { root: staticDir, prefix: '/static/' })

const port = Number(process.env.PORT ?? 0)
const host = process.env.HOST ?? '127.0.0.1'

app.listen({ port, host }).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
