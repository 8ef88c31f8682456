import type { LogEntry, StoredFile, Warranty } from '../../contract/documents'
import { STEP_SLUGS, type StepSlug } from '../../contract'

/** Ids of the evidence fakes: a version-4-shaped UUID ending in `n`. */
export const fileId = (n: number) => `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`

/** Signed addresses as the server makes them, valid until `exp` (Unix seconds). */
const signed = (id: number, variant: string, exp: number) =>
  `/api/files/${fileId(id)}/${variant}?exp=${exp}&sig=s${id}`

/** A stored file: a photo (with thumb and view) unless `over` says otherwise. */
export function storedFile(n: number, over: Partial<StoredFile> = {}, exp = 4_102_444_800) {
  const pdf = over.contentType === 'application/pdf'
  const file: StoredFile = {
    id: fileId(n),
    kind: 'photo',
    name: pdf ? `document-${n}.pdf` : `photo-${n}.jpg`,
    contentType: 'image/jpeg',
    size: 1_200_000 + n,
    caption: '',
    createdAt: `2026-06-01T12:${String(n % 60).padStart(2, '0')}:00.000Z`,
    urls: pdf
      ? { original: signed(n, 'original', exp) }
      : {
          thumb: signed(n, 'thumb', exp),
          view: signed(n, 'view', exp),
          original: signed(n, 'original', exp),
        },
    ...over,
  }
  return file
}

export const logEntry = (n: number, step: StepSlug, over: Partial<LogEntry> = {}): LogEntry => ({
  id: fileId(500 + n),
  step,
  date: '2026-06-01',
  text: `Entry ${n}`,
  files: [],
  createdAt: '2026-06-01T12:00:00.000Z',
  ...over,
})

export const warranty = (step: StepSlug, over: Partial<Warranty> = {}): Warranty => ({
  // One warranty a step: its id follows from the step.
  id: fileId(900 + STEP_SLUGS.indexOf(step)),
  step,
  provider: 'Blue Water Pools',
  termMonths: 24,
  startsOn: '2026-06-01',
  expiresOn: '2028-06-01',
  fileId: null,
  ...over,
})
