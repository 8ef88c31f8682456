import { describe, expect, it } from 'vitest'
import type { StepSlug } from '../../contract/construction'
import { classFits, TradeBody, tradeWarnings, type TradeFacts } from '../../contract/trades'

const TODAY = '2030-03-01'

/** A pool builder with everything on record and in date. */
function trade(change: Partial<TradeFacts> = {}): TradeFacts {
  return {
    id: '4a0c2f3e-2b1d-4c5e-9f6a-7b8c9d0e1f2a',
    company: 'Gunite Bros',
    contact: 'Leo Park',
    email: 'leo@gunite.example',
    phone: null,
    steps: ['shotcrete'],
    licence: { number: '1234567', classification: 'C-8', checkedOn: '2030-02-20' },
    insurance: { expiresOn: '2031-01-01', fileId: null },
    workersComp: { exempt: false, expiresOn: null, fileId: '7b0c2f3e-2b1d-4c5e-9f6a-7b8c9d0e1f2a' },
    createdAt: '2030-02-20T10:00:00.000Z',
    ...change,
  }
}

const codes = (facts: TradeFacts, today = TODAY) =>
  tradeWarnings(facts, today).map((warning) => warning.code)

describe('the CSLB classes of a step', () => {
  it.each<[string, StepSlug, boolean]>([
    ['B', 'excavation', true],
    ['C-53', 'pool-startup', true],
    ['C-12', 'excavation', true],
    ['C-12', 'steel', false],
    ['C-50', 'steel', true],
    ['C-36', 'plumbing', true],
    ['C-10', 'electrical', true],
    ['C-10', 'plumbing', false],
    ['C-8', 'shotcrete', true],
    ['C-54', 'tile', true],
    ['C-8', 'decking', true],
    ['C-54', 'decking', true],
    ['C-35', 'interior', true],
    ['C-35', 'tile', false],
    ['D-35', 'pool-startup', true],
    ['C-61', 'extras', true],
    ['B', 'permits', false],
  ])('%s fits %s: %s', (classification, step, fits) => {
    expect(classFits(classification, step)).toBe(fits)
  })
})

describe('the warnings on a trade', () => {
  it('are none for a trade with everything on record', () => {
    expect(tradeWarnings(trade(), TODAY)).toEqual([])
  })

  it('are all there for a bare trade of a licensed step, each with a message', () => {
    const bare = trade({
      licence: { number: null, classification: null, checkedOn: null },
      insurance: { expiresOn: null, fileId: null },
      workersComp: { exempt: false, expiresOn: null, fileId: null },
    })
    const warnings = tradeWarnings(bare, TODAY)
    expect(warnings.map((w) => w.code)).toEqual([
      'LICENCE_MISSING',
      'INSURANCE_MISSING',
      'COMP_MISSING',
    ])
    for (const w of warnings) expect(w.message).not.toBe('')
  })

  it('are none for a trade of only pool-design, engineering or permits', () => {
    const designer = trade({
      steps: ['pool-design', 'engineering', 'permits'],
      licence: { number: null, classification: 'C-10', checkedOn: null },
      insurance: { expiresOn: null, fileId: null },
      workersComp: { exempt: false, expiresOn: null, fileId: null },
    })
    expect(tradeWarnings(designer, TODAY)).toEqual([])
  })

  it('miss a licence without its number or without the day it was checked', () => {
    const licence = trade().licence
    expect(codes(trade({ licence: { ...licence, number: null } }))).toEqual(['LICENCE_MISSING'])
    expect(codes(trade({ licence: { ...licence, checkedOn: null } }))).toEqual(['LICENCE_MISSING'])
  })

  it('find a class that fits none of the licensed steps, the unlicensed ones aside', () => {
    const licence = { ...trade().licence, classification: 'C-36' }
    expect(codes(trade({ licence, steps: ['permits', 'shotcrete'] }))).toEqual(['LICENCE_CLASS'])
    expect(codes(trade({ licence, steps: ['shotcrete', 'plumbing'] }))).toEqual([])
    expect(codes(trade({ licence: { ...licence, classification: 'B' } }))).toEqual([])
  })

  it('count insurance ending today or within 30 days as ending, before today as ended', () => {
    const ending = (expiresOn: string) => codes(trade({ insurance: { expiresOn, fileId: null } }))
    expect(ending('2030-02-28')).toEqual(['INSURANCE_EXPIRED'])
    expect(ending('2030-03-01')).toEqual(['INSURANCE_EXPIRING'])
    expect(ending('2030-03-31')).toEqual(['INSURANCE_EXPIRING'])
    expect(ending('2030-04-01')).toEqual([])
  })

  it('take an exemption from workers’ comp instead of a certificate', () => {
    const comp = { exempt: true, expiresOn: null, fileId: null }
    expect(codes(trade({ workersComp: comp }))).toEqual([])
    expect(codes(trade({ workersComp: { ...comp, exempt: false } }))).toEqual(['COMP_MISSING'])
  })
})

describe('a trade as the owner records it', () => {
  const body = {
    company: 'Blue Shell Co',
    contact: 'Ana Ruiz',
    email: 'Ana@BlueShell.example',
    steps: ['shotcrete'],
  }
  const fields = (input: object) => {
    const parsed = TradeBody.safeParse({ ...body, ...input })
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'))
  }

  it('takes the least there is, the email lower-cased', () => {
    expect(TradeBody.parse(body).email).toBe('ana@blueshell.example')
  })

  it('takes the classes B, C- and one or two digits, D- and two, in any case', () => {
    for (const licenceClass of ['B', 'c-8', 'C-53', 'D-35'])
      expect(fields({ licenceClass })).toEqual([])
    for (const licenceClass of ['A', 'C-', 'C-123', 'D-3', 'B-1'])
      expect(fields({ licenceClass })).toEqual(['licenceClass'])
    expect(TradeBody.parse({ ...body, licenceClass: ' c-53 ' }).licenceClass).toBe('C-53')
  })

  it('takes a licence number of 1 to 8 digits', () => {
    expect(fields({ licenceNumber: '12345678' })).toEqual([])
    for (const licenceNumber of ['', '123456789', '12a'])
      expect(fields({ licenceNumber })).toEqual(['licenceNumber'])
  })

  it('refuses a blank or long name, no step, a step twice and an unknown step', () => {
    expect(fields({ company: ' ' })).toEqual(['company'])
    expect(fields({ contact: 'x'.repeat(121) })).toEqual(['contact'])
    expect(fields({ steps: [] })).toEqual(['steps'])
    expect(fields({ steps: ['tile', 'tile'] })).toEqual(['steps'])
    expect(fields({ steps: ['roofing'] })).toEqual(['steps.0'])
    expect(fields({ email: 'not-an-email' })).toEqual(['email'])
  })
})
