import type { PoolDesignChoices } from '../../../../../contract/choices'
import { DepthProfile } from './depth-profile'
import { describeDrawing, layoutDrawing } from './drawing-layout'
import { PlanView } from './plan-view'
import './pool-design.css'

/**
 * The pool to scale: the plan view above, the depth profile (a section along the length) below,
 * both at the same feet-to-pixel scale. It shrinks with its container (phones) but is never drawn
 * larger than that scale, so a bigger pool looks bigger. `plan` draws the plan alone, framed
 * close around the deck: the project's picture, small, where the Overview names the project.
 */
export function PoolDrawing({
  design,
  plan = false,
}: {
  design: PoolDesignChoices
  plan?: boolean
}) {
  const layout = layoutDrawing(design)
  const description = describeDrawing(design)
  const { deck, em } = layout
  const viewBox = plan
    ? `${deck.x - em} ${deck.y - em} ${deck.width + 2 * em} ${deck.height + 2 * em}`
    : `0 0 ${layout.width} ${layout.height}`
  return (
    <svg
      className={plan ? 'pool-drawing pool-drawing-plan' : 'pool-drawing'}
      role="img"
      aria-label={description}
      viewBox={viewBox}
      width="100%"
      fontSize={em}
      style={plan ? undefined : { maxWidth: `${layout.width}px` }}
    >
      {/* The title is the tooltip for a mouse; the label is what assistive technology reads. */}
      <title>{description}</title>
      <PlanView design={design} layout={layout} />
      {!plan && <DepthProfile design={design} layout={layout} />}
    </svg>
  )
}
