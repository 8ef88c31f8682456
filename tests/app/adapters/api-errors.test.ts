import { describe, expect, it } from 'vitest'
import { isApiError, type ApiError } from '../../../src/adapters/api'
import { parseRetryAfter } from '../../../src/adapters/api/api-error'
import { apiWith, failure } from './api-test-kit'
import { data, networkDown, problem, raw } from './fake-fetch'

const asApiError = (error: unknown): ApiError => {
  if (!isApiError(error)) throw new Error(`not an ApiError: ${String(error)}`)
  return error
}

describe('a problem+json answer', () => {
  it('becomes an ApiError with the field errors, and the detail as its message', async () => {
    const errors = { city: ['Required'], state: ['Use the two-letter state code'] }
    const { api } = apiWith([problem(400, 'VALIDATION_FAILED', { errors })])
    const error = asApiError(
      await failure(api.call('validate', { body: { city: '', state: 'Texas' } })),
    )
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fieldErrors: errors })
    expect(error.message).toBe('VALIDATION_FAILED detail')
    expect(error.detail).toBe('VALIDATION_FAILED detail')
    expect(error.triesLeft).toBeUndefined()
    expect(error.retryAfter).toBeUndefined()
  })

  it('carries the tries left of a wrong code', async () => {
    const { api } = apiWith([problem(400, 'CODE_INVALID', { triesLeft: 3 })])
    const error = asApiError(
      await failure(api.call('verify', { body: { code: '000000' }, tempToken: 'temp-1' })),
    )
    expect(error).toMatchObject({ code: 'CODE_INVALID', triesLeft: 3, fieldErrors: {} })
  })

  it('carries Retry-After, in seconds, when rate limited', async () => {
    const { api } = apiWith([problem(429, 'RATE_LIMITED', {}, { 'retry-after': '120' })])
    const error = asApiError(
      await failure(api.call('login', { body: { email: 'ana@example.com' } })),
    )
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: 120 })
  })
})

describe('Retry-After', () => {
  const now = Date.parse('2025-01-01T00:00:00Z')
  it.each([
    ['30', 30],
    [' 0 ', 0],
    ['Wed, 01 Jan 2025 00:01:30 GMT', 90],
    ['Tue, 31 Dec 2024 23:00:00 GMT', 0],
    ['soon', undefined],
    ['', undefined],
    [null, undefined],
  ])('%j is %j seconds', (header, seconds) => {
    expect(parseRetryAfter(header, now)).toBe(seconds)
  })
})

describe('an answer that is not problem+json', () => {
  it('is an HTTP_ERROR with its status', async () => {
    const html = raw('<h1>Bad Gateway</h1>', 502, { 'content-type': 'text/html' })
    const { api } = apiWith([html])
    const error = asApiError(await failure(api.call('refresh')))
    expect(error).toMatchObject({ status: 502, code: 'HTTP_ERROR', fieldErrors: {} })
    expect(error.detail).toMatch(/try again/)
  })
})

describe('a success that does not fit the contract', () => {
  it.each([
    ['a Data of the wrong shape', data({ Flag: 'yes' })],
    ['no Data at all', raw('{"Flag":true}', 200, { 'content-type': 'application/json' })],
    ['a body that is not JSON', raw('<html></html>', 200, { 'content-type': 'text/html' })],
    ['an empty body', raw(null, 200)],
  ])('is BAD_RESPONSE for %s', async (_what, answer) => {
    const { api } = apiWith([answer])
    const error = asApiError(
      await failure(api.call('validate', { body: { city: 'Austin', state: 'TX' } })),
    )
    expect(error).toMatchObject({ status: 200, code: 'BAD_RESPONSE' })
    expect(error.detail).toMatch(/does not understand/)
  })
})

describe('no answer at all', () => {
  it('is a NETWORK error with status 0 and a sentence to act on', async () => {
    const { api } = apiWith([networkDown])
    const error = asApiError(await failure(api.call('refresh')))
    expect(error).toMatchObject({ status: 0, code: 'NETWORK' })
    expect(error.detail).toBe("Can't reach PoolPath. Check your connection and try again.")
    expect(error.cause).toBeInstanceOf(TypeError)
  })
})
