import { describe, expect, it } from 'vitest'
import { formatMoney, parseDollars, signedMoney } from '../../src/lib/money'

describe('parseDollars', () => {
  it.each([
    ['8500', 850_000],
    ['8,500.5', 850_050],
    ['$1,250.50', 125_050],
    [' $ 980 ', 98_000],
    ['0.07', 7],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseDollars(text)).toBe(cents)
  })

  it.each(['', 'abc', '12.345', '-5', '1,2,3', '1e3', '12,50'])('refuses %j', (text) => {
    expect(parseDollars(text)).toBeNull()
  })
})

describe('formatting', () => {
  it('shows whole dollars without cents, and a signed difference', () => {
    expect(formatMoney(832_000)).toBe('$8,320')
    expect(formatMoney(925_050)).toBe('$9,250.50')
    expect(signedMoney(68_000)).toBe('+$680')
    expect(signedMoney(-12_000)).toBe('−$120')
    expect(signedMoney(0)).toBe('$0')
  })
})
