import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { Message, ThreadSummary } from '../../contract/messages'
import { managerRequests, managers, users } from '../../server/db/schema'
import { signAccessToken } from '../../server/plugins/core/access'
import type { TestApp } from '../support/build'
import { bearer } from '../support/http'

/**
 * A manager who has signed in (a managers row and its MANAGER user), assigned to `clientId`'s
 * project by an accepted request unless told otherwise: its bearer headers and ids.
 */
export async function signedInManager(
  t: TestApp,
  options: { email: string; name: string; assignedTo?: string },
) {
  const { email, name, assignedTo } = options
  const [manager] = await t.app.db
    .insert(managers)
    .values({
      name,
      company: 'Build Right',
      email,
      phone: '+1 512 555 0102',
      bio: 'Pools.',
      yearsExperience: 9,
      fee: 900_000,
    })
    .returning()
  const [user] = await t.app.db.insert(users).values({ email, name, role: 'MANAGER' }).returning()
  if (!manager || !user) throw new Error('no manager')
  if (assignedTo) {
    await t.app.db.insert(managerRequests).values({
      clientId: assignedTo,
      managerId: manager.id,
      managerName: name,
      status: 'accepted',
    })
  }
  const token = signAccessToken(t.app, { id: user.id, role: 'MANAGER' })
  return { headers: bearer(token), id: user.id, managerId: manager.id, email }
}

/** The thread summaries an answer carries, checked against the contract. */
export function summariesOf(res: LightMyRequestResponse): ThreadSummary[] {
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { Data: unknown[] }).Data.map((s) => ThreadSummary.parse(s))
}

/** The messages an answer carries, checked against the contract. */
export function messagesOf(res: LightMyRequestResponse): Message[] {
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { Data: unknown[] }).Data.map((m) => Message.parse(m))
}

/** The message a post answered (201). */
export function postedOf(res: LightMyRequestResponse): Message {
  expect(res.statusCode, res.body).toBe(201)
  return Message.parse((res.json() as { Data: unknown }).Data)
}

/** The unread count of one thread in a list of summaries. */
export const unreadOf = (summaries: ThreadSummary[], thread: string) =>
  summaries.find((s) => s.thread === thread)?.unread
