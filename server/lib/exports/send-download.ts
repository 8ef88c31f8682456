import { create as contentDisposition } from 'content-disposition'
import type { FastifyReply } from 'fastify'

const TYPES = { pdf: 'application/pdf', csv: 'text/csv; charset=utf-8' } as const

/** A generated file as a download named `name` (its extension says its type). */
export function sendDownload(
  reply: FastifyReply,
  name: `${string}.${keyof typeof TYPES}`,
  body: string | Uint8Array,
) {
  const extension = name.slice(name.lastIndexOf('.') + 1) as keyof typeof TYPES
  return reply
    .type(TYPES[extension])
    .headers({
      'x-content-type-options': 'nosniff',
      'content-disposition': contentDisposition(name),
    })
    .send(typeof body === 'string' ? body : Buffer.from(body))
}
