import type { StepSlug } from '../../../../contract'
import { DocumentsProblemCode, type StoredFile } from '../../../../contract/documents'
import { STEPS } from '../../../../contract/steps'
import type { Upload } from '../../../../machines/client/client.machine'

/** A step's title as its page heads it. */
export const stepTitle = (step: StepSlug) => STEPS.find((s) => s.route === step)?.title ?? step

/** What a person reads about a refused upload, next to the control that sent it. */
export function uploadProblem({ name, error }: Upload): string {
  const { code, detail }: { code?: unknown; detail?: unknown } = Object(error)
  switch (code) {
    case DocumentsProblemCode.fileTooLarge:
      return `${name} is over 20 MB. Choose a smaller file or a smaller export of it.`
    case DocumentsProblemCode.unsupportedFile:
      return `${name} is not a photo or a PDF. Upload a JPEG, PNG, WebP or PDF file.`
    case DocumentsProblemCode.quotaExceeded:
      return `${name} would take your files past 1 GB. Delete files you no longer need, then try again.`
    default:
      return typeof detail === 'string' && detail
        ? `${name} was not uploaded: ${detail}`
        : `${name} was not uploaded. Please try again.`
  }
}

/**
 * Whether sending the same file again could work: not when the file itself is refused (too
 * large, not a photo or PDF); yes after a network failure, a server error or a full quota
 * that deleting files can free.
 */
export function canRetry({ error }: Upload): boolean {
  const { code }: { code?: unknown } = Object(error)
  return code !== DocumentsProblemCode.fileTooLarge && code !== DocumentsProblemCode.unsupportedFile
}

/** A file's own words: its caption, else the name it was uploaded under. */
export const fileTitle = (file: StoredFile) => file.caption || file.name

/**
 * Each file's title where several are listed together, none the same: a caption shared by
 * several files is followed by the name each was uploaded under, and a title still shared is
 * numbered ("Ties done (photo.jpg), 2 of 2"). A screen reader then tells the files apart.
 */
export function distinctTitles(files: readonly StoredFile[]): Map<string, string> {
  const countOf = (titles: readonly string[]) => {
    const counts = new Map<string, number>()
    for (const title of titles) counts.set(title, (counts.get(title) ?? 0) + 1)
    return counts
  }
  const captions = countOf(files.map(fileTitle))
  const named = files.map((file) =>
    (captions.get(fileTitle(file)) ?? 0) > 1 && file.caption
      ? `${file.caption} (${file.name})`
      : fileTitle(file),
  )
  const counts = countOf(named)
  const seen = new Map<string, number>()
  return new Map(
    files.map((file, index) => {
      const title = named[index] ?? fileTitle(file)
      const count = counts.get(title) ?? 1
      if (count === 1) return [file.id, title]
      const nth = (seen.get(title) ?? 0) + 1
      seen.set(title, nth)
      return [file.id, `${title}, ${nth} of ${count}`]
    }),
  )
}

export const isImage = (file: StoredFile) => file.contentType !== 'application/pdf'

const uploadedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })

/** "Jun 1, 2026", the day a file was uploaded. */
export const formatUploaded = (file: StoredFile) => uploadedOn.format(new Date(file.createdAt))

/** A warranty's term: "24 months", "1 month". */
export const termWords = (months: number) => `${months} ${months === 1 ? 'month' : 'months'}`
