import { afterEach, describe, expect, it } from 'vitest'
import { dateSpan, longDate } from '../../../src/features/trade-portal/portal-format'

const zone = process.env.TZ
afterEach(() => {
  if (zone === undefined) delete process.env.TZ
  else process.env.TZ = zone
})

describe('the trade portal’s dates', () => {
  it('writes a day with its weekday, the same day west of UTC', () => {
    process.env.TZ = 'America/Los_Angeles'
    expect(longDate('2030-03-02')).toBe('Sat, Mar 2, 2030')
    expect(dateSpan({ start: '2026-12-31', end: '2027-01-04' })).toBe(
      'Thu, Dec 31, 2026 – Mon, Jan 4, 2027',
    )
  })
})
