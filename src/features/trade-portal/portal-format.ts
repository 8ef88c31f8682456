import { format, parseISO } from 'date-fns'

/** A day as the portal writes it: "Mon, Mar 2, 2030". */
export const longDate = (iso: string) => format(parseISO(iso), 'EEE, MMM d, yyyy')

/** "Mon, Mar 2, 2030 – Fri, Mar 6, 2030". */
export const dateSpan = (span: { start: string; end: string }) =>
  `${longDate(span.start)} – ${longDate(span.end)}`
