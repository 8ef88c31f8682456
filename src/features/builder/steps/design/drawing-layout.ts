import type { PoolDesignChoices } from '../../../../../contract/choices'

/** One scale for the plan and the profile, so lengths and depths compare by eye. */
export const PX_PER_FT = 10

/*
 * The labels' size. A drawing wider than the reference pool's is shown smaller to fit its card, so
 * its labels are drawn larger in proportion and still read at about LABEL_PX on the screen.
 */
const LABEL_PX = 14
const REFERENCE_WIDTH_PX = 400

// Room around the drawing for the captions and the dimension labels, in label sizes (em): the
// sides fit "12.5 ft" even at the larger size a phone shows (pool-design.css).
const MARGIN_SIDE_EM = 6.5
const MARGIN_TOP_EM = 4.6
const GAP_BELOW_PLAN_EM = 4.6
const MARGIN_BOTTOM_EM = 2
// Water sits a little below the deck, as in a finished pool.
const FREEBOARD_FT = 0.5

export type Box = { x: number; y: number; width: number; height: number }

/** Where everything goes, in SVG user units (px), for one design. */
export type DrawingLayout = {
  width: number
  height: number
  /** The labels' font size; every gap around them is a multiple of it. */
  em: number
  /** The pool's bounding box in the plan: length across, width down. */
  pool: Box
  /** The deck's outer bounding box in the plan, deckWidthFt around the pool. */
  deck: Box
  /** The ground (deck) level of the profile, and where its water line is. */
  groundY: number
  waterY: number
  /** The profile's floor at the shallow and at the deep wall. */
  shallowFloorY: number
  deepFloorY: number
}

const ft = (feet: number) => feet * PX_PER_FT

/**
 * The plan sits on top and the depth profile (a section along the length) below it, both
 * starting at the same x so the profile's walls line up under the plan's ends.
 */
export function layoutDrawing(design: PoolDesignChoices): DrawingLayout {
  const { lengthFt, widthFt, shallowDepthFt, deepDepthFt, deckWidthFt } = design
  const em = LABEL_PX * Math.max(1, ft(lengthFt + 2 * deckWidthFt) / REFERENCE_WIDTH_PX)
  const deck = {
    x: MARGIN_SIDE_EM * em,
    y: MARGIN_TOP_EM * em,
    width: ft(lengthFt + 2 * deckWidthFt),
    height: ft(widthFt + 2 * deckWidthFt),
  }
  const pool = {
    x: deck.x + ft(deckWidthFt),
    y: deck.y + ft(deckWidthFt),
    width: ft(lengthFt),
    height: ft(widthFt),
  }
  const groundY = deck.y + deck.height + GAP_BELOW_PLAN_EM * em
  return {
    // Whole pixels keep the viewBox readable; rounding up never clips a label.
    width: Math.ceil(deck.width + 2 * deck.x),
    height: Math.ceil(groundY + ft(deepDepthFt) + MARGIN_BOTTOM_EM * em),
    em,
    pool,
    deck,
    groundY,
    waterY: groundY + ft(FREEBOARD_FT),
    shallowFloorY: groundY + ft(shallowDepthFt),
    deepFloorY: groundY + ft(deepDepthFt),
  }
}

const feet = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

/** A dimension as the drawing labels it: "32 ft", "3.5 ft". */
export const formatFeet = (value: number) => `${feet.format(value)} ft`

const SHAPE_NAMES = {
  rectangle: 'rectangle',
  oval: 'oval',
  kidney: 'kidney-shaped pool',
  freeform: 'freeform pool',
} as const

/** What the drawing shows, in words, for people who cannot see it. */
export function describeDrawing(design: PoolDesignChoices): string {
  const { lengthFt, widthFt, shallowDepthFt, deepDepthFt, deckWidthFt } = design
  const deck = deckWidthFt > 0 ? `a ${formatFeet(deckWidthFt)} deck` : 'no deck'
  return (
    `Plan view: ${feet.format(lengthFt)} by ${formatFeet(widthFt)} ` +
    `${SHAPE_NAMES[design.shape]} with ${deck}. ` +
    `Depth profile: ${formatFeet(shallowDepthFt)} at the shallow end to ` +
    `${formatFeet(deepDepthFt)} at the deep end.`
  )
}
