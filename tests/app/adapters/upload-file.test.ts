import { describe, expect, it } from 'vitest'
import { uploadFile } from '../../../src/adapters/api/upload-file'
import { storedFile } from '../../support/documents'
import { BASE } from './api-test-kit'

/** A fake XMLHttpRequest: it records what is sent and answers when the test says so. */
function fakeXhr() {
  const made: FakeXhr[] = []
  class FakeXhr {
    method = ''
    url = ''
    withCredentials = false
    headers: Record<string, string> = {}
    body: FormData | null = null
    status = 0
    responseText = ''
    responseHeaders = ''
    aborted = false
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    onabort: (() => void) | null = null
    constructor() {
      made.push(this)
    }
    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value
    }
    getAllResponseHeaders() {
      return this.responseHeaders
    }
    send(body: FormData) {
      this.body = body
    }
    abort() {
      this.aborted = true
      this.onabort?.()
    }
    /** The server's answer. */
    answer(status: number, body: unknown, type = 'application/json') {
      this.status = status
      this.responseText = JSON.stringify(body)
      this.responseHeaders = `content-type: ${type}\r\n`
      this.onload?.()
    }
    progress(loaded: number, total: number) {
      this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent)
    }
  }
  return { XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest, made }
}

const photo = (type = 'image/jpeg') => new File([new Uint8Array(16)], 'steel.jpg', { type })

function upload(file = photo(), signal = new AbortController().signal) {
  const network = fakeXhr()
  const progress: [number, number][] = []
  const result = uploadFile(
    { getToken: () => 'token-1', baseUrl: BASE, XMLHttpRequest: network.XMLHttpRequest },
    { file, kind: 'photo', step: 'steel', caption: 'Rebar at 12 in' },
    (loaded, total) => progress.push([loaded, total]),
    signal,
  )
  return { result, progress, xhr: () => network.made[0], made: network.made }
}

describe('uploading a file', () => {
  it('posts the fields and the file as multipart, with the access token and cookies', async () => {
    const { xhr, result } = upload()
    expect(xhr()).toMatchObject({ method: 'POST', url: `${BASE}/files`, withCredentials: true })
    expect(xhr()?.headers).toEqual({ accept: 'application/json', authorization: 'Bearer token-1' })
    const body = xhr()?.body
    expect([...(body?.keys() ?? [])]).toEqual(['kind', 'step', 'caption', 'file'])
    expect(body?.get('caption')).toBe('Rebar at 12 in')
    expect((body?.get('file') as File).name).toBe('steel.jpg')
    xhr()?.answer(201, { Data: storedFile(1) })
    expect(await result).toEqual(storedFile(1))
  })

  it('reports the bytes sent of the total as the browser does', () => {
    const { xhr, progress } = upload()
    xhr()?.progress(100, 400)
    xhr()?.progress(400, 400)
    expect(progress).toEqual([
      [100, 400],
      [400, 400],
    ])
  })

  it('rejects with the server’s refusal, its code kept', async () => {
    const { xhr, result } = upload()
    const detail = 'Your files would pass 1 GB.'
    xhr()?.answer(
      409,
      { type: 'about:blank', title: 'Conflict', status: 409, code: 'QUOTA_EXCEEDED', detail },
      'application/problem+json',
    )
    await expect(result).rejects.toMatchObject({ status: 409, code: 'QUOTA_EXCEEDED', detail })
  })

  it('refuses a file over 20 MB or of another type before sending a byte', async () => {
    const big = new File([new Uint8Array(20 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' })
    const tooBig = upload(big)
    await expect(tooBig.result).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
      detail: 'huge.jpg is over 20 MB.',
    })
    const gif = upload(photo('image/gif'))
    await expect(gif.result).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE' })
    expect([...tooBig.made, ...gif.made]).toEqual([])
  })

  it('aborts the request when its signal does', async () => {
    const controller = new AbortController()
    const { xhr, result } = upload(photo(), controller.signal)
    controller.abort()
    expect(xhr()?.aborted).toBe(true)
    await expect(result).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('says the network failed when no answer came', async () => {
    const { xhr, result } = upload()
    xhr()?.onerror?.()
    await expect(result).rejects.toMatchObject({ status: 0, code: 'NETWORK' })
  })
})
