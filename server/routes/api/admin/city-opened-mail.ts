import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { City } from '../../../../contract'
import type { Tx } from '../../../db/client'
import { clients, users } from '../../../db/schema'

/** A client whose Flag a city write changes. */
export type CityClient = { id: string; email: string; name: string; onWaiting: boolean }

/** The clients of one city key (the same key Flag joins on), read inside the write. */
export const clientsIn = (tx: Tx, key: string): Promise<CityClient[]> =>
  tx
    .select({ id: users.id, email: users.email, name: users.name, onWaiting: clients.onWaiting })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.cityKey, key))

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
// Names are typed by people (the client's, the admin's city): never markup in the email.
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c)

/** The good news for a waiting-list client: their city just opened. */
export function cityOpenedEmail(
  clientName: string,
  city: Pick<City, 'name' | 'state'>,
  url?: string,
) {
  const where = `${city.name}, ${city.state}`
  const subject = `We now build in ${where}`
  const next = url
    ? `Sign in at ${url} to design your pool and reach the builder.`
    : 'Sign in to PoolPath to design your pool and reach the builder.'
  const text = [
    `Hello ${clientName},`,
    '',
    `Good news: we now build in ${where}, and you were on our waiting list.`,
    next,
  ].join('\n')
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>Hello ${escapeHtml(clientName)},</p>
<p style="font-size:20px;font-weight:700">We now build in ${escapeHtml(where)}</p>
<p>You were on our waiting list. ${escapeHtml(next)}</p>
</body></html>`
  return { subject, text, html }
}

/** The clients whose Flag a city write turned on (opened) or off (closed). */
export type CityChange = {
  city: Pick<City, 'name' | 'state'>
  opened: CityClient[]
  closed: CityClient[]
}

/**
 * After a city write has committed (never for one rolled back): the cached identities of its
 * clients carry a stale Flag, and the waiting ones of a city that opened hear the news.
 */
export function afterCityWrite(app: FastifyInstance, change: CityChange): void {
  for (const client of [...change.opened, ...change.closed]) app.users.forget(client.id)
  for (const client of change.opened.filter((c) => c.onWaiting))
    app.mailer.send({
      to: client.email,
      ...cityOpenedEmail(client.name, change.city, app.settings.PUBLIC_URL),
    })
}
