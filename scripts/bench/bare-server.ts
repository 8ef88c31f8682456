// The benchmark's baseline: the least a Fastify route can do, started exactly like the real
// server (own process through tsx, PORT and HOST from the environment), so the ratio of the two
// measures PoolPath's own work rather than process or loader differences.
import fastify from 'fastify'

const app = fastify({ logger: false })

app.get('/bare', async () => ({ Data: [] }))

const port = Number(process.env.PORT ?? 0)
const host = process.env.HOST ?? '127.0.0.1'

app.listen({ port, host }).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
