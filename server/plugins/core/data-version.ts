import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { prepareNamed, type Db, type Tx } from '../../db/driver/client'
import { dataVersion } from '../../db/schema'

/** Which data an answer holds: the data version's row (see the schema's `dataVersion`). */
export type DataTag = { epoch: string; version: number }

/** The data version, known without reading it whenever this server can be sure of it. */
export type DataVersion = {
  /** The version now: from memory, or (when unsure) one primary-key read. */
  current(): Promise<DataTag>
  /** The version in `query`'s snapshot: the admin fetch's answer reads it with its lists. */
  read(query: Db | Tx): Promise<DataTag>
}

/**
 * Hears whose cached identity is stale, on this server or another: a user's id, or null for
 * every user's (and whenever notifications may have been missed).
 */
export type IdentityChanges = { subscribe(heard: (userId: string | null) => void): void }

declare module 'fastify' {
  interface FastifyInstance {
    dataVersion: DataVersion
    identityChanges: IdentityChanges
  }
}

/** The channel the bump notifies (migration 0008), with `epoch:version`. */
const CHANNEL = 'data_version'
/** What the same channel says of identities (migration 0017): `identity:{user id}` or `identity:*`. */
const IDENTITY = 'identity:'

const tagQuery = (query: Db | Tx) =>
  query
    .select({ epoch: dataVersion.epoch, version: dataVersion.version })
    .from(dataVersion)
    .where(eq(dataVersion.id, 1))

function theTag([tag]: DataTag[]): DataTag {
  if (!tag) throw new Error('the data_version row is missing (the seed makes it)')
  return tag
}

function tagOf(payload: string): DataTag | null {
  const [epoch = '', version = ''] = payload.split(':')
  const tag = { epoch, version: Number(version) }
  return epoch && Number.isSafeInteger(tag.version) ? tag : null
}

/** Methods that never write: any other request may commit a bump before it answers. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The version is kept in memory while this server listens to the bump's notifications: each
 * commit that bumps it, on this server or another sharing the database, is heard once
 * committed (PGlite: before the commit returns; PostgreSQL: a moment after). Until a local write
 * has answered, and while the listening connection is lost, the version is read instead: a
 * 304 never outlives a notification, and a client never sees its own write answered 304.
 */
export default fp(
  async function dataVersionPlugin(app: FastifyInstance) {
    // Prepared once: the 304 path, when the version is not known, is this one statement.
    const readTag = prepareNamed(tagQuery(app.db), 'data_version_now')
    let known: DataTag | null = null
    let listening = false
    let writes = 0
    // Moves at every event that could make a read in flight stale once it returns.
    let moves = 0

    const forget = () => {
      known = null
      moves++
    }

    const identityListeners: ((userId: string | null) => void)[] = []
    const identityChanged = (userId: string | null) => {
      for (const heard of identityListeners) heard(userId)
    }

    const stopListening = await app.dbListen(CHANNEL, {
      notify: (payload) => {
        if (payload.startsWith(IDENTITY)) {
          const userId = payload.slice(IDENTITY.length)
          return identityChanged(userId === '*' ? null : userId)
        }
        const tag = tagOf(payload)
        moves++
        if (!tag) return void (known = null)
        const older = known?.epoch === tag.epoch && known.version >= tag.version
        if (!older) known = tag
      },
      listening: () => {
        listening = true
        forget()
        identityChanged(null)
      },
      lost: () => {
        listening = false
        forget()
        identityChanged(null)
      },
    })
    app.addHook('onClose', () => stopListening())

    app.addHook('onRequest', (request, reply, done) => {
      if (READS.has(request.method)) return done()
      writes++
      forget()
      // Once the answer is sent or the request gone: 'close' always comes, once.
      reply.raw.once('close', () => {
        writes--
        forget()
      })
      done()
    })

    const current = async (): Promise<DataTag> => {
      if (listening && writes === 0 && known) return known
      const before = moves
      const tag = theTag(await readTag.execute())
      if (listening && writes === 0 && moves === before) known = tag
      return tag
    }

    app.decorate('dataVersion', {
      current,
      read: async (query) => theTag(await tagQuery(query)),
    } satisfies DataVersion)
    app.decorate('identityChanges', {
      subscribe: (heard) => void identityListeners.push(heard),
    } satisfies IdentityChanges)
  },
  { name: 'data-version', dependencies: ['db'] },
)
