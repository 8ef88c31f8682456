// The browser's own date formatting: date-fns' format and its locale would be half the portal's
// chunk, and a trade on a phone downloads every byte of it (docs/benchmark.md).
const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})

/** A day as the portal writes it: "Mon, Mar 2, 2030", the same day in every time zone. */
export const longDate = (iso: string) => dayFormat.format(new Date(`${iso}T00:00:00Z`))

/** "Mon, Mar 2, 2030 – Fri, Mar 6, 2030". */
export const dateSpan = (span: { start: string; end: string }) =>
  `${longDate(span.start)} – ${longDate(span.end)}`
