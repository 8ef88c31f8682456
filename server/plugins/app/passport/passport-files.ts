import { and, asc, eq, inArray } from 'drizzle-orm'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { PASSPORT_FOLDERS } from '../../../../contract/passport'
import { files } from '../../../db/schema'
import {
  equipmentCsv,
  paymentsCsv,
  startupLogCsv,
  tradesCsv,
} from '../../../lib/exports/passport-csv'
import { passportPdf } from '../../../lib/exports/passport-pdf'
import { passportZip, type StoredEntry } from '../../../lib/exports/passport-zip'
import { sendDownload } from '../../../lib/exports/send-download'
import { routeOf } from '../../../lib/route-of'
import { identityOf } from '../../core/access'

const KINDS = Object.keys(PASSPORT_FOLDERS) as (keyof typeof PASSPORT_FOLDERS)[]

/**
 * The passport's downloads (PRODUCT.md §17, §19): the PDF, and the ZIP of the PDF, four CSVs and
 * the project's files by kind. The ZIP is streamed: its files are read from the store one at a
 * time as the download drains, so a project with hundreds of files never sits in memory.
 */
const passportFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const pdfOf = async (clientId: string) => {
    const [passport, owner] = await Promise.all([
      app.passport.read(clientId),
      app.passport.owner(clientId),
    ])
    return { passport, pdf: await passportPdf(passport, owner) }
  }

  /** The client's files of the ZIP's kinds, oldest first: an earlier upload keeps its name. */
  const storedOf = async (clientId: string): Promise<StoredEntry[]> => {
    const rows = await app.db
      .select({ id: files.id, kind: files.kind, name: files.name })
      .from(files)
      .where(and(eq(files.clientId, clientId), inArray(files.kind, KINDS)))
      .orderBy(asc(files.createdAt), asc(files.id))
    return rows.map((row) => ({
      folder: PASSPORT_FOLDERS[row.kind as keyof typeof PASSPORT_FOLDERS],
      name: row.name,
      open: async () => (await app.fileStore.get(row.id, 'original'))?.body ?? null,
    }))
  }

  app.route({
    ...routeOf('passportPdf'),
    handler: async (request, reply: FastifyReply) =>
      sendDownload(reply, 'passport.pdf', (await pdfOf(identityOf(request).id)).pdf),
  })

  app.route({
    ...routeOf('passportZip'),
    handler: async (request, reply: FastifyReply) => {
      const clientId = identityOf(request).id
      const [{ passport, pdf }, stored] = await Promise.all([pdfOf(clientId), storedOf(clientId)])
      const made = [
        { name: 'passport.pdf', body: pdf },
        { name: 'equipment.csv', body: equipmentCsv(passport) },
        { name: 'startup-log.csv', body: startupLogCsv(passport) },
        { name: 'payments.csv', body: paymentsCsv(passport) },
        { name: 'trades.csv', body: tradesCsv(passport) },
      ]
      // A failure once the headers are sent cuts the download short; Fastify logs it.
      const zip = passportZip(made, stored, (entry) =>
        request.log.warn({ file: entry.name }, 'a passport file has no bytes: left out of the ZIP'),
      )
      return sendDownload(reply, 'passport.zip', zip)
    },
  })
}

export default passportFileRoutes
