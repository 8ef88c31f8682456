import { describe, expect, it } from 'vitest'
import { formatSpan } from '../../../src/features/builder/timeline-dates'

// Intl's range format: the parts two dates share are written once. Its spaces around the dash
// are thin in some ICU versions (Node's) and plain in others (Chromium's).
const span = (start: string | null, end: string | null) =>
  formatSpan({ start, end }).replace(/\s/g, ' ')

describe('formatSpan', () => {
  it('writes a one-day span as its date', () => {
    expect(span('2026-11-28', '2026-11-28')).toBe('Nov 28, 2026')
  })

  it('writes the month and the year once when they are shared', () => {
    expect(span('2026-12-01', '2026-12-03')).toBe('Dec 1 – 3, 2026')
    expect(span('2026-11-28', '2026-12-03')).toBe('Nov 28 – Dec 3, 2026')
  })

  it('writes both years when the span crosses one', () => {
    expect(span('2026-12-28', '2027-01-03')).toBe('Dec 28, 2026 – Jan 3, 2027')
  })

  it('says when a step has no dates yet', () => {
    expect(formatSpan(null)).toBe('Not dated yet')
    expect(span(null, null)).toBe('Not dated yet')
  })
})
