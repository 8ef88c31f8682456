import { fromCallback } from 'xstate'
import type { StoredFile } from '../../contract/documents'
import type { SendFileInput, UploadEvent, UploadRequest } from './client.types'

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
