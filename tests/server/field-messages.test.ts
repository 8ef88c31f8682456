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
      amount: 'At least 1',
      fileIds: 'At most 1 item',
    })
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
