import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { NON_STAGES } from '../../../../contract'
import type { Tx } from '../../../db/driver/client'
import type { DataTag } from '../../core/data-version'

const gzip = promisify(zlib.gzip)

/**
 * zlib's level 3: half level 6's time on the 5 MB answer of 10,000 clients (about 20 ms against
 * 40), for 8 % more bytes; level 1 is no faster and bigger again.
 */
const GZIP_LEVEL = 3

/** GET /api/admin/fetch's answer for one data version, serialised once. */
export type AdminAnswer = {
  etag: string
  tag: DataTag
  json: Buffer
  /** The same bytes gzipped: made on the first call (in libuv's pool), then kept. */
  gzipped(): Promise<Buffer>
}

/** Everything the back office shows, answered from one snapshot and kept per data version. */
export type AdminData = {
  /** An answer at least as new as `tag`: the kept one, or one built from a new snapshot. */
  answer(tag: DataTag): Promise<AdminAnswer>
}

declare module 'fastify' {
  interface FastifyInstance {
    adminData: AdminData
  }
}

/** Weak: the same data, whatever the encoding it is sent in. */
export const etagOf = ({ epoch, version }: DataTag) => `W/"${version}-${epoch}"`

const holds = (answer: AdminAnswer, tag: DataTag) =>
  answer.tag.epoch === tag.epoch && answer.tag.version >= tag.version

/** `{"Data":{…}}` from each field's JSON text, in the order given. */
const envelopeOf = (fields: [string, string][]) =>
  Buffer.from(`{"Data":{${fields.map(([name, json]) => `"${name}":${json}`).join(',')}}}`)

const memo = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let made: Promise<T> | undefined
  return () => (made ??= make())
}

export default fp(
  async function adminDataRepository(app: FastifyInstance) {
    const { db } = app

    /** The lists in one snapshot, with the version they are at; the big ones written by SQL. */
    const snapshot = async (tx: Tx): Promise<{ tag: DataTag; json: Buffer }> => {
      const tag = await app.dataVersion.read(tx)
      // One connection: the statements of a transaction run one after another anyway.
      const Admins = await app.admins.list(tx)
      const Cities = await app.cities.list(tx)
      const Stages = await app.stages.read(tx)
      const clients = await app.clients.listsJson(tx)
      const Managers = await app.managers.list(tx)
      const Engineers = await app.engineers.list(tx)
      const requests = await app.requests.listsJson(tx)
      const Schedule = await app.schedule.list(tx)
      const Scope = await app.scopeItems.list(tx)
      const Checklists = await app.checklists.listCities(tx)
      const json = envelopeOf([
        ['Admins', JSON.stringify(Admins)],
        ['Cities', JSON.stringify(Cities)],
        ['Stages', JSON.stringify(Stages)],
        ['NonStages', JSON.stringify(NON_STAGES)],
        ['Clients', clients.Clients],
        ['Managers', JSON.stringify(Managers)],
        ['Engineers', JSON.stringify(Engineers)],
        ['UsersWithPerks', clients.UsersWithPerks],
        ['BuilderRequests', requests.BuilderRequests],
        ['ManagerRequests', requests.ManagerRequests],
        ['UsersOnWaiting', clients.UsersOnWaiting],
        ['Schedule', JSON.stringify(Schedule)],
        ['Scope', JSON.stringify(Scope)],
        ['Checklists', JSON.stringify(Checklists)],
      ])
      return { tag, json }
    }

    const build = async (): Promise<AdminAnswer> => {
      // Repeatable read: the version and every list are read from one snapshot, so an answer
      // never holds a write that its version does not count, nor misses one that it does.
      const { tag, json } = await db.transaction(snapshot, {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      })
      return {
        etag: etagOf(tag),
        tag,
        json,
        gzipped: memo(() => gzip(json, { level: GZIP_LEVEL })),
      }
    }

    let kept: AdminAnswer | null = null
    let building: Promise<AdminAnswer> | null = null

    // Concurrent callers share one build; a failed one is not kept.
    const shared = async (): Promise<AdminAnswer> => {
      building ??= build().finally(() => {
        building = null
      })
      const built = await building
      if (!kept || !holds(kept, built.tag)) kept = built
      return built
    }

    const answer: AdminData['answer'] = async (tag) => {
      if (kept && holds(kept, tag)) return kept
      const built = await shared()
      // That build began before `tag` committed: one that begins now holds it.
      return holds(built, tag) ? built : shared()
    }

    app.decorate('adminData', { answer } satisfies AdminData)
  },
  {
    name: 'admin-data',
    dependencies: [
      'db',
      'data-version',
      'admins',
      'cities',
      'stages',
      'clients',
      'directory',
      'requests',
      'schedule',
      'scope-items',
      'checklists',
    ],
  },
)
