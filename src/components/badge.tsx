import './badge.css'

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger'

/**
 * A short status in a pill, e.g. "Accepted" or "Lowest". Its words carry the meaning; the tone's
 * colour only repeats it, so `children` is text and never empty.
 */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: string }) {
  return <span className={`badge badge-${tone}`}>{children}</span>
}
