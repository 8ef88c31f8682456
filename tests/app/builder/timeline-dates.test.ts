import { describe, expect, it } from 'vitest'
import { formatSpan } from '../../../src/features/builder/timeline-dates'

// Intl's range format: the parts two dates share are written once, with a thin space each side
// of the dash.
describe('formatSpan', () => {
  it('writes a one-day span as its date', () => {
    expect(formatSpan({ start: '2026-11-28', end: '2026-11-28' })).toBe('Nov 28, 2026')
  })

  it('writes the month and the year once when they are shared', () => {
    expect(formatSpan({ start: '2026-12-01', end: '2026-12-03' })).toBe('Dec 1\u2009–\u20093, 2026')
    expect(formatSpan({ start: '2026-11-28', end: '2026-12-03' })).toBe(
      'Nov 28\u2009–\u2009Dec 3, 2026',
    )
  })

  it('writes both years when the span crosses one', () => {
    expect(formatSpan({ start: '2026-12-28', end: '2027-01-03' })).toBe(
      'Dec 28, 2026\u2009–\u2009Jan 3, 2027',
    )
  })

  it('says when a step has no dates yet', () => {
    expect(formatSpan(null)).toBe('Not dated yet')
    expect(formatSpan({ start: null, end: null })).toBe('Not dated yet')
  })
})
