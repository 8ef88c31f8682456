// The benchmark's baseline: the least a Fastify route can do, started exactly like the real
// server (own process through tsx, PORT and HOST from the environment), so the ratio of the two
// measures PoolPath's own work rather than process or loader differences.
import fs from 'node:fs'
import fastify from 'fastify'

const app = fastify({ logger: false })

app.get('/bare', async () => ({ Data: [] }))

// The same bytes GET /api answers, read once: the ratio to this route is PoolPath's own
// overhead, not the cost of sending a 6 kB body instead of 11 bytes.
const sameBodyFile = process.env.BARE_BODY_FILE
if (sameBodyFile) {
  const body = fs.readFileSync(sameBodyFile)
  app.get('/bare-same-body', (_request, reply) => reply.type('application/json').send(body))
}

const port = Number(process.env.PORT ?? 0)
const host = process.env.HOST ?? '127.0.0.1'

app.listen({ port, host }).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
