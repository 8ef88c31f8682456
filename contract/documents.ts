/**
 * The evidence of the build on the wire (PRODUCT.md §11): files (photos and documents), the
 * daily log and the warranties. Files are uploaded as multipart and read through signed URLs
 * that expire, so an `<img>` needs no Authorization header.
 */
import { z } from 'zod/mini'
import { StepSlug } from './construction'
import { Required, Text, Timestamp } from './domain'
import { WaiverKind } from './notices'
import { DateInput, IsoDate } from './timeline'

export const FILE_KINDS = [
  'photo',
  'plan',
  'permit',
  'contract',
  'lien-waiver',
  'inspection',
  'warranty',
  'invoice',
  'manual',
  'other',
] as const
export const FileKind = z.enum(FILE_KINDS, 'Choose a kind')
export type FileKind = z.infer<typeof FileKind>

/** What a person reads for each kind (the "Kind" select, the filters, the badges). */
export const FILE_KIND_LABELS: Record<FileKind, string> = {
  photo: 'Photo',
  plan: 'Plan',
  permit: 'Permit',
  contract: 'Contract',
  'lien-waiver': 'Lien waiver',
  inspection: 'Inspection',
  warranty: 'Warranty',
  invoice: 'Invoice',
  manual: 'Manual',
  other: 'Other',
}

/** The types accepted, as sniffed from the bytes (never the name or the header). */
export const FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const
export const FileContentType = z.enum(FILE_TYPES)
export type FileContentType = z.infer<typeof FileContentType>

/** At most 20 MB a file and 1 GB a client. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024
export const MAX_CLIENT_BYTES = 1024 * 1024 * 1024

/** Longest sides of the image variants; PDFs have the original only. */
export const VARIANT_WIDTHS = { thumb: 320, view: 1600 } as const
export const FILE_VARIANTS = ['thumb', 'view', 'original'] as const
export const FileVariant = z.enum(FILE_VARIANTS, 'Unknown variant')
export type FileVariant = z.infer<typeof FileVariant>

/** How long a signed file address works. */
export const SIGNED_URL_SECONDS = 15 * 60

export const MAX_CAPTION = 200

export const StoredFile = z.object({
  id: z.uuid(),
  kind: FileKind,
  /** The name it was uploaded under: shown, never used to store or serve it. */
  name: z.string(),
  contentType: FileContentType,
  /** Bytes of the original as stored (an image's after its metadata was stripped). */
  size: z.int(),
  width: z.optional(z.int()),
  height: z.optional(z.int()),
  step: z.optional(StepSlug),
  caption: z.string(),
  createdAt: Timestamp,
  /** Signed, expiring addresses of the variants; images have thumb and view too. */
  urls: z.object({
    thumb: z.optional(z.string()),
    view: z.optional(z.string()),
    original: z.string(),
  }),
})
export type StoredFile = z.infer<typeof StoredFile>

/** The fields sent beside the file in the multipart body of POST /api/files. */
export const UploadFields = z.strictObject({
  kind: FileKind,
  step: z.optional(StepSlug),
  caption: z.optional(Text(MAX_CAPTION)),
})
export type UploadFields = z.infer<typeof UploadFields>

export const FilesQuery = z.strictObject({
  step: z.optional(StepSlug),
  kind: z.optional(FileKind),
})

export const FileVariantParams = z.strictObject({ id: z.uuid('Unknown id'), variant: FileVariant })

/** A signed address's expiry (Unix seconds) and HMAC. */
export const SignedQuery = z.strictObject({
  exp: z.string().check(z.maxLength(20)),
  sig: z.string().check(z.maxLength(200)),
})

export const MAX_LOG_TEXT = 5000
export const MAX_LOG_FILES = 20

export const LogEntry = z.object({
  id: z.uuid(),
  step: StepSlug,
  date: IsoDate,
  text: z.string(),
  /** The photos and documents attached, with fresh signed addresses. */
  files: z.array(StoredFile),
  createdAt: Timestamp,
})
export type LogEntry = z.infer<typeof LogEntry>

export const LogBody = z.strictObject({
  step: StepSlug,
  date: DateInput,
  text: Required(MAX_LOG_TEXT),
  fileIds: z.optional(
    z.array(z.uuid('Unknown file')).check(z.maxLength(MAX_LOG_FILES, 'Attach at most 20 files')),
  ),
})

export const LogsQuery = z.strictObject({ step: z.optional(StepSlug) })

export const Warranty = z.object({
  id: z.uuid(),
  step: StepSlug,
  provider: z.string(),
  termMonths: z.int(),
  /** The day cover starts: by default the step's done date. */
  startsOn: z.nullable(IsoDate),
  /** startsOn + termMonths; null while the step is not done and no start was given. */
  expiresOn: z.nullable(IsoDate),
  fileId: z.nullable(z.uuid()),
})
export type Warranty = z.infer<typeof Warranty>

export const WarrantyBody = z.strictObject({
  step: StepSlug,
  provider: Required(100),
  termMonths: z
    .int('Enter a whole number of months')
    .check(z.minimum(1, 'Enter at least 1 month'), z.maximum(600, 'Enter at most 600 months')),
  startsOn: z.optional(DateInput),
  fileId: z.optional(z.nullable(z.uuid('Unknown file'))),
})

/** A draw's waiver from its trade: unconditional unless `kind` says (PRODUCT.md §15). */
export const LienWaiverBody = z.strictObject({
  fileId: z.nullable(z.uuid('Unknown file')),
  kind: z.optional(WaiverKind),
})

/** A waiver of a preliminary notice's claimant for a draw of its trade. */
export const NoticeWaiverBody = z.strictObject({
  fileId: z.nullable(z.uuid('Unknown file')),
  kind: WaiverKind,
})

export const DeletedData = z.object({ id: z.uuid() })

/** A file's bytes, sent as they are stored with their sniffed Content-Type (not JSON). */
export const FileBytes = z.unknown()

/** The codes of the documents calls' refusals, beside the general ones of problem.ts. */
export const DocumentsProblemCode = {
  /** Bytes that are not JPEG, PNG, WebP or PDF, whatever the name says (415). */
  unsupportedFile: 'UNSUPPORTED_FILE',
  /** A file over 20 MB (413); nothing is stored. */
  fileTooLarge: 'FILE_TOO_LARGE',
  /** The client's files would pass 1 GB (409). */
  quotaExceeded: 'QUOTA_EXCEEDED',
  /** A lien waiver that is not a document of kind lien-waiver (409). */
  notALienWaiver: 'NOT_A_LIEN_WAIVER',
  /**
   * A warranty on a step not done, without `startsOn` (409): its cover would have no start, so
   * it could never expire nor be reminded of.
   */
  stepNotDone: 'STEP_NOT_DONE',
} as const
