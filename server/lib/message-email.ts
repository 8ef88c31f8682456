import type { Message } from '../../contract/messages'
import { escapeHtml } from './html'
import { unsubscribeHeaders } from './notice-email'

/** Who a message email goes to, and where its link leads (a trade's link is not ours to give). */
export type MessageRecipient = {
  id: string
  email: string
  name: string
  /** The thread's page in the app, or null for a trade (its bid link's token is kept hashed). */
  url: string | null
}

/** How much of the message the email quotes. */
const EXCERPT = 300

const excerptOf = (text: string) =>
  text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}…` : text

/**
 * The email of a new message on a thread (PRODUCT.md §18): who wrote, what (the start of it),
 * the thread's link, and the one-click unsubscribe of RFC 8058.
 */
export function messageEmail(
  message: Message,
  place: { title: string; owner: string },
  to: MessageRecipient,
  unsubscribe: string,
) {
  const subject = `New message from ${message.author.name}: ${place.title}`
  const about = `${message.author.name} wrote on the “${place.title}” thread of ${place.owner}’s pool project:`
  const quoted = excerptOf(message.text)
  const open = to.url
    ? `Read and answer it: ${to.url}`
    : 'Open your bid request link (from our earlier email) to read and answer it.'
  const text = [
    `Hello ${to.name},`,
    '',
    about,
    '',
    quoted,
    '',
    open,
    '',
    'You get at most one email an hour per thread.',
    `Stop these emails: ${unsubscribe}`,
  ].join('\n')
  const link = to.url
    ? `<p><a href="${escapeHtml(to.url)}">Read and answer it</a></p>`
    : `<p>${escapeHtml(open)}</p>`
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>Hello ${escapeHtml(to.name)},</p>
<p>${escapeHtml(about)}</p>
<blockquote style="white-space:pre-wrap">${escapeHtml(quoted)}</blockquote>
${link}
<p style="font-size:13px;color:#475569">You get at most one email an hour per thread. <a href="${escapeHtml(unsubscribe)}">Stop these emails</a></p>
</body></html>`
  return { to: to.email, subject, text, html, headers: unsubscribeHeaders(unsubscribe) }
}
