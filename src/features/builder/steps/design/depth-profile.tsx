import type { PoolDesignChoices } from '../../../../../contract/choices'
import { formatFeet, PX_PER_FT, type DrawingLayout } from './drawing-layout'

// How far the depth lines stand off the walls, their labels off the lines, the caption above (em).
const DIMENSION_GAP_EM = 0.7
const LABEL_GAP_EM = 0.45
const CAPTION_ABOVE_GROUND_EM = 1.7
// A deck slab is about 4 inches of concrete, drawn to the same scale as the rest.
const DECK_THICKNESS = 0.4 * PX_PER_FT

const points = (list: readonly (readonly [number, number])[]) =>
  list.map(([x, y]) => `${x},${y}`).join(' ')

/** The pool cut along its length: soil, the hole, the water up to its line, and both depths. */
export function DepthProfile({
  design,
  layout,
}: {
  design: PoolDesignChoices
  layout: DrawingLayout
}) {
  const { pool, deck, groundY, waterY, shallowFloorY, deepFloorY, em } = layout
  const dimensionGap = DIMENSION_GAP_EM * em
  const labelGap = LABEL_GAP_EM * em
  const left = pool.x
  const right = pool.x + pool.width
  // A shallow third, a slope, a deep third: the average is still (shallow + deep) / 2, the
  // depth the estimator prices the water and the walls with.
  const third = pool.width / 3
  const floor = [
    [left, shallowFloorY],
    [left + third, shallowFloorY],
    [right - third, deepFloorY],
    [right, deepFloorY],
  ] as const
  const hole = points([[left, groundY], ...floor, [right, groundY]])
  return (
    <g className="depth-profile">
      <text className="drawing-caption" x={4} y={groundY - CAPTION_ABOVE_GROUND_EM * em}>
        Depth profile
      </text>
      <rect
        className="soil"
        x={0}
        y={groundY}
        width={layout.width}
        height={layout.height - groundY}
      />
      <polygon className="hole" points={hole} />
      <polygon className="water" points={points([[left, waterY], ...floor, [right, waterY]])} />
      <line className="water-line" x1={left} y1={waterY} x2={right} y2={waterY} />
      <polyline className="pool-wall" points={hole} />
      {/* The deck at both ends, each deckWidthFt wide like the ring in the plan. */}
      {design.deckWidthFt > 0 &&
        [deck.x, right].map((x) => (
          <rect
            key={x}
            className="deck-slab"
            x={x}
            y={groundY - DECK_THICKNESS}
            width={left - deck.x}
            height={DECK_THICKNESS}
          />
        ))}

      <g className="dimension" data-dimension="shallow">
        <line x1={left - dimensionGap} y1={groundY} x2={left - dimensionGap} y2={shallowFloorY} />
        <text
          x={left - dimensionGap - labelGap}
          y={(groundY + shallowFloorY) / 2}
          textAnchor="end"
          dominantBaseline="middle"
        >
          {formatFeet(design.shallowDepthFt)}
        </text>
      </g>
      <g className="dimension" data-dimension="deep">
        <line x1={right + dimensionGap} y1={groundY} x2={right + dimensionGap} y2={deepFloorY} />
        <text
          x={right + dimensionGap + labelGap}
          y={(groundY + deepFloorY) / 2}
          dominantBaseline="middle"
        >
          {formatFeet(design.deepDepthFt)}
        </text>
      </g>
    </g>
  )
}
