import type { Readable } from 'node:stream'
import { FILE_VARIANTS, type FileVariant } from '../../../contract/documents'

/** Bytes to store: in memory (an image's variant) or in a staged file (a PDF as uploaded). */
export type Bytes = Buffer | { path: string; size: number }

/**
 * One of our stored objects as a listing sees it: a whole variant of `fileId`, or the
 * `leftover` of a write that never finished. What a store holds besides is never listed.
 */
export type StoredObject = {
  name: string
  fileId: string
  variant: FileVariant
  leftover: boolean
  modifiedAt: Date
}

/**
 * Where the bytes of files live (PRODUCT.md §11): a folder on disk, or an S3-compatible bucket.
 * Objects are named by file id and variant only. A put is whole or absent, never half written.
 */
export type FileStore = {
  readonly kind: 'disk' | 's3'
  put(fileId: string, variant: FileVariant, bytes: Bytes): Promise<void>
  /** The bytes of a variant, or null when there are none. */
  get(fileId: string, variant: FileVariant): Promise<{ body: Readable; size: number } | null>
  /** Removes every variant of these files; removing what is absent is no error. */
  remove(fileIds: readonly string[]): Promise<void>
  /** Every variant and leftover stored, for the start-up sweep. */
  list(): AsyncIterable<StoredObject>
  /** Removes objects by the names `list` gave. */
  removeObjects(names: readonly string[]): Promise<void>
  close(): void
}

/** `<file id>.<variant>`: the one way a variant is named in any store. */
export const objectName = (fileId: string, variant: FileVariant) => `${fileId}.${variant}`

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const OURS = new RegExp(`^(${UUID})\\.(thumb|view|original)(\\.[0-9a-f]+\\.partial)?$`)

/** What a stored name is: one of our variants, the leftover of an unfinished write, or not ours. */
export function nameOf(
  name: string,
): { fileId: string; variant: FileVariant; leftover: boolean } | null {
  const [, fileId, variant, partial] = OURS.exec(name) ?? []
  const known = FILE_VARIANTS.find((v) => v === variant)
  return fileId && known ? { fileId, variant: known, leftover: partial !== undefined } : null
}
