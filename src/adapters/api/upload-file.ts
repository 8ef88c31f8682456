import {
  DocumentsProblemCode,
  FILE_TYPES,
  MAX_FILE_BYTES,
  type StoredFile,
} from '../../../contract/documents'
import { documentsRoutes } from '../../../contract/routes/documents'
import type { UploadRequest } from '../../../machines/client/client.types'
import { ApiError, fromResponse, NETWORK_DETAIL } from './api-error'
import { readData } from './http'

export type UploadOptions = {
  /** The access token, read when the upload starts, as every call reads it. */
  getToken: () => string | null
  /** Where the API lives (as for the JSON calls). */
  baseUrl?: string | undefined
  /** The network edge; tests pass a fake. */
  XMLHttpRequest?: typeof XMLHttpRequest | undefined
}

/**
 * Why a file is refused before a byte is sent (PRODUCT.md §11): over 20 MB, or not a JPEG, PNG,
 * WebP or PDF by the type the browser gives it. The server still sniffs the bytes; the refusal
 * has the code its answer would have (413, 415), so the screens say the same either way.
 */
export function refusalOf(file: File): ApiError | null {
  if (file.size > MAX_FILE_BYTES) {
    const detail = `${file.name} is over 20 MB.`
    return new ApiError({ status: 413, code: DocumentsProblemCode.fileTooLarge, detail })
  }
  if ((FILE_TYPES as readonly string[]).includes(file.type)) return null
  const detail = `${file.name} is not a JPEG, PNG, WebP or PDF file.`
  return new ApiError({ status: 415, code: DocumentsProblemCode.unsupportedFile, detail })
}

/** The multipart body: the fields first, so the server knows what the file is before its bytes. */
function formOf({ file, kind, step, caption }: UploadRequest): FormData {
  const form = new FormData()
  form.append('kind', kind)
  if (step) form.append('step', step)
  if (caption) form.append('caption', caption)
  form.append('file', file, file.name)
  return form
}

/** The answer as a fetch Response, so it is read (Data or problem) as every other answer is. */
function responseOf(xhr: XMLHttpRequest): Response {
  const headers = new Headers()
  for (const line of xhr.getAllResponseHeaders().trim().split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim())
  }
  return new Response(xhr.responseText, { status: xhr.status, headers })
}

/**
 * POST /api/files (PRODUCT.md §11) with XMLHttpRequest, the one browser API that reports an
 * upload's progress over HTTP/1.1. It carries what ky's calls do: the cookies, the access token
 * and the JSON Accept header (the browser adds Origin and Sec-Fetch-Site, which the CSRF check
 * reads). No overall timeout: 20 MB from a phone on a slow line takes minutes, and the person
 * sees the progress and may cancel. Resolves with the stored file; rejects with an ApiError, or
 * with the signal's reason when aborted.
 */
export function uploadFile(
  { getToken, baseUrl = '/api', XMLHttpRequest: Xhr = XMLHttpRequest }: UploadOptions,
  request: UploadRequest,
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
): Promise<StoredFile> {
  const { path, data } = documentsRoutes.uploadFile
  const refusal = refusalOf(request.file)
  if (refusal) return Promise.reject(refusal)
  return new Promise((resolve, reject) => {
    const xhr = new Xhr()
    xhr.open('POST', baseUrl + path.replace(/^\/api/, ''))
    xhr.withCredentials = true
    xhr.setRequestHeader('accept', 'application/json')
    const token = getToken()
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : request.file.size)
    xhr.onload = () => {
      const response = responseOf(xhr)
      if (response.ok) readData(response, data).then(resolve, reject)
      else void fromResponse(response, undefined).then(reject)
    }
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'NETWORK', detail: NETWORK_DETAIL }))
    xhr.onabort = () => reject(signal.reason)
    if (signal.aborted) return reject(signal.reason)
    signal.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(formOf(request))
  })
}
