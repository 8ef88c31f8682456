import type { PoolShape } from '../../../../../contract/choices'
import { curvedPath } from '../../../../../contract/pool-outline'
import type { Box } from './drawing-layout'

/** The outline of a pool of `shape` filling `box` — also used, larger, for the deck around it. */
export function ShapeOutline({
  shape,
  box,
  className,
}: {
  shape: PoolShape
  box: Box
  className: string
}) {
  const common = { className, 'data-shape': shape }
  switch (shape) {
    case 'rectangle':
      return <rect {...common} {...box} />
    case 'oval':
      return (
        <ellipse
          {...common}
          cx={box.x + box.width / 2}
          cy={box.y + box.height / 2}
          rx={box.width / 2}
          ry={box.height / 2}
        />
      )
    case 'kidney':
      return <path {...common} d={curvedPath('kidney', box)} />
    case 'freeform':
      return <path {...common} d={curvedPath('freeform', box)} />
  }
}
