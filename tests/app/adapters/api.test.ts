import { afterEach, describe, expect, it, vi } from 'vitest'
import { API_TIMEOUT_MS, ApiError } from '../../../src/adapters/api'
import { apiWith, BASE, failure } from './api-test-kit'
import { data, hang, networkDown, problem } from './fake-fetch'
import { session, stage } from './fixtures'

const loginAnswer = data({ tempToken: 'temp-1' })

describe('every call', () => {
  it('sends the Bearer token only while one exists, read at each request', async () => {
    const { api, requests, setToken } = apiWith([data({ onWaiting: true })])
    await api.call('editStatus', { body: { onWaiting: true } })
    setToken('token-1')
    await api.call('editStatus', { body: { onWaiting: true } })
    expect(requests.map((r) => r.headers.get('authorization'))).toEqual([null, 'Bearer token-1'])
  })

  it('sends cookies, asks for JSON and sends JSON bodies under /api', async () => {
    const { api, requests, bodies } = apiWith([data({ Flag: true })])
    await api.call('validate', { body: { city: 'Austin', state: 'TX' } })
    const [request] = requests
    expect(request?.url).toBe(`${BASE}/validate`)
    expect(request?.method).toBe('POST')
    expect(request?.credentials).toBe('include')
    expect(request?.headers.get('accept')).toBe('application/json')
    expect(request?.headers.get('content-type')).toBe('application/json')
    expect(bodies).toEqual([{ city: 'Austin', state: 'TX' }])
  })

  it('sends no body and no content type when the call has none', async () => {
    const { Token, role, userData, Flag } = session()
    const { api, requests, bodies } = apiWith([data({ Token, role, userData, Flag })])
    await expect(api.call('refresh')).resolves.toMatchObject({ Token, role, Flag })
    const [request] = requests
    expect(request?.url).toBe(`${BASE}/refresh`)
    expect(request?.headers.get('content-type')).toBeNull()
    expect(bodies).toEqual([null])
  })

  it('reads the stages from GET /api, in build order', async () => {
    const stages = [stage(2), stage(1), stage(3)]
    const { api, requests } = apiWith([data(stages)])
    expect((await api.stages()).map((s) => s.order)).toEqual([1, 2, 3])
    expect(requests[0]?.url).toBe(BASE)
  })

  it('resolves logout with its null Data', async () => {
    const { api } = apiWith([data(null)])
    await expect(api.call('logout')).resolves.toBeNull()
  })
})

describe('the Temp-Token header', () => {
  it.each([
    ['temp-1', 'temp-1'],
    ['cookie', null],
    [null, null],
  ])('with the temp token %s is %s on verify and onboarding', async (tempToken, header) => {
    const { api, requests } = apiWith([data(session())])
    await api.call('verify', { body: { code: '123456' }, tempToken: tempToken })
    const details = { name: 'Ana', phone: '555 0100', address: '1 Pool Lane' }
    await api.call('onboarding', {
      body: { code: '123456', ...details, city: 'Austin', state: 'TX' },
      tempToken: tempToken,
    })
    expect(requests.map((r) => r.headers.get('temp-token'))).toEqual([header, header])
  })
})

describe('the seed’s other spellings of the sign-in answers (seed §4)', () => {
  it('reads a login answer without a tempToken, which the session keeps as the cookie marker', async () => {
    const { api } = apiWith([data({}), data({ tempToken: null })])
    await expect(api.call('login', { body: { email: 'ana@example.com' } })).resolves.toEqual({})
    await expect(api.call('login', { body: { email: 'ana@example.com' } })).resolves.toEqual({
      tempToken: null,
    })
  })

  it.each(['verify', 'onboarding'] as const)(
    'reads PoolData as poolData and a missing Flag as false on %s',
    async (name) => {
      const poolData = {
        poolChoices: [],
        nonStages: [],
        BuilderRequested: true,
        PermitFee: 45_000,
        ManagerRequests: [],
      }
      const answer: Record<string, unknown> = { ...session(), PoolData: poolData }
      delete answer.poolData
      delete answer.Flag
      const { api } = apiWith([data(answer)])
      const body =
        name === 'verify'
          ? { code: '123456' }
          : {
              code: '123456',
              name: 'Ana',
              phone: '555 0100',
              address: '1 Pool Lane',
              city: 'Austin',
              state: 'TX',
            }
      await expect(api.call(name, { body, tempToken: null })).resolves.toMatchObject({
        poolData,
        Flag: false,
      })
    },
  )
})

describe('login retries', () => {
  it.each([
    ['a 503', problem(503, 'INTERNAL')],
    ['a 500', problem(500, 'INTERNAL')],
    ['a network failure', networkDown],
  ])('tries 3 times in all after %s, then gives up', async (_what, answer) => {
    const { api, requests } = apiWith([answer])
    expect(await failure(api.call('login', { body: { email: 'ana@example.com' } }))).toBeInstanceOf(
      ApiError,
    )
    expect(requests).toHaveLength(3)
  })

  it('succeeds when the third attempt is answered', async () => {
    const { api, requests } = apiWith([networkDown, problem(502, 'INTERNAL'), loginAnswer])
    await expect(api.call('login', { body: { email: 'ana@example.com' } })).resolves.toEqual({
      tempToken: 'temp-1',
    })
    expect(requests).toHaveLength(3)
  })

  it('waits between attempts by default', async () => {
    const { api, requests } = apiWith([networkDown, loginAnswer], { retryDelay: undefined })
    const started = Date.now()
    await api.call('login', { body: { email: 'ana@example.com' } })
    expect(requests).toHaveLength(2)
    expect(Date.now() - started).toBeGreaterThanOrEqual(250)
  })

  it.each([400, 401, 403, 409, 429])('does not retry a %i', async (status) => {
    const { api, requests } = apiWith([problem(status, 'NOPE'), loginAnswer])
    expect(await failure(api.call('login', { body: { email: 'ana@example.com' } }))).toMatchObject({
      status,
    })
    expect(requests).toHaveLength(1)
  })
})

describe('other calls are never retried', () => {
  it.each([
    ['GET /api on a 503', (a: ReturnType<typeof apiWith>['api']) => a.stages()],
    ['refresh on a 503', (a: ReturnType<typeof apiWith>['api']) => a.call('refresh')],
    [
      'verify on a 502',
      (a: ReturnType<typeof apiWith>['api']) =>
        a.call('verify', { body: { code: '1' }, tempToken: 't' }),
    ],
    [
      'edit-status on a 500',
      (a: ReturnType<typeof apiWith>['api']) => a.call('editStatus', { body: { onWaiting: true } }),
    ],
  ])('%s', async (_what, call) => {
    const { api, requests } = apiWith([problem(503, 'INTERNAL'), data(null)])
    expect(await failure(call(api))).toMatchObject({ status: 503 })
    expect(requests).toHaveLength(1)
  })

  it('after a network failure', async () => {
    const { api, requests } = apiWith([networkDown, data({ Flag: true })])
    expect(
      await failure(api.call('validate', { body: { city: 'Austin', state: 'TX' } })),
    ).toMatchObject({
      status: 0,
      code: 'NETWORK',
    })
    expect(requests).toHaveLength(1)
  })
})

describe('the timeout', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('turns a call that does not answer in time into a NETWORK error', async () => {
    const { api } = apiWith([hang], { timeout: 20 })
    const error = await failure(api.call('refresh'))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 0, code: 'NETWORK' })
    expect((error as ApiError).detail).toMatch(/took too long/)
  })

  it('is 45 seconds by default, and a login that timed out is not retried', async () => {
    expect(API_TIMEOUT_MS).toBe(45_000)
    vi.useFakeTimers()
    const { api, requests } = apiWith([hang])
    let settled = false
    const outcome = failure(api.call('login', { body: { email: 'ana@example.com' } })).finally(
      () => {
        settled = true
      },
    )
    await vi.advanceTimersByTimeAsync(44_999)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toMatchObject({ status: 0, code: 'NETWORK' })
    expect(requests).toHaveLength(1)
  })
})

describe('a cancelled call', () => {
  it('rejects with the abort itself, not an ApiError', async () => {
    const { api } = apiWith([hang])
    const controller = new AbortController()
    const call = failure(api.call('refresh', {}, controller.signal))
    controller.abort()
    const error = await call
    expect(error).not.toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ name: 'AbortError' })
  })
})
