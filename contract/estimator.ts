import type { PoolDesignChoices, PoolShape, StageChoices } from './choices'
import type { Pricing, PricingOption, PricingUnit } from './pricing'
import type { StageSlug } from './steps'

/** Pool quantities derived from the design; unrounded so each stage rounds only once, at the end. */
export type Quantities = {
  areaFt2: number
  perimeterFt: number
  avgDepthFt: number
  surfaceFt2: number
  digYd3: number
  shellYd3: number
  deckFt2: number
  waterGal: number
}

// Curved shapes cover less of their bounding box than a rectangle does.
const AREA_FACTOR: Record<PoolShape, number> = {
  rectangle: 1,
  oval: 0.7854, // π/4: an ellipse inscribed in its bounding box
  kidney: 0.85,
  freeform: 0.8,
}

// Outline length relative to the bounding box's perimeter (freeform is priced as the full box).
const PERIMETER_FACTOR: Record<PoolShape, number> = {
  rectangle: 1,
  oval: 0.8,
  kidney: 0.95,
  freeform: 1,
}

const FT3_PER_YD3 = 27
const GAL_PER_FT3 = 7.48
// The dig is wider and deeper than the finished pool to leave room for the steel and the shell.
const OVERDIG_WIDTH_FT = 2
const OVERDIG_DEPTH_FT = 1
const SHELL_THICKNESS_FT = 0.75

function digVolumeYd3(design: PoolDesignChoices, avgDepthFt: number): number {
  const { lengthFt, widthFt, shape } = design
  const footprint =
    (lengthFt + OVERDIG_WIDTH_FT) * (widthFt + OVERDIG_WIDTH_FT) * AREA_FACTOR[shape]
  return (footprint * (avgDepthFt + OVERDIG_DEPTH_FT)) / FT3_PER_YD3
}

// The deck is a ring of deckWidthFt around the pool, following its shape.
function deckArea(design: PoolDesignChoices): number {
  const { lengthFt, widthFt, deckWidthFt, shape } = design
  const outer = (lengthFt + 2 * deckWidthFt) * (widthFt + 2 * deckWidthFt)
  return (outer - lengthFt * widthFt) * AREA_FACTOR[shape]
}

export function quantities(design: PoolDesignChoices): Quantities {
  const { shape, lengthFt, widthFt, shallowDepthFt, deepDepthFt } = design
  const areaFt2 = lengthFt * widthFt * AREA_FACTOR[shape]
  const perimeterFt = 2 * (lengthFt + widthFt) * PERIMETER_FACTOR[shape]
  const avgDepthFt = (shallowDepthFt + deepDepthFt) / 2
  // Floor plus walls: what steel, shell and interior finish cover.
  const surfaceFt2 = areaFt2 + perimeterFt * avgDepthFt
  return {
    areaFt2,
    perimeterFt,
    avgDepthFt,
    surfaceFt2,
    digYd3: digVolumeYd3(design, avgDepthFt),
    shellYd3: (surfaceFt2 * SHELL_THICKNESS_FT) / FT3_PER_YD3,
    deckFt2: deckArea(design),
    waterGal: areaFt2 * avgDepthFt * GAL_PER_FT3,
  }
}

/** How many units a stage is priced for. Flat counts once; items are priced per item instead. */
export function quantityFor(unit: PricingUnit, q: Quantities): number {
  switch (unit) {
    case 'dig_yd3':
      return q.digYd3
    case 'surface_ft2':
      return q.surfaceFt2
    case 'perimeter_ft':
      return q.perimeterFt
    case 'shell_yd3':
      return q.shellYd3
    case 'deck_ft2':
      return q.deckFt2
    case 'flat':
      return 1
    case 'items':
      return 0
  }
}

/** Estimates are shown to whole dollars so they don't suggest a precision they lack. */
export function roundToDollars(cents: number): number {
  return Math.round(cents / 100) * 100
}

// A stale or missing choice (e.g. an option the admin has since removed) falls back to the default.
function chosenOption(
  pricing: Pricing,
  choices: StageChoices | undefined,
): PricingOption | undefined {
  const chosen = pricing.options.find((o) => o.key === choices?.option)
  return chosen ?? pricing.options[0]
}

// Unknown item keys are ignored rather than failing, for the same reason.
function itemsTotal(pricing: Pricing, choices: StageChoices | undefined): number {
  const keys = new Set(choices?.items ?? [])
  return pricing.items.filter((i) => keys.has(i.key)).reduce((sum, i) => sum + i.price, 0)
}

/**
 * A stage's estimate in cents, rounded to whole dollars. Null when it depends on the pool's
 * quantities and the pool design has not been saved yet.
 */
export function stageEstimate(
  pricing: Pricing,
  choices: StageChoices | undefined,
  q: Quantities | null,
): number | null {
  const multiplier = chosenOption(pricing, choices)?.multiplier ?? 1
  if (pricing.unit === 'items') return roundToDollars(pricing.base + itemsTotal(pricing, choices))
  if (pricing.unit === 'flat') {
    return roundToDollars((pricing.base + pricing.unitPrice) * multiplier)
  }
  if (q === null) return null
  const metered = pricing.unitPrice * quantityFor(pricing.unit, q) * multiplier
  return roundToDollars(pricing.base + metered)
}

/** The pool the admin pricing screen shows sample estimates for. */
export const REFERENCE_POOL: PoolDesignChoices = {
  shape: 'rectangle',
  lengthFt: 32,
  widthFt: 16,
  shallowDepthFt: 3.5,
  deepDepthFt: 6,
  deckWidthFt: 4,
}

const option = (key: string, label: string, multiplier: number): PricingOption => ({
  key,
  label,
  multiplier,
})

/** A stage priced by an option's multiplier, with no items to add. */
const optionPriced = (
  base: number,
  unit: PricingUnit,
  unitPrice: number,
  options: PricingOption[],
): Pricing => ({ base, unit, unitPrice, options, items: [] })

/** The seeded price list (all money in cents). */
export const DEFAULT_PRICING: Record<StageSlug, Pricing> = {
  excavation: optionPriced(50_000, 'dig_yd3', 6_000, [
    option('standard', 'Standard soil', 1),
    option('rocky', 'Rocky soil', 1.6),
  ]),
  steel: optionPriced(150_000, 'surface_ft2', 100, [
    option('rebar-3', '#3 rebar', 1),
    option('rebar-4', '#4 rebar', 1.3),
  ]),
  plumbing: optionPriced(350_000, 'perimeter_ft', 2_500, [
    option('standard', 'Standard', 1),
    option('spa', 'With spa lines', 1.35),
  ]),
  electrical: optionPriced(350_000, 'flat', 0, [
    option('standard', 'Standard', 1),
    option('automation', 'With automation wiring', 1.25),
  ]),
  shotcrete: optionPriced(100_000, 'shell_yd3', 16_000, [
    option('shotcrete', 'Shotcrete', 1),
    option('gunite', 'Gunite', 0.95),
  ]),
  tile: optionPriced(0, 'perimeter_ft', 4_500, [
    option('ceramic', 'Ceramic', 1),
    option('stone', 'Stone', 1.4),
    option('glass', 'Glass', 1.8),
  ]),
  decking: optionPriced(0, 'deck_ft2', 800, [
    option('broom', 'Broom concrete', 1),
    option('stamped', 'Stamped concrete', 2.8),
    option('pavers', 'Pavers', 3.5),
    option('travertine', 'Travertine', 4),
  ]),
  extras: {
    base: 0,
    unit: 'items',
    unitPrice: 0,
    options: [],
    items: [
      { key: 'led-light', label: 'LED light', price: 90_000 },
      { key: 'gas-heater', label: 'Gas heater', price: 450_000 },
      { key: 'heat-pump', label: 'Heat pump', price: 550_000 },
      { key: 'automation', label: 'Automation', price: 300_000 },
      { key: 'sheer-descent', label: 'Sheer descent', price: 250_000 },
      { key: 'salt-system', label: 'Salt system', price: 200_000 },
      { key: 'safety-cover', label: 'Safety cover', price: 350_000 },
    ],
  },
  interior: optionPriced(0, 'surface_ft2', 450, [
    option('white-plaster', 'White plaster', 1),
    option('quartz', 'Quartz', 1.6),
    option('pebble', 'Pebble', 2.8),
  ]),
  'pool-startup': optionPriced(55_000, 'flat', 0, [option('standard', 'Standard', 1)]),
}
