/**
 * The outlines of the curved pool shapes, shared by the design page's drawing and the passport's
 * PDF: each a closed path in a 1 × 1 box, stretched to the pool's length × width.
 */
import type { PoolShape } from './choices'

export type Box = { x: number; y: number; width: number; height: number }

export type CurvedShape = Exclude<PoolShape, 'rectangle' | 'oval'>

/** A closed outline in a 1 × 1 box: a start point, then cubic Béziers as [c1, c2, end] (u, v). */
type UnitOutline = {
  start: readonly [number, number]
  curves: readonly (readonly [number, number, number, number, number, number])[]
}

/*
 * Every control point stays inside the unit box and each side is touched at a segment's end, so
 * the outline fills exactly the length × width the estimator prices — the box the dimensions are
 * drawn against.
 */
const KIDNEY: UnitOutline = {
  start: [0.25, 0],
  curves: [
    [0.45, 0, 0.6, 0.04, 0.78, 0.04],
    [0.95, 0.04, 1, 0.25, 1, 0.45],
    [1, 0.72, 0.9, 0.9, 0.74, 0.9],
    // The bite out of the long side that gives the kidney its name.
    [0.6, 0.9, 0.56, 0.66, 0.46, 0.66],
    [0.36, 0.66, 0.34, 1, 0.2, 1],
    [0.06, 1, 0, 0.8, 0, 0.5],
    [0, 0.2, 0.08, 0, 0.25, 0],
  ],
}

const FREEFORM: UnitOutline = {
  start: [0.3, 0],
  curves: [
    [0.5, 0, 0.6, 0.15, 0.75, 0.15],
    [0.9, 0.15, 1, 0.25, 1, 0.45],
    [1, 0.7, 0.85, 0.75, 0.8, 0.85],
    [0.75, 0.95, 0.65, 1, 0.5, 1],
    [0.3, 1, 0.25, 0.85, 0.12, 0.8],
    [0.02, 0.76, 0, 0.65, 0, 0.5],
    [0, 0.3, 0.1, 0, 0.3, 0],
  ],
}

const OUTLINES: Record<CurvedShape, UnitOutline> = { kidney: KIDNEY, freeform: FREEFORM }

// One decimal of a pixel is finer than the screen can show and keeps the markup short.
const round = (n: number) => Math.round(n * 10) / 10

/** The SVG path of a curved outline filling `box` (y pointing down, as SVG and the app draw). */
export function curvedPath(shape: CurvedShape, box: Box): string {
  const outline = OUTLINES[shape]
  const at = (u: number, v: number) =>
    `${round(box.x + u * box.width)} ${round(box.y + v * box.height)}`
  const curves = outline.curves.map(
    ([u1, v1, u2, v2, u, v]) => `C ${at(u1, v1)}, ${at(u2, v2)}, ${at(u, v)}`,
  )
  return `M ${at(...outline.start)} ${curves.join(' ')} Z`
}
