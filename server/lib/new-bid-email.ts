import { formatCents } from '../../contract/money-format'
import { escapeHtml } from './html'

/**
 * The owner's email when a trade sends its bid (PRODUCT.md §14): who, for which step, how much,
 * and a link to the step's page, where the bid is now one of the quotes.
 */
export function newBidEmail(
  to: { email: string; name: string },
  bid: { company: string; stepTitle: string; amount: number; stepUrl: string },
) {
  const subject = `New bid from ${bid.company} for ${bid.stepTitle}`
  const line = `${bid.company} sent a bid of ${formatCents(bid.amount)} for ${bid.stepTitle}.`
  const text = [
    `Hello ${to.name},`,
    '',
    line,
    'It is on the step’s page beside your other quotes.',
    '',
    `See it: ${bid.stepUrl}`,
  ].join('\n')
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>Hello ${escapeHtml(to.name)},</p>
<p style="font-size:20px;font-weight:700">${escapeHtml(subject)}</p>
<p>${escapeHtml(line)}</p>
<p>It is on the step’s page beside your other quotes.</p>
<p><a href="${escapeHtml(bid.stepUrl)}">See the bid</a></p>
</body></html>`
  return { to: to.email, subject, text, html }
}
