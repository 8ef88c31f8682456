import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { sql, type SQL } from 'drizzle-orm'
import { prepareNamed, preparedStatement, type Db, type Tx } from '../../db/driver/client'
import { clientVersions, dataVersion } from '../../db/schema'

/** Which data an answer holds: the data version's row (see the schema's `dataVersion`). */
export type DataTag = { epoch: string; version: number }

/**
 * Which data one project's reads hold: its own version and the reference data's (see the
 * schema's `clientVersions`), in the database `epoch` names.
 */
export type ClientTag = { epoch: string; client: number; reference: number }

/** The data version, known without reading it whenever this server can be sure of it. */
export type DataVersion = {
  /** The version now: from memory, or (when unsure) one primary-key read. */
  current(): Promise<DataTag>
  /** A project's versions now: from memory, or (when unsure) one statement of key reads. */
  client(clientId: string): Promise<ClientTag>
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
/** What it says of a project's version (migration 0025): `client:{id}:{version}`. */
const CLIENT = 'client:'
/** The row of the reference data every project reads. */
const REFERENCE = '00000000-0000-0000-0000-000000000000'
/** Projects whose version is kept at most; past it the memory starts again. */
const CLIENTS_KEPT = 100_000

const versionOf = (id: SQL) =>
  sql`coalesce((select ${clientVersions.version} from ${clientVersions}
    where ${clientVersions.clientId} = ${id}::uuid), 0)`
/** A project's tag in one statement: three primary-key reads. */
const clientTagRead = preparedStatement<
  { epoch: string; client: number | string; reference: number | string },
  { clientId: string }
>(
  sql`select ${dataVersion.epoch} as epoch,
    ${versionOf(sql`${sql.placeholder('clientId')}`)} as client,
    ${versionOf(sql.raw(`'${REFERENCE}'`))} as reference
  from ${dataVersion} where ${dataVersion.id} = 1`,
)

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

    // Each project's version heard or read, and the reference data's, in `clientEpoch`.
    const clientsKnown = new Map<string, number>()
    let reference: number | null = null
    let clientEpoch: string | null = null

    const forget = () => {
      known = null
      clientsKnown.clear()
      reference = null
      moves++
    }

    /** Keeps a project's version (the reference's for its nil id), never going back. */
    const keepClient = (clientId: string, version: number) => {
      if (clientId === REFERENCE) return void (reference = Math.max(reference ?? 0, version))
      if (clientsKnown.size >= CLIENTS_KEPT) clientsKnown.clear()
      clientsKnown.set(clientId, Math.max(clientsKnown.get(clientId) ?? 0, version))
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
        if (payload.startsWith(CLIENT)) {
          const [clientId = '', version = ''] = payload.slice(CLIENT.length).split(':')
          moves++
          return keepClient(clientId, Number(version))
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

    const client = async (clientId: string): Promise<ClientTag> => {
      const sure = listening && writes === 0
      const version = clientsKnown.get(clientId)
      if (sure && clientEpoch && reference !== null && version !== undefined)
        return { epoch: clientEpoch, client: version, reference }
      const before = moves
      const [row] = await clientTagRead.rows(app.db, { clientId })
      if (!row) throw new Error('the data_version row is missing (the seed makes it)')
      const tag = { epoch: row.epoch, client: Number(row.client), reference: Number(row.reference) }
      if (listening && writes === 0 && moves === before) {
        if (clientEpoch !== tag.epoch) clientsKnown.clear()
        clientEpoch = tag.epoch
        keepClient(clientId, tag.client)
        keepClient(REFERENCE, tag.reference)
      }
      return tag
    }

    app.decorate('dataVersion', {
      current,
      client,
      read: async (query) => theTag(await tagQuery(query)),
    } satisfies DataVersion)
    app.decorate('identityChanges', {
      subscribe: (heard) => void identityListeners.push(heard),
    } satisfies IdentityChanges)
  },
  { name: 'data-version', dependencies: ['db'] },
)
