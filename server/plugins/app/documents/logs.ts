import { and, asc, desc, eq, inArray, notExists, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { z } from 'zod/mini'
import { StepSlug } from '../../../../contract'
import type { LogBody, LogEntry } from '../../../../contract/documents'
import type { Db } from '../../../db/driver/client'
import {
  draws,
  files,
  logEntries,
  logEntryFiles,
  noticeWaivers,
  trades,
  warranties,
} from '../../../db/schema'
import { notFound } from '../../../lib/problem'
import { ownFiles } from './owned-files'

export type LogWrite = z.output<typeof LogBody>

/** The daily log (PRODUCT.md §11): dated notes on a step, with photos already uploaded. */
export type Logs = {
  add(clientId: string, entry: LogWrite): Promise<LogEntry>
  /** Newest day first, each entry with its files and fresh addresses: two queries. */
  list(clientId: string, step?: StepSlug): Promise<LogEntry[]>
  /**
   * Deletes the entry, and those of its files that nothing else uses (another entry, a
   * warranty, a draw's lien waiver, a trade's certificate), bytes included.
   */
  remove(clientId: string, id: string): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    logs: Logs
  }
}

type EntryRow = typeof logEntries.$inferSelect

export default fp(
  async function logsRepository(app: FastifyInstance) {
    const { db } = app

    /** The entries with their files, in the order attached. */
    async function withFiles(query: Db, rows: EntryRow[]): Promise<LogEntry[]> {
      const ids = rows.map((row) => row.id)
      const attached =
        ids.length === 0
          ? []
          : await query
              .select({ entryId: logEntryFiles.logEntryId, file: files })
              .from(logEntryFiles)
              .innerJoin(files, eq(files.id, logEntryFiles.fileId))
              .where(inArray(logEntryFiles.logEntryId, ids))
              .orderBy(asc(logEntryFiles.position))
      return rows.map((row) => ({
        id: row.id,
        step: StepSlug.parse(row.step),
        date: row.date,
        text: row.text,
        files: attached
          .filter((a) => a.entryId === row.id)
          .map((a) => app.files.toStoredFile(a.file)),
        createdAt: row.createdAt.toISOString(),
      }))
    }

    const add: Logs['add'] = async (clientId, entry) => {
      const row = await db.transaction(async (tx) => {
        const fileIds = [...new Set(entry.fileIds ?? [])]
        await ownFiles(tx, clientId, fileIds)
        const [inserted] = await tx
          .insert(logEntries)
          .values({
            clientId,
            step: entry.step,
            date: entry.date,
            text: entry.text,
            createdAt: app.clock(),
          })
          .returning()
        if (!inserted) throw new Error('the log entry was not inserted')
        if (fileIds.length > 0)
          await tx
            .insert(logEntryFiles)
            .values(
              fileIds.map((fileId, position) => ({ logEntryId: inserted.id, fileId, position })),
            )
        return inserted
      })
      const [answer] = await withFiles(db, [row])
      if (!answer) throw new Error('the log entry vanished')
      return answer
    }

    const list: Logs['list'] = async (clientId, step) => {
      const rows = await db
        .select()
        .from(logEntries)
        .where(and(eq(logEntries.clientId, clientId), step ? eq(logEntries.step, step) : undefined))
        .orderBy(desc(logEntries.date), desc(logEntries.createdAt), desc(logEntries.id))
      return withFiles(db, rows)
    }

    const remove: Logs['remove'] = async (clientId, id) => {
      const removed = await db.transaction(async (tx) => {
        const [entry] = await tx
          .select({ id: logEntries.id })
          .from(logEntries)
          .where(and(eq(logEntries.id, id), eq(logEntries.clientId, clientId)))
          .for('update')
        if (!entry) throw notFound('No such log entry.')
        // Its files, locked in id order as ownFiles locks them: a link another request is making
        // commits first, and one it makes from now on waits for this transaction and then finds
        // the file gone.
        const attached = await tx
          .select({ id: files.id })
          .from(logEntryFiles)
          .innerJoin(files, eq(files.id, logEntryFiles.fileId))
          .where(and(eq(logEntryFiles.logEntryId, id), eq(files.clientId, clientId)))
          .orderBy(files.id)
          .for('update', { of: files })
        await tx.delete(logEntries).where(eq(logEntries.id, id))
        const fileIds = attached.map((a) => a.id)
        if (fileIds.length === 0) return []
        // A new statement, so it sees every link committed while the locks were awaited.
        const unused = await tx
          .delete(files)
          .where(
            and(
              inArray(files.id, fileIds),
              notExists(tx.select().from(logEntryFiles).where(eq(logEntryFiles.fileId, files.id))),
              notExists(tx.select().from(warranties).where(eq(warranties.fileId, files.id))),
              notExists(
                tx
                  .select()
                  .from(draws)
                  .where(
                    or(
                      eq(draws.lienWaiverFileId, files.id),
                      eq(draws.conditionalWaiverFileId, files.id),
                    ),
                  ),
              ),
              notExists(
                tx
                  .select()
                  .from(noticeWaivers)
                  .where(
                    or(
                      eq(noticeWaivers.conditionalFileId, files.id),
                      eq(noticeWaivers.unconditionalFileId, files.id),
                    ),
                  ),
              ),
              notExists(
                tx
                  .select()
                  .from(trades)
                  .where(or(eq(trades.insuranceFileId, files.id), eq(trades.compFileId, files.id))),
              ),
            ),
          )
          .returning({ id: files.id })
        return unused.map((file) => file.id)
      })
      await app.files.removeBytes(removed)
    }

    app.decorate('logs', { add, list, remove } satisfies Logs)
  },
  { name: 'logs', dependencies: ['db', 'core', 'files'] },
)
