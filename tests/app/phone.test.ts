import { describe, expect, it } from 'vitest'
import { formatPhone } from '../../src/lib/phone'

describe('formatPhone', () => {
  it.each([
    ['5125550100', '(512) 555-0100'],
    ['512.555.0100', '(512) 555-0100'],
    ['+1 512 555 0100', '(512) 555-0100'],
    ['1-512-555-0100', '(512) 555-0100'],
    ['(512)555-0100', '(512) 555-0100'],
  ])('shows %j as %j', (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown)
  })

  it.each([
    ['555 0102', '555 0102'],
    [' +44 20 7946 0958 ', '+44 20 7946 0958'],
  ])('leaves %j, which is not a US number, as typed', (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown)
  })
})
