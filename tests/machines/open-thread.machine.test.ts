import { describe, expect, it } from 'vitest'
import {
  earliestOf,
  openThread,
  withMessage,
  withPage,
  type OpenThread,
} from '../../machines/messages/open-thread'
import { message, messages } from '../support/messages'

/** What both message screens hold of the thread they show, whoever reads it. */

/** Messages 41–50 of the project thread held, with older ones said to be left. */
const held = (earlier = true): OpenThread => ({
  thread: 'project',
  messages: messages(41, 50),
  earlier,
})

describe('the thread opened', () => {
  it('keeps what is held of the same thread, and starts another one empty', () => {
    const open = held()
    expect(openThread(open, 'project')).toBe(open)
    expect(openThread(open, 'excavation')).toEqual({
      thread: 'excavation',
      messages: null,
      earlier: false,
    })
  })

  it('pages earlier from the oldest message held, and from nothing before a page came', () => {
    expect(earliestOf(held())).toEqual({ before: message(41).createdAt, beforeId: message(41).id })
    expect(earliestOf({ thread: 'project', messages: [], earlier: false })).toEqual({})
    expect(earliestOf({ thread: 'project', messages: null, earlier: false })).toEqual({})
    expect(earliestOf(null)).toEqual({})
  })
})

describe('a page answered', () => {
  it("is dropped when it is another thread's", () => {
    const open = held()
    expect(withPage(open, messages(1, 3, 'excavation'))).toBe(open)
    expect(withPage(open, [message(40), message(39, 'excavation')])).toBe(open)
  })

  it('orders messages of the same millisecond by id, as the server pages them', () => {
    // Two written in the same millisecond as the oldest held (41).
    const sameTime = (n: number) => ({ ...message(n), createdAt: message(41).createdAt })
    const open = withPage(held(), [sameTime(3), sameTime(2)])
    expect(open?.messages?.slice(0, 3).map((m) => m.id)).toEqual(
      [2, 3, 41].map((n) => message(n).id),
    )
    expect(earliestOf(open)).toEqual({ before: message(41).createdAt, beforeId: message(2).id })
  })

  it('joins the held messages once each, oldest first', () => {
    const page = [message(52), message(50), message(51)]
    expect(withPage(held(), page)?.messages).toEqual(messages(41, 52))
  })

  it('keeps whether earlier ones are left when it does not reach back to the oldest held', () => {
    expect(withPage(held(true), messages(51, 55))?.earlier).toBe(true)
    expect(withPage(held(false), messages(51, 55))?.earlier).toBe(false)
  })

  it('decides whether earlier ones are left when it reaches back to the oldest held', () => {
    expect(withPage(held(), [message(60), message(30)])?.earlier).toBe(false)
    expect(withPage(held(), messages(41, 45))?.earlier).toBe(false)
    expect(withPage(held(false), messages(1, 50).reverse())?.earlier).toBe(true)
  })
})

describe('a message written', () => {
  it('joins the open thread once, in time order', () => {
    const late = { ...message(45), text: 'Edited' }
    const joined = withMessage(held(), late)?.messages
    expect(joined).toHaveLength(10)
    expect(joined?.[4]).toEqual(late)
    const older = message(40)
    expect(withMessage(held(), older)?.messages).toEqual(messages(40, 50))
  })

  it('leaves another thread, or a thread whose first page has not come, as it is', () => {
    const open = held()
    expect(withMessage(open, message(60, 'excavation'))).toBe(open)
    const unread: OpenThread = { thread: 'project', messages: null, earlier: false }
    expect(withMessage(unread, message(60))).toBe(unread)
    expect(withMessage(null, message(60))).toBeNull()
  })
})
