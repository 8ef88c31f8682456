import type { PoolDesignChoices } from '../../../../../contract/choices'
import { DepthProfile } from './depth-profile'
import { describeDrawing, layoutDrawing } from './drawing-layout'
import { PlanView } from './plan-view'

/**
 * The pool to scale: the plan view above, the depth profile (a section along the length) below,
 * both at the same feet-to-pixel scale. It shrinks with its container (phones) but is never drawn
 * larger than that scale, so a bigger pool looks bigger.
 */
export function PoolDrawing({ design }: { design: PoolDesignChoices }) {
  const layout = layoutDrawing(design)
  const description = describeDrawing(design)
  return (
    <svg
      className="pool-drawing"
      role="img"
      aria-label={description}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width="100%"
      fontSize={layout.em}
      style={{ maxWidth: `${layout.width}px` }}
    >
      {/* The title is the tooltip for a mouse; the label is what assistive technology reads. */}
      <title>{description}</title>
      <PlanView design={design} layout={layout} />
      <DepthProfile design={design} layout={layout} />
    </svg>
  )
}
