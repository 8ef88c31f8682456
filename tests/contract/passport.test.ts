import { describe, expect, it } from 'vitest'
import {
  EquipmentBody,
  PassportBody,
  StartupDayBody,
  StartupDayParams,
} from '../../contract/passport'
import { refusal } from './kit'

describe("the passport's forms", () => {
  it('take a start-up day from 1 to 28, as the address writes it', () => {
    expect(StartupDayParams.parse({ day: '1' })).toEqual({ day: 1 })
    expect(StartupDayParams.parse({ day: '28' })).toEqual({ day: 28 })
    for (const day of ['0', '29', '99', '1.5', '-1', '123', ''])
      expect(refusal(StartupDayParams, { day }), day).toBe('Enter a day from 1 to 28')
  })

  it('refuse a reading outside what can be measured, naming the reading and its range', () => {
    expect(StartupDayBody.parse({ ph: 6, cya: 200, freeChlorine: null })).toEqual({
      ph: 6,
      cya: 200,
      freeChlorine: null,
    })
    expect(refusal(StartupDayBody, { ph: 5.9 })).toBe('Enter pH from 6 to 9')
    expect(refusal(StartupDayBody, { ph: 9.1 })).toBe('Enter pH from 6 to 9')
    expect(refusal(StartupDayBody, { calcium: 1001 })).toBe('Enter Calcium from 0 to 1000')
    expect(refusal(StartupDayBody, { alkalinity: 'high' })).toBe('Enter Alkalinity as a number')
    expect(refusal(StartupDayBody, { note: 'x'.repeat(501) })).not.toBeNull()
    expect(refusal(StartupDayBody, { colour: 'blue' })).not.toBeNull()
  })

  it('take measured gallons, whole, from 100 to 200,000', () => {
    expect(PassportBody.parse({ measuredGallons: 100 })).toEqual({ measuredGallons: 100 })
    expect(PassportBody.parse({ measuredGallons: 200_000 })).toEqual({ measuredGallons: 200_000 })
    expect(PassportBody.parse({ measuredGallons: null })).toEqual({ measuredGallons: null })
    expect(refusal(PassportBody, { measuredGallons: 99 })).toBe('Enter 100 to 200,000 gallons')
    expect(refusal(PassportBody, { measuredGallons: 200_001 })).toBe('Enter 100 to 200,000 gallons')
    expect(refusal(PassportBody, { measuredGallons: 1000.5 })).toBe('Enter whole gallons')
  })

  it('need a piece of equipment’s kind, make and model', () => {
    const pump = { kind: 'pump', make: 'Pentair', model: 'IntelliFlo' }
    expect(EquipmentBody.parse(pump)).toEqual(pump)
    expect(refusal(EquipmentBody, { ...pump, kind: 'robot' })).toBe('Choose a kind')
    expect(refusal(EquipmentBody, { ...pump, make: '' })).toBe('Required')
    expect(refusal(EquipmentBody, { ...pump, warrantyId: 'nope' })).toBe('Unknown warranty')
  })
})
