import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Multipart } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { fileTypeFromFile } from 'file-type'
import type { z } from 'zod/mini'
import {
  DocumentsProblemCode,
  FILE_TYPES,
  MAX_CAPTION,
  MAX_FILE_BYTES,
  type FileContentType,
} from '../../contract/documents'
import { ProblemCode } from '../../contract/problem'
import { badRequest, HttpProblem } from './problem'

/** The longest name kept of an uploaded file (it is shown, never used to store it). */
export const MAX_FILE_NAME = 120

/** Busboy's limits for the one upload call: one file, three short fields. */
export const UPLOAD_LIMITS = {
  fileSize: MAX_FILE_BYTES,
  files: 1,
  fields: 3,
  parts: 4,
  fieldNameSize: 40,
  // A caption of MAX_CAPTION characters of four UTF-8 bytes each fits.
  fieldSize: MAX_CAPTION * 4,
  headerPairs: 20,
}

/** Room for the multipart framing and fields around the largest file allowed. */
const MAX_REQUEST_BYTES = MAX_FILE_BYTES + 64 * 1024

export type StagedUpload = {
  /** The uploaded bytes, in the staging folder until they are stored. */
  path: string
  size: number
  contentType: FileContentType
  name: string
}

export const tooLarge = () =>
  new HttpProblem(413, DocumentsProblemCode.fileTooLarge, 'A file may be at most 20 MB.', {
    errors: { file: ['At most 20 MB'] },
  })

const unsupported = () =>
  new HttpProblem(
    415,
    DocumentsProblemCode.unsupportedFile,
    'Upload a JPEG, PNG or WebP photo, or a PDF.',
    { errors: { file: ['Only JPEG, PNG, WebP or PDF'] } },
  )

const unreadable = (field = 'file', message = 'The upload could not be read') =>
  badRequest({ [field]: [message] }, 'The upload could not be read.')

/**
 * The name a file was uploaded under, made harmless to show and to offer on download: no
 * folders, no control or bidirectional-override characters, at most MAX_FILE_NAME characters
 * (keeping the extension), never empty.
 */
export function cleanFileName(raw: string): string {
  const base = raw.normalize('NFC').split(/[/\\]/).at(-1) ?? ''
  const printable = base
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
  const chars = [...printable]
  if (chars.length === 0) return 'file'
  if (chars.length <= MAX_FILE_NAME) return printable
  const dot = printable.lastIndexOf('.')
  const extension = dot > 0 ? [...printable.slice(dot)].slice(0, 10).join('') : ''
  return chars.slice(0, MAX_FILE_NAME - [...extension].length).join('') + extension
}

/** The extensions of each type a file may have, the usual one first. */
const EXTENSIONS: Record<FileContentType, readonly string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
}

/**
 * The name a file is kept under: its cleaned name with the extension of what its bytes are, so a
 * download opens with the right program (PNG bytes sent as `scan.pdf` are kept as `scan.png`).
 * Another type's extension is replaced; any other ending is kept, and the type's added.
 */
export function nameOfType(name: string, type: FileContentType): string {
  const dot = name.lastIndexOf('.')
  const extension = dot > 0 ? name.slice(dot).toLowerCase() : ''
  if (EXTENSIONS[type].includes(extension)) return name
  const usual = EXTENSIONS[type][0] ?? ''
  const known = Object.values(EXTENSIONS).some((list) => list.includes(extension))
  return cleanFileName(`${known ? name.slice(0, dot) : name}${usual}`)
}

/** A zod/mini check's issues as the field messages of a 400, like the error handler's. */
function fieldErrors(issues: z.core.$ZodIssue[]): Record<string, string[]> {
  const errors = new Map<string, string[]>()
  const add = (field: string, message: string) =>
    errors.set(field, [...(errors.get(field) ?? []), message])
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) add(key, 'Unknown field')
    else add(issue.path.map(String).join('.') || 'body', issue.message)
  }
  return Object.fromEntries(errors)
}

/** Whether an error came from the request (a bad or cut-off body) rather than from this server. */
const fromRequest = (error: unknown) =>
  !(error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string')

/**
 * Reads a multipart upload: streams its one `file` part into `stagingDir` (never into memory),
 * counting to 20 MB, collects the fields and checks them with `fields` after the stream is read,
 * and sniffs the type from the bytes. Every refusal is a problem (400, 413, 415) and leaves no
 * staged file behind.
 */
export async function readUpload<S extends z.ZodMiniType>(
  request: FastifyRequest,
  stagingDir: string,
  fields: S,
): Promise<{ staged: StagedUpload; fields: z.output<S> }> {
  if (!request.isMultipart())
    throw new HttpProblem(
      415,
      ProblemCode.unsupportedMediaType,
      'Send the file as multipart/form-data.',
      { errors: { body: ['Content-Type must be multipart/form-data'] } },
    )
  if (Number(request.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES) throw tooLarge()

  const stagedPath = path.join(stagingDir, `${crypto.randomUUID()}.upload`)
  let staged: { size: number; name: string } | null = null
  try {
    const values = new Map<string, string>()
    const errors: Record<string, string[]> = {}
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || staged) {
          part.file.resume()
          errors[part.fieldname] = ['Send one file, in the field “file”']
          continue
        }
        staged = await stage(part, stagedPath)
      } else {
        const problem = fieldProblem(part, values)
        if (problem) errors[part.fieldname] = [problem]
        else values.set(part.fieldname, String(part.value).trim())
      }
    }
    if (!staged) errors.file ??= ['Choose a file to upload']
    else if (staged.size === 0) errors.file = ['The file is empty']
    // A form sends an empty field for a choice left blank: that is no choice.
    const given = Object.fromEntries([...values].filter(([, value]) => value !== ''))
    const checked = fields.safeParse(given)
    const all = { ...(checked.success ? {} : fieldErrors(checked.error.issues)), ...errors }
    if (Object.keys(all).length > 0 || !staged || !checked.success) throw badRequest(all)
    const sniffed = (await fileTypeFromFile(stagedPath))?.mime
    const contentType = FILE_TYPES.find((type) => type === sniffed)
    if (!contentType) throw unsupported()
    return {
      staged: {
        path: stagedPath,
        size: staged.size,
        contentType,
        name: nameOfType(staged.name, contentType),
      },
      fields: checked.data,
    }
  } catch (error) {
    await fsp.rm(stagedPath, { force: true })
    if (error instanceof HttpProblem || !fromRequest(error)) throw error
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
    if (code === 'FST_FILES_LIMIT') throw unreadable('file', 'Send one file at a time')
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw unreadable('body', 'Send one file with kind, step and caption only')
    throw unreadable()
  }
}

/** The problem with a field part, or null when its value can be kept. */
function fieldProblem(part: Extract<Multipart, { type: 'field' }>, seen: Map<string, string>) {
  if (part.fieldnameTruncated || part.valueTruncated) return 'Too long'
  if (typeof part.value !== 'string') return 'Send plain text'
  if (seen.has(part.fieldname)) return 'Send this field once'
  return null
}

/** Streams a file part to `target`; 413 when it passes 20 MB (busboy stops it there). */
async function stage(part: Extract<Multipart, { type: 'file' }>, target: string) {
  const out = fs.createWriteStream(target, { flags: 'wx', mode: 0o600 })
  await pipeline(part.file, out)
  if (part.file.truncated) throw tooLarge()
  return { size: out.bytesWritten, name: cleanFileName(part.filename) }
}
