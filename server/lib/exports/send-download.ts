import type { Readable } from 'node:stream'
import { create as contentDisposition } from 'content-disposition'
import type { FastifyReply } from 'fastify'

const TYPES = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
} as const

/** A generated file as a download named `name` (its extension says its type), whole or streamed. */
export function sendDownload(
  reply: FastifyReply,
  name: `${string}.${keyof typeof TYPES}`,
  body: string | Uint8Array | Readable,
) {
  const extension = name.slice(name.lastIndexOf('.') + 1) as keyof typeof TYPES
  return reply
    .type(TYPES[extension])
    .headers({
      'x-content-type-options': 'nosniff',
      'content-disposition': contentDisposition(name),
    })
    .send(body instanceof Uint8Array ? Buffer.from(body) : body)
}
