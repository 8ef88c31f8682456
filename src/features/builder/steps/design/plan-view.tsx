import type { PoolDesignChoices } from '../../../../../contract/choices'
import { formatFeet, type DrawingLayout } from './drawing-layout'
import { ShapeOutline } from './shape-outline'

// How far the dimension lines stand off the drawing, and their labels off the lines (in em).
const DIMENSION_GAP_EM = 1.15
const LABEL_GAP_EM = 0.45
const TICK_EM = 0.35
const CAPTION_Y_EM = 1.15

/** The pool seen from above: the deck ring, the pool's outline, length, width and deck width. */
export function PlanView({ design, layout }: { design: PoolDesignChoices; layout: DrawingLayout }) {
  const { pool, deck, em } = layout
  const dimensionGap = DIMENSION_GAP_EM * em
  const labelGap = LABEL_GAP_EM * em
  const tick = TICK_EM * em
  const lengthY = deck.y - dimensionGap
  const widthX = deck.x - dimensionGap
  const poolRight = pool.x + pool.width
  const poolBottom = pool.y + pool.height
  const middleY = pool.y + pool.height / 2
  const deckRight = deck.x + deck.width
  return (
    <g className="plan-view">
      <text className="drawing-caption" x={4} y={CAPTION_Y_EM * em}>
        Plan view
      </text>
      {design.deckWidthFt > 0 && <ShapeOutline shape={design.shape} box={deck} className="deck" />}
      <ShapeOutline shape={design.shape} box={pool} className="pool-outline" />

      <g className="dimension" data-dimension="length">
        <line className="extension" x1={pool.x} y1={lengthY - tick} x2={pool.x} y2={pool.y} />
        <line className="extension" x1={poolRight} y1={lengthY - tick} x2={poolRight} y2={pool.y} />
        <line x1={pool.x} y1={lengthY} x2={poolRight} y2={lengthY} />
        <text x={pool.x + pool.width / 2} y={lengthY - labelGap} textAnchor="middle">
          {formatFeet(design.lengthFt)}
        </text>
      </g>

      <g className="dimension" data-dimension="width">
        <line className="extension" x1={widthX - tick} y1={pool.y} x2={pool.x} y2={pool.y} />
        <line
          className="extension"
          x1={widthX - tick}
          y1={poolBottom}
          x2={pool.x}
          y2={poolBottom}
        />
        <line x1={widthX} y1={pool.y} x2={widthX} y2={poolBottom} />
        <text
          x={widthX - labelGap}
          y={middleY}
          textAnchor="middle"
          transform={`rotate(-90 ${widthX - labelGap} ${middleY})`}
        >
          {formatFeet(design.widthFt)}
        </text>
      </g>

      {design.deckWidthFt > 0 && (
        <g className="dimension" data-dimension="deck">
          <line x1={poolRight} y1={middleY} x2={deckRight} y2={middleY} />
          <text
            x={deckRight + dimensionGap}
            y={middleY}
            textAnchor="middle"
            transform={`rotate(90 ${deckRight + dimensionGap} ${middleY})`}
          >
            {`${formatFeet(design.deckWidthFt)} deck`}
          </text>
        </g>
      )}
    </g>
  )
}
