import { formatCents } from '../../contract/money-format'
import { escapeHtml } from './html'

/**
 * The owner's email when a trade asks to be paid (PRODUCT.md §15): who, for which draw of which
 * step, how much, and a link to the Budget, where the request waits with its invoice and
 * conditional waiver and "Record payment".
 */
export function paymentRequestEmail(
  to: { email: string; name: string },
  request: {
    company: string
    stepTitle: string
    drawLabel: string
    amount: number
    budgetUrl: string
  },
) {
  const subject = `Payment requested by ${request.company} for ${request.stepTitle}`
  const line =
    `${request.company} asks to be paid ${formatCents(request.amount)} on “${request.drawLabel}” ` +
    `of ${request.stepTitle}, with its invoice and a conditional lien waiver.`
  const next = 'Both are on your Budget beside the draw, where you record the payment.'
  const text = [`Hello ${to.name},`, '', line, next, '', `See it: ${request.budgetUrl}`].join('\n')
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>Hello ${escapeHtml(to.name)},</p>
<p style="font-size:20px;font-weight:700">${escapeHtml(subject)}</p>
<p>${escapeHtml(line)}</p>
<p>${escapeHtml(next)}</p>
<p><a href="${escapeHtml(request.budgetUrl)}">See the request</a></p>
</body></html>`
  return { to: to.email, subject, text, html }
}
