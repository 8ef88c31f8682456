import { describe, expect, it } from 'vitest'
import { DEFAULT_PRICING } from '../../contract/estimator'
import type { StageSlug } from '../../contract/steps'
import { priceSummary } from '../../src/lib/price-summary'
import { formatCents, formatMoney } from '../../src/lib/money'

describe('money', () => {
  it.each([
    [0, '$0.00', '$0'],
    [6_000, '$60.00', '$60'],
    [450, '$4.50', '$4.50'],
    [350_000, '$3,500.00', '$3,500'],
    [123_456_789, '$1,234,567.89', '$1,234,567.89'],
  ])('%i cents reads %s, or %s', (cents, exact, short) => {
    expect(formatCents(cents)).toBe(exact)
    expect(formatMoney(cents)).toBe(short)
  })
})

describe('priceSummary of the default price list', () => {
  it.each<[StageSlug, string]>([
    ['excavation', '$500 + $60.00 per cubic yard of dig'],
    ['steel', '$1,500 + $1.00 per square foot of shell surface'],
    ['plumbing', '$3,500 + $25.00 per linear foot of perimeter'],
    ['electrical', '$3,500 flat'],
    ['shotcrete', '$1,000 + $160.00 per cubic yard of shell'],
    ['tile', '$45.00 per linear foot of perimeter'],
    ['decking', '$8.00 per square foot of deck'],
    ['extras', 'Choose from 7 extras at $900 to $5,500 each'],
    ['interior', '$4.50 per square foot of shell surface'],
    ['pool-startup', '$550 flat'],
  ])('%s: %s', (slug, line) => {
    expect(priceSummary(DEFAULT_PRICING[slug])).toBe(line)
  })

  it('names a base before a choice of items', () => {
    const pricing = {
      ...DEFAULT_PRICING.extras,
      base: 10_000,
      items: DEFAULT_PRICING.extras.items.slice(0, 1),
    }
    expect(priceSummary(pricing)).toBe('$100 + a choice of 1 extra at $900')
  })
})
