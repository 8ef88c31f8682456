import type { ReactNode } from 'react'

/** One figure of a portal card: its name over its value, inside a `dl.portal-figures`. */
export function PortalFigure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="portal-figure">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}
