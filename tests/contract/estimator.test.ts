import { describe, it, expect } from 'vitest'
import type { PoolDesignChoices, StageChoices } from '../../contract/choices'
import {
  DEFAULT_PRICING,
  REFERENCE_POOL,
  quantities,
  quantityFor,
  roundToDollars,
  stageEstimate,
  type Quantities,
} from '../../contract/estimator'
import { Pricing } from '../../contract/pricing'
import { STAGE_SLUGS, type StageSlug } from '../../contract/steps'

const refQ = quantities(REFERENCE_POOL)

const design = (overrides: Partial<PoolDesignChoices>): PoolDesignChoices => ({
  ...REFERENCE_POOL,
  ...overrides,
})

describe('quantities', () => {
  // Expected values computed by hand from the formulas, per shape.
  it.each<[string, PoolDesignChoices, Quantities]>([
    [
      'reference rectangle 32×16',
      REFERENCE_POOL,
      {
        areaFt2: 512,
        perimeterFt: 96,
        avgDepthFt: 4.75,
        surfaceFt2: 968,
        digYd3: 130.33, // 34 × 18 × 5.75 / 27
        shellYd3: 26.89, // 968 × 0.75 / 27
        deckFt2: 448, // 40 × 24 − 512
        waterGal: 18191.36,
      },
    ],
    [
      'oval 20×10',
      design({ shape: 'oval', lengthFt: 20, widthFt: 10 }),
      {
        areaFt2: 157.08, // 200 × 0.7854
        perimeterFt: 48, // 60 × 0.8
        avgDepthFt: 4.75,
        surfaceFt2: 385.08, // 157.08 + 48 × 4.75
        digYd3: 44.16, // 22 × 12 × 0.7854 × 5.75 / 27
        shellYd3: 10.7, // 385.08 × 0.75 / 27
        deckFt2: 238.76, // (28 × 18 − 200) × 0.7854
        waterGal: 5581.05, // 157.08 × 4.75 × 7.48
      },
    ],
    [
      'kidney 30×15, deep 8, deck 5',
      design({ shape: 'kidney', lengthFt: 30, widthFt: 15, deepDepthFt: 8, deckWidthFt: 5 }),
      {
        areaFt2: 382.5, // 450 × 0.85
        perimeterFt: 85.5, // 90 × 0.95
        avgDepthFt: 5.75,
        surfaceFt2: 874.13, // 382.5 + 85.5 × 5.75
        digYd3: 115.6, // 32 × 17 × 0.85 × 6.75 / 27
        shellYd3: 24.28, // 874.125 × 0.75 / 27
        deckFt2: 467.5, // (40 × 25 − 450) × 0.85
        waterGal: 16451.33, // 382.5 × 5.75 × 7.48
      },
    ],
    [
      'freeform 24×12, depths 3–5, no deck',
      design({
        shape: 'freeform',
        lengthFt: 24,
        widthFt: 12,
        shallowDepthFt: 3,
        deepDepthFt: 5,
        deckWidthFt: 0,
      }),
      {
        areaFt2: 230.4, // 288 × 0.8
        perimeterFt: 72, // 72 × 1
        avgDepthFt: 4,
        surfaceFt2: 518.4, // 230.4 + 72 × 4
        digYd3: 53.93, // 26 × 14 × 0.8 × 5 / 27
        shellYd3: 14.4, // 518.4 × 0.75 / 27
        deckFt2: 0,
        waterGal: 6893.57, // 230.4 × 4 × 7.48
      },
    ],
  ])('%s', (_name, input, expected) => {
    const q = quantities(input)
    for (const key of Object.keys(expected) as (keyof Quantities)[]) {
      expect(q[key], key).toBeCloseTo(expected[key], 1)
    }
  })

  it('gives the reference pool to the stated precision', () => {
    expect(refQ.areaFt2).toBe(512)
    expect(refQ.perimeterFt).toBe(96)
    expect(refQ.surfaceFt2).toBe(968)
    expect(refQ.digYd3).toBeCloseTo(130.33, 2)
    expect(refQ.shellYd3).toBeCloseTo(26.89, 2)
    expect(refQ.deckFt2).toBe(448)
    expect(Math.round(refQ.waterGal)).toBe(18_191)
  })
})

describe('quantityFor', () => {
  it.each<[Pricing['unit'], number]>([
    ['dig_yd3', refQ.digYd3],
    ['surface_ft2', 968],
    ['perimeter_ft', 96],
    ['shell_yd3', refQ.shellYd3],
    ['deck_ft2', 448],
    ['flat', 1],
    ['items', 0],
  ])('%s → %d', (unit, expected) => {
    expect(quantityFor(unit, refQ)).toBe(expected)
  })
})

describe('roundToDollars', () => {
  it.each([
    [530_222.2, 530_200],
    [530_250, 530_300],
    [530_249.9, 530_200],
    [0, 0],
    [437_500, 437_500],
  ])('%d → %d', (cents, expected) => {
    expect(roundToDollars(cents)).toBe(expected)
  })
})

describe('DEFAULT_PRICING', () => {
  it.each(STAGE_SLUGS.map((slug) => [slug]))('%s passes Pricing.parse unchanged', (slug) => {
    const pricing = DEFAULT_PRICING[slug]
    expect(Pricing.parse(pricing)).toEqual(pricing)
    expect(Array.isArray(pricing.options)).toBe(true)
    expect(Array.isArray(pricing.items)).toBe(true)
  })
})

describe('stageEstimate on the reference pool with default pricing', () => {
  const metered: [StageSlug, number][] = [
    ['excavation', 832_000],
    ['steel', 246_800],
    ['plumbing', 590_000],
    ['electrical', 350_000],
    ['shotcrete', 530_200],
    ['tile', 432_000],
    ['decking', 358_400],
    ['interior', 435_600],
    ['pool-startup', 55_000],
  ]

  it.each(metered)('%s with no choices → %d cents', (slug, expected) => {
    expect(stageEstimate(DEFAULT_PRICING[slug], undefined, refQ)).toBe(expected)
  })

  it('sums the nine stages to $38,300', () => {
    const total = metered.reduce(
      (sum, [slug]) => sum + (stageEstimate(DEFAULT_PRICING[slug], undefined, refQ) ?? NaN),
      0,
    )
    expect(total).toBe(3_830_000)
  })

  it.each<[string, StageSlug, StageChoices | undefined, number]>([
    ['rocky soil', 'excavation', { option: 'rocky' }, 1_301_200], // 50,000 + 782,000 × 1.6
    ['stamped deck', 'decking', { option: 'stamped' }, 1_003_500], // 358,400 × 2.8 = 1,003,520
    ['flat with automation wiring', 'electrical', { option: 'automation' }, 437_500],
    ['unknown option falls back to the first', 'excavation', { option: 'lava' }, 832_000],
    ['extras with nothing chosen', 'extras', undefined, 0],
    ['extras led-light + salt-system', 'extras', { items: ['led-light', 'salt-system'] }, 290_000],
    [
      'extras ignores an unknown item key',
      'extras',
      { items: ['led-light', 'hot-tub', 'salt-system'] },
      290_000,
    ],
  ])('%s', (_name, slug, choices, expected) => {
    expect(stageEstimate(DEFAULT_PRICING[slug], choices, refQ)).toBe(expected)
  })
})

describe('stageEstimate before the pool design is saved', () => {
  it.each<[StageSlug, StageChoices | undefined, number | null]>([
    ['excavation', undefined, null],
    ['steel', undefined, null],
    ['plumbing', undefined, null],
    ['shotcrete', undefined, null],
    ['tile', undefined, null],
    ['decking', { option: 'pavers' }, null],
    ['interior', undefined, null],
    ['electrical', undefined, 350_000],
    ['electrical', { option: 'automation' }, 437_500],
    ['pool-startup', undefined, 55_000],
    ['extras', { items: ['led-light', 'salt-system'] }, 290_000],
  ])('%s %o → %s', (slug, choices, expected) => {
    expect(stageEstimate(DEFAULT_PRICING[slug], choices, null)).toBe(expected)
  })
})

describe('stageEstimate with pricing edge cases', () => {
  const flatNoOptions: Pricing = {
    base: 10_000,
    unit: 'flat',
    unitPrice: 2_550,
    options: [],
    items: [],
  }
  const itemsWithBase: Pricing = {
    base: 5_000,
    unit: 'items',
    unitPrice: 0,
    options: [],
    items: [{ key: 'a', label: 'A', price: 1_000 }],
  }

  it.each<[string, Pricing, StageChoices | undefined, number]>([
    // Multiplier 1 without options; 12,550 rounds to 12,600.
    ['flat without options uses multiplier 1', flatNoOptions, undefined, 12_600],
    ['items add the base', itemsWithBase, { items: ['a'] }, 6_000],
  ])('%s', (_name, pricing, choices, expected) => {
    expect(stageEstimate(pricing, choices, null)).toBe(expected)
  })
})
