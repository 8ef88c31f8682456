import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Database, Db } from '../../db/driver/client'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    dbKind: Database['kind']
    dbListen: Database['listen']
  }
}

/** Decorates the open database; it is closed with the app. */
export default fp(
  async function db(app: FastifyInstance, opts: { database: Database }) {
    app.decorate('db', opts.database.db)
    app.decorate('dbKind', opts.database.kind)
    app.decorate('dbListen', opts.database.listen)
    app.addHook('onClose', () => opts.database.close())
  },
  { name: 'db' },
)
