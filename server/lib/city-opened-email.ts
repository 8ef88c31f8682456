import type { City } from '../../contract'
import { escapeHtml } from './html'

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
