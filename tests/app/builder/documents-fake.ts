import { vi } from 'vitest'
import type { LogEntry, StoredFile, Warranty } from '../../../contract/documents'
import type {
  ClientCall,
  ClientCallResult,
  UploadRequest,
} from '../../../machines/client/client.machine'
import type { SendFile } from '../../../machines/client/uploads'
import { fileId, storedFile } from '../../support/documents'
import { apiProblem } from '../auth/harness'

/** One upload the fake network holds until the test moves it on. */
export type HeldUpload = {
  request: UploadRequest
  signal: AbortSignal
  progress: (loaded: number, total: number) => void
  /** The server stored it: answers the file and keeps it. */
  finish: (over?: Partial<StoredFile>) => StoredFile
  fail: (status: number, code: string, detail: string) => void
}

/** Adds months to an ISO date the simple way the fake needs (the day of month kept). */
function addMonths(iso: string, months: number): string {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number)
  const total = year * 12 + (month - 1) + months
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${Math.floor(total / 12)}-${pad((total % 12) + 1)}-${pad(day)}`
}

/**
 * A fake of the evidence calls behind the network edge (PRODUCT.md §11): the files, the daily
 * log and the warranties kept as the server keeps them, and uploads held until the test
 * answers them (`uploads`), so progress and cancel can be seen.
 */
export function createFakeDocumentsApi(
  initial: { files?: StoredFile[]; logs?: LogEntry[]; warranties?: Warranty[] } = {},
) {
  let files = [...(initial.files ?? [])]
  let logs = [...(initial.logs ?? [])]
  let warranties = [...(initial.warranties ?? [])]
  let ids = 700
  const uploads: HeldUpload[] = []

  const send: SendFile = (request, progress, signal) =>
    new Promise((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason))
      uploads.push({
        request,
        signal,
        progress,
        finish: (over = {}) => {
          const pdf = request.file.type === 'application/pdf'
          const file = storedFile(++ids, {
            kind: request.kind,
            name: request.file.name,
            step: request.step,
            caption: request.caption ?? '',
            ...(pdf ? { contentType: 'application/pdf', urls: { original: `/o/${ids}` } } : {}),
            ...over,
          })
          files = [file, ...files]
          resolve(file)
          return file
        },
        fail: (status, code, detail) => reject(apiProblem(status, code, detail)),
      })
    })

  const handle = async (call: ClientCall): Promise<ClientCallResult> => {
    switch (call.name) {
      case 'files':
        return { name: 'files', data: files }
      case 'deleteFile':
        files = files.filter((file) => file.id !== call.id)
        return { name: 'deleteFile', data: { id: call.id } }
      case 'logs':
        return { name: 'logs', data: logs }
      case 'addLogEntry': {
        const attached = files.filter((file) => call.body.fileIds?.includes(file.id))
        const entry: LogEntry = {
          id: fileId(++ids),
          step: call.body.step,
          date: call.body.date,
          text: call.body.text,
          files: attached,
          createdAt: `2026-06-01T13:${String(ids % 60).padStart(2, '0')}:00.000Z`,
        }
        logs = [entry, ...logs]
        return { name: 'addLogEntry', data: entry }
      }
      case 'deleteLogEntry': {
        const gone = logs.find((entry) => entry.id === call.id)
        if (!gone) throw apiProblem(404, 'NOT_FOUND', 'No such entry.')
        logs = logs.filter((entry) => entry !== gone)
        files = files.filter((file) => !gone.files.some((f) => f.id === file.id))
        return { name: 'deleteLogEntry', data: { id: call.id } }
      }
      case 'warranties':
        return { name: 'warranties', data: warranties }
      case 'setWarranty': {
        const { step, provider, termMonths, startsOn, fileId: document } = call.body
        const starts = startsOn ?? '2026-06-01'
        const warranty: Warranty = {
          id: fileId(++ids),
          step,
          provider,
          termMonths,
          startsOn: starts,
          expiresOn: addMonths(starts, termMonths),
          fileId: document ?? null,
        }
        warranties = [...warranties.filter((w) => w.step !== step), warranty]
        return { name: 'setWarranty', data: warranty }
      }
      default:
        throw new Error(`The fake documents API has no ${call.name}`)
    }
  }
  return { handle: vi.fn(handle), send, uploads, files: () => files }
}
