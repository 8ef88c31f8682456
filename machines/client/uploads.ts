import { fromCallback } from 'xstate'
import type { StoredFile } from '../../contract/documents'
import type { SendFileInput, Upload, UploadEvent, UploadRequest } from './client.types'

/** Sends a file, reporting bytes sent; rejects with the server's problem, or on abort. */
export type SendFile = (
  request: UploadRequest,
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
) => Promise<StoredFile>

/**
 * The `sendFile` actor over a promise-returning port: it reports progress, the stored file or
 * the refusal to the client actor, and aborts the request when stopped (a cancelled upload).
 */
export const sendFileLogic = (send: SendFile) =>
  fromCallback<UploadEvent, SendFileInput>(({ input: { id, request }, sendBack }) => {
    const controller = new AbortController()
    send(
      request,
      (loaded, total) => sendBack({ type: 'upload.progressed', id, loaded, total }),
      controller.signal,
    ).then(
      (file) => sendBack({ type: 'upload.finished', id, file }),
      (error: unknown) => {
        if (!controller.signal.aborted) sendBack({ type: 'upload.failed', id, error })
      },
    )
    return () => controller.abort()
  })

/**
 * The files held once an upload stored `file`: it joins them, newest first, once (a list fetched
 * while the upload was answered may hold it already).
 */
export const withStoredFile = (files: StoredFile[] | null, file: StoredFile | undefined) =>
  file && files ? [file, ...files.filter((held) => held.id !== file.id)] : files

/**
 * A files answer, with the files that uploads stored while it was fetched: its read may have come
 * before them. The uploads lose their mark, so a later answer is taken as it is.
 */
export function withStoredMeanwhile(
  files: StoredFile[] | null,
  uploads: Upload[],
): { files: StoredFile[] | null; uploads: Upload[] } {
  let held = files
  for (const upload of uploads) {
    if (upload.storedDuringFetch && !held?.some((file) => file.id === upload.file?.id))
      held = withStoredFile(held, upload.file)
  }
  return {
    files: held,
    uploads: uploads.map(({ storedDuringFetch: _marked, ...upload }) => upload),
  }
}
