import type { PoolDesignChoices } from '../../../../contract/choices'
import { formatFeet, type DrawingLayout } from './drawing-layout'
import { ShapeOutline } from './shape-outline'

// How far the dimension lines stand off the drawing, and their labels off the lines.
const DIMENSION_GAP = 16
const LABEL_GAP = 6
const TICK = 5

/** The pool seen from above: the deck ring, the pool's outline, length, width and deck width. */
export function PlanView({ design, layout }: { design: PoolDesignChoices; layout: DrawingLayout }) {
  const { pool, deck } = layout
  const lengthY = deck.y - DIMENSION_GAP
  const widthX = deck.x - DIMENSION_GAP
  const poolRight = pool.x + pool.width
  const poolBottom = pool.y + pool.height
  const middleY = pool.y + pool.height / 2
  const deckRight = deck.x + deck.width
  return (
    <g className="plan-view">
      <text className="drawing-caption" x={4} y={14}>
        Plan view
      </text>
      {design.deckWidthFt > 0 && <ShapeOutline shape={design.shape} box={deck} className="deck" />}
      <ShapeOutline shape={design.shape} box={pool} className="pool-outline" />

      <g className="dimension" data-dimension="length">
        <line className="extension" x1={pool.x} y1={lengthY - TICK} x2={pool.x} y2={pool.y} />
        <line className="extension" x1={poolRight} y1={lengthY - TICK} x2={poolRight} y2={pool.y} />
        <line x1={pool.x} y1={lengthY} x2={poolRight} y2={lengthY} />
        <text x={pool.x + pool.width / 2} y={lengthY - LABEL_GAP} textAnchor="middle">
          {formatFeet(design.lengthFt)}
        </text>
      </g>

      <g className="dimension" data-dimension="width">
        <line className="extension" x1={widthX - TICK} y1={pool.y} x2={pool.x} y2={pool.y} />
        <line
          className="extension"
          x1={widthX - TICK}
          y1={poolBottom}
          x2={pool.x}
          y2={poolBottom}
        />
        <line x1={widthX} y1={pool.y} x2={widthX} y2={poolBottom} />
        <text
          x={widthX - LABEL_GAP}
          y={middleY}
          textAnchor="middle"
          transform={`rotate(-90 ${widthX - LABEL_GAP} ${middleY})`}
        >
          {formatFeet(design.widthFt)}
        </text>
      </g>

      {design.deckWidthFt > 0 && (
        <g className="dimension" data-dimension="deck">
          <line x1={poolRight} y1={middleY} x2={deckRight} y2={middleY} />
          <text
            x={deckRight + DIMENSION_GAP}
            y={middleY}
            textAnchor="middle"
            transform={`rotate(90 ${deckRight + DIMENSION_GAP} ${middleY})`}
          >
            {`${formatFeet(design.deckWidthFt)} deck`}
          </text>
        </g>
      )}
    </g>
  )
}
