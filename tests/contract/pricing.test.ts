import { describe, expect, it } from 'vitest'
import { Pricing } from '../../contract/pricing'
import { refusal } from './kit'

describe("a stage's price list, as the admin saves it", () => {
  const standard = { key: 'standard', label: 'Standard', multiplier: 1 }
  const rock = { key: 'rock', label: 'Rock', multiplier: 2 }
  const light = { key: 'light', label: 'Light', price: 20_000 }
  const metered = { base: 50_000, unit: 'dig_yd3', unitPrice: 6_000, options: [standard] }
  const itemised = { base: 0, unit: 'items', unitPrice: 0, items: [light] }

  it('takes a metered or flat list with options, and an itemised one with items alone', () => {
    expect(refusal(Pricing, metered)).toBeNull()
    expect(refusal(Pricing, { ...metered, unit: 'flat', options: [standard, rock] })).toBeNull()
    expect(refusal(Pricing, itemised)).toBeNull()
  })

  it('asks for an option on a metered or flat list, and an item on an itemised one', () => {
    expect(refusal(Pricing, { ...metered, options: [] })).toBe('At least one option is required')
    expect(refusal(Pricing, { ...metered, unit: 'flat', options: [] })).toBe(
      'At least one option is required',
    )
    expect(refusal(Pricing, { ...itemised, items: [] })).toBe('At least one item is required')
  })

  it('refuses two options or two items of one key', () => {
    expect(
      refusal(Pricing, { ...metered, options: [standard, { ...rock, key: 'standard' }] }),
    ).toBe('Option keys must be unique')
    expect(refusal(Pricing, { ...itemised, items: [light, { ...light, price: 1 }] })).toBe(
      'Item keys must be unique',
    )
  })
})
