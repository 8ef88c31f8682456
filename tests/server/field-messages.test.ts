import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { fieldMessage } from '../../server/lib/field-messages'

const Body = z.object({
  caption: z.string().check(z.maxLength(200)),
  code: z.string().check(z.minLength(6)),
  name: z.string().check(z.minLength(1)),
  amount: z.int().check(z.gte(1), z.lte(100)),
  fileIds: z.array(z.string()).check(z.maxLength(1)),
  done: z.boolean(),
  share: z.optional(z.number().check(z.gt(0), z.lt(100))),
  startsOn: z.optional(z.date().check(z.maximum(new Date('2030-12-31')))),
  months: z.optional(z.int().check(z.maximum(600, 'Enter at most 600 months'))),
})

const messagesOf = (input: unknown) => {
  const result = Body.safeParse(input, { error: fieldMessage })
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))
}

describe('the API’s field messages', () => {
  it('say what is too long, too short or out of range in the forms’ words', () => {
    expect(
      messagesOf({
        caption: 'x'.repeat(201),
        code: '123',
        name: '',
        amount: 0,
        fileIds: ['a', 'b'],
        done: true,
      }),
    ).toEqual({
      caption: 'Use at most 200 characters',
      code: 'Use at least 6 characters',
      name: 'Required',
      amount: 'Use 1 or more',
      fileIds: 'Use at most 1 item',
    })
  })

  it('speak of numbers and dates by their value, never in characters', () => {
    const valid = { caption: '', code: '123456', name: 'Ana', amount: 1, fileIds: [], done: true }
    expect(messagesOf({ ...valid, amount: 99999 })).toEqual({ amount: 'Use 100 or less' })
    expect(messagesOf({ ...valid, share: 100 })).toEqual({ share: 'Use less than 100' })
    expect(messagesOf({ ...valid, share: 0 })).toEqual({ share: 'Use more than 0' })
    expect(messagesOf({ ...valid, startsOn: new Date('2031-01-01') })).toEqual({
      startsOn: 'Use December 31, 2030 or earlier',
    })
  })

  it('keep a check’s own message', () => {
    const valid = { caption: '', code: '123456', name: 'Ana', amount: 1, fileIds: [], done: true }
    expect(messagesOf({ ...valid, months: 99999 })).toEqual({ months: 'Enter at most 600 months' })
  })

  it('call a missing field required, and name the type a wrong one should have', () => {
    expect(
      messagesOf({ caption: 42, code: null, amount: 'ten', fileIds: {}, done: 'yes' }),
    ).toEqual({
      caption: 'Expected text',
      code: 'Expected text',
      name: 'Required',
      amount: 'Expected a number',
      fileIds: 'Expected a list',
      done: 'Expected true or false',
    })
  })
})
