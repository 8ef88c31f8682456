// The emails a trade gets about a bid request: the request with its link, the reminder the day
// before it is due, the owner's answer to a proposed start (PRODUCT.md §14, §18a), and the ask
// for an unconditional waiver once the owner paid it (§15).
import { format, parseISO } from 'date-fns'
import type { StepSlug } from '../../../../contract/construction'
import { formatMoney } from '../../../../contract/money-format'
import { stepTitle } from '../../../../contract/scheduling'
import { escapeHtml } from '../../../lib/html'

/** What an email says of the request: to whom, from whom, for what. */
export type BidLetter = {
  to: { email: string; contact: string; company: string }
  owner: { name: string; city: string; state: string }
  step: StepSlug
  dueOn: string
  message: string
}

const ONLY_YOURS =
  'This link is for you alone: you sign in on its page with a code sent to this address.'

const longDate = (iso: string) => format(parseISO(iso), 'EEEE, MMMM d, yyyy')

/** The email's text and HTML; with the link when it carries one (the reminder cannot). */
function email(to: BidLetter['to'], subject: string, lines: string[], link?: string) {
  const text = [
    `Hello ${to.contact},`,
    '',
    ...lines,
    ...(link ? ['', `See the job and answer here: ${link}`, '', ONLY_YOURS] : []),
  ].join('\n')
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>Hello ${escapeHtml(to.contact)},</p>
<p style="font-size:20px;font-weight:700">${escapeHtml(subject)}</p>
${lines.map((line) => `<p style="white-space:pre-line">${escapeHtml(line)}</p>`).join('\n')}
${link ? `<p><a href="${escapeHtml(link)}">See the job and answer</a></p>\n<p style="font-size:13px;color:#475569">${ONLY_YOURS}</p>` : ''}
</body></html>`
  return { to: to.email, subject, text, html }
}

/** The request, as first sent or sent again with its new link. */
export function bidRequestEmail(letter: BidLetter, link: string) {
  const { owner, to, step, dueOn, message } = letter
  const title = stepTitle(step)
  const lines = [
    `${owner.name} is building a pool in ${owner.city}, ${owner.state} and asks ${to.company} ` +
      `for a bid on ${title}, by ${longDate(dueOn)}.`,
    ...(message ? [`${owner.name} writes: “${message}”`] : []),
  ]
  return email(to, `Bid request: ${title} for ${owner.name}`, lines, link)
}

/**
 * The one reminder, the day before the request is due, to a trade that has not answered. Only
 * the link's hash is kept, so it points to the email that carries the link.
 */
export function bidReminderEmail(letter: BidLetter) {
  const { owner, to, step, dueOn } = letter
  const title = stepTitle(step)
  const lines = [
    `${owner.name}'s request for a bid on ${title} is due tomorrow, ${longDate(dueOn)}.`,
    `Send your bid, or decline it, from the link in our email "Bid request: ${title} for ${owner.name}".`,
  ]
  return email(to, `Reminder: your bid on ${title} is due tomorrow`, lines)
}

/** The owner's answer to a trade's proposed start, and when the step is now expected to start. */
export type DatesAnswer = {
  to: BidLetter['to']
  ownerName: string
  step: StepSlug
  start: string
  accepted: boolean
  forecastStart: string | null
}

/** Tells the trade whether its proposed start was accepted or the owner keeps the plan. */
export function datesAnsweredEmail(answer: DatesAnswer) {
  const { to, ownerName, step, start, accepted, forecastStart } = answer
  const title = stepTitle(step)
  const expected = forecastStart
    ? [`The schedule now expects ${title} to start on ${longDate(forecastStart)}.`]
    : []
  if (accepted)
    return email(to, `Your proposed start for ${title} was accepted`, [
      `${ownerName} accepted your proposed start for ${title}: ${longDate(start)}.`,
      ...expected,
    ])
  return email(to, `Your proposed start for ${title}: the owner keeps the plan`, [
    `${ownerName} keeps the planned dates for ${title} rather than starting on ${longDate(start)}.`,
    ...expected,
  ])
}

/** A payment the owner recorded on a trade's draw, for which the trade now owes a waiver. */
export type PaymentLetter = {
  to: BidLetter['to']
  ownerName: string
  step: StepSlug
  label: string
  amount: number
  paidOn: string
  /** The step's last draw: the waiver is the final one (Civil Code § 8138, else § 8134). */
  final: boolean
}

/** Asks the trade for its unconditional waiver of a payment the owner recorded. */
export function waiverRequestEmail(letter: PaymentLetter) {
  const { to, ownerName, step, label, amount, paidOn, final } = letter
  const title = stepTitle(step)
  const form = final
    ? 'Unconditional Waiver and Release on Final Payment (Civil Code § 8138)'
    : 'Unconditional Waiver and Release on Progress Payment (Civil Code § 8134)'
  return email(to, `Please send your unconditional waiver for ${title}`, [
    `${ownerName} recorded a payment of ${formatMoney(amount)} to ${to.company} on ${longDate(paidOn)} for “${label}” of ${title}.`,
    `Once it has cleared, please sign the ${form} for it and send it to ${ownerName}, or upload it from your bid request's page.`,
  ])
}
