import fs from 'node:fs/promises'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { z } from 'zod/mini'
import { BidRequest } from '../../contract/bids'
import type { StepSlug } from '../../contract/construction'
import type { Trade } from '../../contract/trades'
import type { TestApp } from '../support/build'
import { call } from '../support/call'

type Headers = Record<string, string>
type Mail = { to: string; subject: string; text: string; html: string }

/** A steel trade of the client's, or of `steps` when told. */
export const steelTrade = (
  t: TestApp,
  headers: Headers,
  company: string,
  steps: StepSlug[] = ['steel'],
): Promise<Trade> =>
  call(
    t,
    'createTrade',
    {
      body: {
        company,
        contact: `${company} contact`,
        email: `${company.toLowerCase().replace(/\W+/g, '.')}@trade.example`,
        steps,
      },
    },
    headers,
  )

/** The requests a create answered, checked against the contract. */
export function requestsOf(res: LightMyRequestResponse, status = 201): BidRequest[] {
  expect(res.statusCode, res.body).toBe(status)
  return z.array(BidRequest).parse((res.json() as { Data: unknown }).Data)
}

/** Every email the servers' development mailers wrote to `to`, oldest first. */
export async function mailsTo(to: string, ...servers: TestApp[]): Promise<Mail[]> {
  const found: { name: string; mail: Mail }[] = []
  for (const t of servers) {
    await t.app.mailer.flush()
    for (const name of await fs.readdir(t.outbox)) {
      if (!name.endsWith('.json')) continue
      const mail = JSON.parse(await fs.readFile(path.join(t.outbox, name), 'utf8')) as Mail
      if (mail.to === to) found.push({ name, mail })
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name)).map((f) => f.mail)
}

/** The token of the bid link in an email. */
export function tokenIn(mail: Mail): string {
  const match = /https:\/\/pool\.example\.com\/t\/([A-Za-z0-9_-]+)/.exec(mail.text)
  if (!match?.[1]) throw new Error(`no bid link in: ${mail.text}`)
  return match[1]
}
