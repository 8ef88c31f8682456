/**
 * A fake of the network edge for the API adapter: it records every request ky sends and
 * answers from a script. The last answer repeats, so "always 503" is one entry.
 */
export type Answer = (request: Request) => Response | Promise<Response>

export function fakeFetch(...script: Answer[]) {
  const requests: Request[] = []
  /**
   * Each request's JSON body (null when none; a form's as its text), read as sent: ky discards
   * bodies afterwards.
   */
  const bodies: unknown[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init)
    requests.push(request)
    const text = await request.clone().text()
    const isJson = request.headers.get('content-type')?.includes('json') ?? false
    bodies.push(text === '' ? null : isJson ? JSON.parse(text) : text)
    const answer = script.length > 1 ? script.shift() : script[0]
    if (!answer) throw new Error('fakeFetch: nothing scripted')
    return answer(request)
  }
  return { fetch, requests, bodies }
}

const json = (body: unknown, status: number, type: string, headers: Record<string, string>) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type, ...headers } })

export const data =
  (value: unknown, status = 200, headers: Record<string, string> = {}): Answer =>
  () =>
    json({ Data: value }, status, 'application/json; charset=utf-8', headers)

export const problem =
  (
    status: number,
    code: string,
    extra: { errors?: Record<string, string[]>; triesLeft?: number } = {},
    headers: Record<string, string> = {},
  ): Answer =>
  () =>
    json(
      { type: 'about:blank', title: 'Problem', status, detail: `${code} detail`, code, ...extra },
      status,
      'application/problem+json',
      headers,
    )

export const raw =
  (body: string | null, status: number, headers: Record<string, string> = {}): Answer =>
  () =>
    new Response(body, { status, headers })

/** What fetch does when no answer arrives: it rejects with a TypeError. */
export const networkDown: Answer = () => Promise.reject(new TypeError('fetch failed'))

/** Never answers; rejects only when ky aborts the request (a timeout). */
export const hang: Answer = (request) =>
  new Promise((_resolve, reject) => {
    if (request.signal.aborted) reject(request.signal.reason)
    request.signal.addEventListener('abort', () => reject(request.signal.reason))
  })
