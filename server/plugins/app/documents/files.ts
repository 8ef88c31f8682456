import crypto from 'node:crypto'
import fsp from 'node:fs/promises'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  DocumentsProblemCode,
  FILE_VARIANTS,
  MAX_CLIENT_BYTES,
  StoredFile,
  type FileKind,
  type FileVariant,
  type UploadFields,
} from '../../../../contract/documents'
import type { StepSlug } from '../../../../contract'
import { preparedStatement, type Db, type Tx } from '../../../db/driver/client'
import { rowsFromJson, rowsJson } from '../../../db/json-rows'
import { clients, files } from '../../../db/schema'
import { imageVariants } from '../../../lib/images'
import { pdfWithoutMetadata } from '../../../lib/pdfs'
import { badRequest, conflict, notFound, unauthenticated } from '../../../lib/problem'
import { signedFileUrl } from '../../../lib/signed-url'
import type { StagedUpload } from '../../../lib/upload'
import { sweepStore } from './file-sweep'

export type FileRow = typeof files.$inferSelect
export type FileFilter = { step?: StepSlug | undefined; kind?: FileKind | undefined }

/**
 * A client's photos and documents (PRODUCT.md §11). Bytes are stored before the row and
 * deleted after it, so a crash between the two leaves only bytes without a row, which the
 * start-up sweep removes; a row never points at bytes that were not all written.
 */
export type Files = {
  /**
   * Stores a staged upload (and removes the staged file): images as three clean variants. When
   * `cancelled` fires before the row is written (the client hung up), nothing is kept.
   */
  add(
    clientId: string,
    staged: StagedUpload,
    fields: UploadFields,
    cancelled?: AbortSignal,
  ): Promise<StoredFile>
  /** Newest first, in one query. */
  list(clientId: string, filter: FileFilter): Promise<StoredFile[]>
  /** Deletes the client's own file and its bytes; another's is a 404. */
  remove(clientId: string, id: string): Promise<void>
  /** The file behind a signed address and the bytes of its variant, or null. */
  open(id: string, variant: FileVariant): Promise<Opened | null>
  /** A row as the wire has it, with addresses signed now. */
  toStoredFile(row: FileRow): StoredFile
  /** Removes the bytes of files whose rows are already gone (a failure is logged, not thrown). */
  removeBytes(ids: readonly string[]): Promise<void>
}

type Stored = Pick<FileRow, 'variants' | 'size' | 'storedBytes' | 'width' | 'height'>
type Opened = { row: FileRow; body: NodeJS.ReadableStream; size: number }

declare module 'fastify' {
  interface FastifyInstance {
    files: Files
  }
}

const quotaExceeded = () =>
  conflict(
    'Your files would pass 1 GB: delete some before you upload more.',
    DocumentsProblemCode.quotaExceeded,
  )

/** The client hung up before its upload was stored: no one reads this answer, nothing is kept. */
const uploadCancelled = () =>
  badRequest({ file: ['The upload was cancelled'] }, 'The upload was cancelled.')

/** Bytes of every variant of the client's files. */
async function usedBy(query: Db | Tx, clientId: string): Promise<number> {
  const [row] = await query
    .select({ total: sql<string>`coalesce(sum(${files.storedBytes}), 0)` })
    .from(files)
    .where(eq(files.clientId, clientId))
  return Number(row?.total ?? 0)
}

const step = sql.placeholder('step')
const kind = sql.placeholder('kind')

/** A client's files, newest first, of one step or kind when the filter names one: one statement. */
const listStatement = preparedStatement<
  { rows: Record<string, unknown>[] },
  { id: string; step: string | null; kind: string | null }
>(
  sql`select (${rowsJson(
    files,
    sql`from ${files} where ${files.clientId} = ${sql.placeholder('id')}
    and (${step}::text is null or ${files.step} = ${step})
    and (${kind}::text is null or ${files.kind} = ${kind})`,
    sql`${files.createdAt} desc, ${files.id} desc`,
  )}) as rows`,
)

export default fp(
  async function filesRepository(app: FastifyInstance) {
    const { db, fileStore: store } = app

    const toStoredFile: Files['toStoredFile'] = (row) => {
      const now = app.clock()
      const url = (variant: FileVariant) => signedFileUrl(app.keys.fileUrl, row.id, variant, now)
      const has = (variant: FileVariant) => row.variants.includes(variant)
      return StoredFile.parse({
        id: row.id,
        kind: row.kind,
        name: row.name,
        contentType: row.contentType,
        size: row.size,
        ...(row.width === null ? {} : { width: row.width }),
        ...(row.height === null ? {} : { height: row.height }),
        ...(row.step === null ? {} : { step: row.step }),
        caption: row.caption,
        createdAt: row.createdAt.toISOString(),
        urls: {
          ...(has('thumb') ? { thumb: url('thumb') } : {}),
          ...(has('view') ? { view: url('view') } : {}),
          original: url('original'),
        },
      })
    }

    const removeBytes: Files['removeBytes'] = async (ids) => {
      if (ids.length === 0) return
      // The rows are gone: bytes left by a failure here are orphans the next sweep removes.
      await store
        .remove(ids)
        .catch((err: unknown) => app.log.error({ err, ids }, 'file bytes not removed'))
    }

    /** Writes the variants; answers what the row says of them. */
    async function storeBytes(id: string, staged: StagedUpload): Promise<Stored> {
      if (staged.contentType === 'application/pdf') {
        const bytes = await pdfWithoutMetadata(staged.path)
        await store.put(id, 'original', bytes)
        const size = bytes.length
        return { variants: ['original'], size, storedBytes: size, width: null, height: null }
      }
      const { bytes, width, height } = await imageVariants(staged.path, staged.contentType)
      await Promise.all(FILE_VARIANTS.map((variant) => store.put(id, variant, bytes[variant])))
      return {
        variants: [...FILE_VARIANTS],
        size: bytes.original.length,
        storedBytes: FILE_VARIANTS.reduce((sum, v) => sum + bytes[v].length, 0),
        width,
        height,
      }
    }

    const add: Files['add'] = async (clientId, staged, fields, cancelled) => {
      const id = crypto.randomUUID()
      try {
        // Early, so a client at the limit wastes no processing; checked again under the lock.
        if ((await usedBy(db, clientId)) + staged.size > MAX_CLIENT_BYTES) throw quotaExceeded()
        const stored = await storeBytes(id, staged)
        const row = await db.transaction(async (tx) => {
          const [owner] = await tx
            .select({ id: clients.userId })
            .from(clients)
            .where(eq(clients.userId, clientId))
            .for('update')
          if (!owner) throw unauthenticated()
          if ((await usedBy(tx, clientId)) + stored.storedBytes > MAX_CLIENT_BYTES)
            throw quotaExceeded()
          if (cancelled?.aborted) throw uploadCancelled()
          const [inserted] = await tx
            .insert(files)
            .values({
              id,
              clientId,
              kind: fields.kind,
              name: staged.name,
              contentType: staged.contentType,
              ...stored,
              step: fields.step ?? null,
              caption: fields.caption ?? '',
              variants: stored.variants,
              createdAt: app.clock(),
            })
            .returning()
          return inserted
        })
        if (!row) throw new Error('the file row was not inserted')
        return toStoredFile(row)
      } catch (error) {
        await store.remove([id])
        throw error
      } finally {
        await fsp.rm(staged.path, { force: true })
      }
    }

    const list: Files['list'] = async (clientId, filter) => {
      const [found] = await listStatement.rows(db, {
        id: clientId,
        step: filter.step ?? null,
        kind: filter.kind ?? null,
      })
      return rowsFromJson(files, found?.rows ?? []).map(toStoredFile)
    }

    const remove: Files['remove'] = async (clientId, id) => {
      const [deleted] = await db
        .delete(files)
        .where(and(eq(files.id, id), eq(files.clientId, clientId)))
        .returning({ id: files.id })
      if (!deleted) throw notFound('No such file.')
      await removeBytes([id])
    }

    const open: Files['open'] = async (id, variant) => {
      const [row] = await db.select().from(files).where(eq(files.id, id))
      if (!row?.variants.includes(variant)) return null
      const bytes = await store.get(id, variant)
      return bytes && { row, ...bytes }
    }

    app.decorate('files', { add, list, remove, open, toStoredFile, removeBytes } satisfies Files)
    // Before the server listens: what a crash left behind is cleaned up first.
    app.addHook('onReady', async () => {
      const swept = await sweepStore(db, store, app.clock())
      if (swept.objects + swept.rows > 0) app.log.info(swept, 'swept files left by a crash')
    })
  },
  { name: 'files', dependencies: ['db', 'core', 'file-store'] },
)
