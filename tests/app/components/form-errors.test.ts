import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { issuesByField } from '../../../src/components/form-errors'

const Body = z.object({
  caption: z.string().check(z.maxLength(200)),
  code: z.string().check(z.minLength(6)),
  name: z.string().check(z.minLength(1)),
  months: z.int().check(z.minimum(1), z.maximum(600)),
  share: z.number().check(z.gt(0), z.lt(100)),
  count: z.bigint().check(z.lte(10n)),
  fileIds: z.array(z.string()).check(z.minLength(1), z.maxLength(2)),
  startsOn: z.date().check(z.minimum(new Date('2026-01-01')), z.maximum(new Date('2030-12-31'))),
  term: z.int().check(z.maximum(600, 'Enter at most 600 months')),
})

const valid = {
  caption: 'Rebar cage',
  code: '123456',
  name: 'Ana',
  months: 24,
  share: 50,
  count: 1n,
  fileIds: ['a'],
  startsOn: new Date('2027-06-01'),
  term: 12,
}

const messagesOf = (input: Partial<typeof valid>, missing = {}) => {
  const result = Body.safeParse({ ...valid, ...input })
  return result.success ? {} : issuesByField(result.error, missing)
}

describe('the forms’ field messages', () => {
  it('speak of characters for text only', () => {
    expect(messagesOf({ caption: 'x'.repeat(201), code: '123' })).toEqual({
      caption: 'Use at most 200 characters',
      code: 'Use at least 6 characters',
    })
  })

  it('name what is missing when text is empty', () => {
    expect(messagesOf({ name: '' }, { name: 'Enter your name' })).toEqual({
      name: 'Enter your name',
    })
  })

  it('speak of the number itself for numbers', () => {
    expect(messagesOf({ months: 99999 })).toEqual({ months: 'Use 600 or less' })
    expect(messagesOf({ months: 0 })).toEqual({ months: 'Use 1 or more' })
    expect(messagesOf({ share: 100 })).toEqual({ share: 'Use less than 100' })
    expect(messagesOf({ share: 0 })).toEqual({ share: 'Use more than 0' })
    expect(messagesOf({ count: 11n })).toEqual({ count: 'Use 10 or less' })
  })

  it('speak of items for lists', () => {
    expect(messagesOf({ fileIds: [] })).toEqual({ fileIds: 'Use at least 1 item' })
    expect(messagesOf({ fileIds: ['a', 'b', 'c'] })).toEqual({ fileIds: 'Use at most 2 items' })
  })

  it('speak of days for dates', () => {
    expect(messagesOf({ startsOn: new Date('2031-01-01') })).toEqual({
      startsOn: 'Use December 31, 2030 or earlier',
    })
    expect(messagesOf({ startsOn: new Date('2025-01-01') })).toEqual({
      startsOn: 'Use January 1, 2026 or later',
    })
  })

  it('keep a check’s own message', () => {
    expect(messagesOf({ term: 99999 })).toEqual({ term: 'Enter at most 600 months' })
  })
})
