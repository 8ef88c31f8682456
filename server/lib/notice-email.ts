import { format, parseISO } from 'date-fns'
import { INSPECTIONS, StepSlug, type NotificationSwitch } from '../../contract'
import { stepTitle } from '../../contract/scheduling'
import { escapeHtml } from './html'

/**
 * A notification email's identity: its row of the notification log (PRODUCT.md §9). `about` is
 * the name the email gives its subject when the subject is an id (a trade's company).
 */
export type Notice = {
  clientId: string
  kind: NoticeKind
  subject: string
  onDate: string
  about?: string | null
}

type Wording = { subject: string; lines: string[] }

const longDate = (iso: string) => format(parseISO(iso), 'EEEE, MMMM d, yyyy')
const inspectionTitle = (slug: string) => INSPECTIONS.find((i) => i.slug === slug)?.title ?? slug
const stepTitleOf = (step: string) => {
  const known = StepSlug.safeParse(step)
  return known.success ? stepTitle(known.data) : step
}

/** The page of the app an email links to: its path, and what the email calls it. */
const PAGES = {
  timeline: { path: '/builder/timeline', name: 'timeline' },
  trades: { path: '/builder/trades', name: 'trades' },
} as const

/**
 * Each kind of email: the switch that turns it off, the page it links to and its words, from the
 * log row alone so a retried email says what the first try would have. A new kind is one entry
 * here and one source of due notices in the notification log.
 */
export const NOTICES = {
  'inspection-tomorrow': {
    turnedOffBy: 'inspectionReminders',
    page: PAGES.timeline,
    wording: ({ subject, onDate }: Notice): Wording => ({
      subject: `${inspectionTitle(subject)} tomorrow`,
      lines: [
        `Your ${inspectionTitle(subject)} is scheduled for tomorrow, ${longDate(onDate)}.`,
        'Make sure the site is open and the work it checks is ready to see.',
      ],
    }),
  },
  'ready-to-start': {
    turnedOffBy: 'stepUpdates',
    page: PAGES.timeline,
    wording: ({ subject }: Notice): Wording => ({
      subject: `${stepTitleOf(subject)} can start`,
      lines: [
        `Everything ${stepTitleOf(subject)} waits for is done: it can start now.`,
        'Record the day it starts on your timeline.',
      ],
    }),
  },
  'running-late': {
    turnedOffBy: 'stepUpdates',
    page: PAGES.timeline,
    wording: ({ subject, onDate }: Notice): Wording => ({
      subject: `${stepTitleOf(subject)} is running late`,
      lines: [
        `${stepTitleOf(subject)} was planned to end by ${longDate(onDate)} and is now ` +
          'forecast to end 3 or more days later.',
        'See your timeline for what it moves.',
      ],
    }),
  },
  'warranty-expiring': {
    turnedOffBy: 'warrantyReminders',
    page: PAGES.timeline,
    wording: ({ subject, onDate }: Notice): Wording => ({
      subject: `Your ${stepTitleOf(subject)} warranty ends on ${longDate(onDate)}`,
      lines: [
        `The warranty on ${stepTitleOf(subject)} ends on ${longDate(onDate)}.`,
        'If anything needs fixing under it, call the provider before then; its papers are in your documents.',
      ],
    }),
  },
  insurance: {
    turnedOffBy: 'tradeInsurance',
    page: PAGES.trades,
    wording: ({ about, onDate }: Notice): Wording => {
      const company = about ?? 'a trade'
      return {
        subject: `The insurance of ${company} ends on ${longDate(onDate)}`,
        lines: [
          `The insurance you recorded for ${company} ends on ${longDate(onDate)}, ` +
            'and they still have work to do on your pool.',
          'Ask them for their new certificate and record it on your Trades page.',
        ],
      }
    },
  },
} as const satisfies Record<
  string,
  {
    turnedOffBy: NotificationSwitch
    page: (typeof PAGES)[keyof typeof PAGES]
    wording: (notice: Notice) => Wording
  }
>

export type NoticeKind = keyof typeof NOTICES
export const NOTICE_KINDS = Object.keys(NOTICES) as NoticeKind[]

/**
 * The email of `notice`: plain text and HTML, each with the one-click unsubscribe link, and
 * RFC 8058's headers so a mail app can offer its own unsubscribe button.
 */
export function noticeEmail(
  notice: Notice,
  to: { email: string; name: string },
  links: { base: string; unsubscribe: string },
) {
  const { page, wording } = NOTICES[notice.kind]
  const { subject, lines } = wording(notice)
  const pageUrl = `${links.base}${page.path}`
  const text = [
    `Hello ${to.name},`,
    '',
    ...lines,
    '',
    `Your ${page.name}: ${pageUrl}`,
    '',
    `Stop these emails: ${links.unsubscribe}`,
  ].join('\n')
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>Hello ${escapeHtml(to.name)},</p>
<p style="font-size:20px;font-weight:700">${escapeHtml(subject)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(pageUrl)}">Open your ${page.name}</a></p>
<p style="font-size:13px;color:#475569"><a href="${escapeHtml(links.unsubscribe)}">Stop these emails</a></p>
</body></html>`
  return {
    to: to.email,
    subject,
    text,
    html,
    headers: unsubscribeHeaders(links.unsubscribe),
  }
}

/** RFC 8058's headers: a mail app's own unsubscribe button posts to `url`. */
export const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
})
