import { eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { LogEntry, StoredFile } from '../../contract/documents'
import { rowsOf, type Tx } from '../../server/db/driver/client'
import { draws, logEntryFiles, warranties } from '../../server/db/schema'
import { expectProblem } from '../support/http'
import { callRaw } from '../support/call'
import { austinPerTest } from './client-kit'
import { fetchSigned, png, uploaded } from './files-kit'
import { drawId, signed } from './money-kit'

// Deleting a log entry while another request links one of its files (Logs.remove): whichever
// locks the file first, no link is lost. PostgreSQL only: PGlite runs one query at a time.

const { t, client } = austinPerTest()
let deposit: string
beforeEach(async () => {
  await signed(t, client.headers, 'excavation', 800_000)
  deposit = await drawId(t, client.headers, 'excavation', 0)
})

const waiver = async () =>
  uploaded(t, client.headers, { name: 'waiver.png', bytes: await png() }, { kind: 'lien-waiver' })

const addLog = (fileIds: string[]) =>
  callRaw(
    t,
    'addLogEntry',
    { body: { step: 'excavation', date: '2030-03-04', text: 'x', fileIds } },
    client.headers,
  )
const entryWith = async (fileIds: string[]) =>
  LogEntry.parse(((await addLog(fileIds)).json() as { Data: unknown }).Data).id

/** Starts a request now (an inject waits for its first `then`). */
const started = (request: PromiseLike<LightMyRequestResponse>) => Promise.resolve(request)

const deleteEntry = (id: string) => started(callRaw(t, 'deleteLogEntry', { id }, client.headers))

const listed = async () => {
  const res = await callRaw(t, 'files', {}, client.headers)
  return (res.json() as { Data: unknown[] }).Data.map((f) => StoredFile.parse(f).id)
}

/** Runs `write` in a transaction on a connection of its own, left open until the answer is called. */
async function holding(write: (tx: Tx) => Promise<unknown>): Promise<() => Promise<void>> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  let written = () => {}
  const done = new Promise<void>((resolve) => (written = resolve))
  const transaction = t.app.db.transaction(async (tx) => {
    await write(tx)
    written()
    await released
  })
  await Promise.race([done, transaction])
  return async () => {
    release()
    await transaction
  }
}

/** Until `count` statements of this database wait for a row lock. */
const waitingOnLocks = (count: number) =>
  vi.waitFor(
    async () => {
      const [row] = await rowsOf<{ waiting: number }>(
        t.app.db,
        sql`select count(*)::int as "waiting" from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      )
      expect(row?.waiting).toBe(count)
    },
    { timeout: 10_000 },
  )

describe.runIf(process.env.TEST_DB === 'postgres')('deleting a log entry beside a link', () => {
  const links: [string, (tx: Tx, fileId: string) => Promise<unknown>][] = [
    [
      'another entry',
      async (tx, fileId) =>
        tx.insert(logEntryFiles).values({ logEntryId: await entryWith([]), fileId, position: 0 }),
    ],
    [
      'a warranty',
      (tx, fileId) =>
        tx.insert(warranties).values({
          clientId: client.id,
          step: 'tile',
          provider: 'Tile Co',
          termMonths: 12,
          fileId,
        }),
    ],
    [
      'a lien waiver',
      (tx, fileId) =>
        tx.update(draws).set({ lienWaiverFileId: fileId }).where(eq(draws.id, deposit)),
    ],
  ]

  it.each(links)('keeps a file linked to %s while the delete waited', async (_, link) => {
    const file = await waiver()
    const entry = await entryWith([file.id])
    const commit = await holding((tx) => link(tx, file.id))
    const removing = deleteEntry(entry)
    await waitingOnLocks(1)
    await commit()
    expect((await removing).statusCode).toBe(200)
    expect(await listed()).toEqual([file.id])
    expect((await fetchSigned(t, file.urls.original)).statusCode).toBe(200)
  })

  const attaches: [string, (fileId: string) => PromiseLike<LightMyRequestResponse>][] = [
    ['POST /api/logs', (fileId) => addLog([fileId])],
    [
      'PUT /api/warranties',
      (fileId) =>
        callRaw(
          t,
          'setWarranty',
          { body: { step: 'tile', provider: 'T', termMonths: 12, startsOn: '2030-01-01', fileId } },
          client.headers,
        ),
    ],
    [
      'PUT /api/draws/{id}/lien-waiver',
      (fileId) => callRaw(t, 'setLienWaiver', { id: deposit, body: { fileId } }, client.headers),
    ],
  ]

  it.each(attaches)(
    'answers %s that waited for the delete 404: the file is gone',
    async (_, attach) => {
      const file = await waiver()
      const entry = await entryWith([file.id])
      // Holds the delete after it locked the file: removing the entry's link waits for this.
      const release = await holding((tx) =>
        tx.select().from(logEntryFiles).where(eq(logEntryFiles.fileId, file.id)).for('share'),
      )
      const removing = deleteEntry(entry)
      await waitingOnLocks(1)
      const attaching = started(attach(file.id))
      await waitingOnLocks(2)
      await release()
      expect((await removing).statusCode).toBe(200)
      expectProblem(await attaching, 404, 'NOT_FOUND')
      expect(await listed()).toEqual([])
    },
  )
})
