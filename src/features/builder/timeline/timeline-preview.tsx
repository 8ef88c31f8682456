import type { TimelineStep } from '../../../../contract/timeline'

/** A bar's place in the sample: where it starts and how long it lasts, in % of the outline. */
type SampleBar = { step: string; title: string; left: number; width: number }

/** A step's length in the sample: longer steps look longer, and the shortest still shows. */
const weight = (step: TimelineStep) => Math.sqrt(Math.max(1, step.durationDays))

/**
 * The steps one after another, as a staircase: the shape of a plan, not its dates (the server
 * dates it once a start date is set).
 */
function sampleBars(steps: readonly TimelineStep[]): SampleBar[] {
  const total = steps.reduce((sum, step) => sum + weight(step), 0)
  let start = 0
  return steps.map((step) => {
    const bar = {
      step: step.step,
      title: step.title,
      left: (start / total) * 100,
      width: (weight(step) / total) * 100,
    }
    start += weight(step)
    return bar
  })
}

/**
 * What the Timeline will look like before it has dates: a faint outline of every step, marked
 * as a preview, under a word on how to begin. The shapes are decoration; the caption says it.
 */
export function TimelinePreview({ steps }: { steps: readonly TimelineStep[] }) {
  return (
    <figure className="timeline-card timeline-preview" aria-labelledby="timeline-preview-title">
      <figcaption>
        <span className="timeline-preview-tag">Preview</span>
        <strong id="timeline-preview-title">Your dates will appear here</strong>
        <span className="timeline-preview-how">
          Set the project start date to see every step on a calendar.
        </span>
      </figcaption>
      <ol className="timeline-preview-rows" aria-hidden="true">
        {sampleBars(steps).map((bar) => (
          <li key={bar.step}>
            <span className="timeline-preview-label">{bar.title}</span>
            <span className="timeline-preview-track">
              <span
                className="timeline-preview-bar"
                style={{ marginLeft: `${bar.left}%`, width: `${bar.width}%` }}
              />
            </span>
          </li>
        ))}
      </ol>
    </figure>
  )
}
