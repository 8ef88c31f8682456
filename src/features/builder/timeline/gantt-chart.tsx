import { differenceInCalendarDays } from 'date-fns'
import { useLayoutEffect, useRef } from 'react'
import type { Timeline } from '../../../../contract/timeline'
import { formatDate, formatShortDate, utcDay } from '../timeline-dates'

const DAY_WIDTH = 7
const ROW_HEIGHT = 28
const AXIS_HEIGHT = 28
const BAR_HEIGHT = 10
/** How much of the past the chart opens with, left of the day it opens at. */
const LEAD = 14 * DAY_WIDTH

type Span = { start: string; end: string }

const isDated = (span: { start: string | null; end: string | null } | null): span is Span =>
  !!span?.start && !!span.end

type Dated = { timeline: Timeline; today: string }

/** The first and last day the chart spans: every bar, the baseline and today. */
function range({ timeline, today }: Dated): { first: string; last: string } {
  const days = [today]
  for (const step of timeline.steps) {
    for (const span of [step.forecast, step.baseline, step.planned]) {
      if (isDated(span)) days.push(span.start, span.end)
    }
  }
  for (const inspection of timeline.inspections) if (inspection.date) days.push(inspection.date)
  days.sort()
  return { first: days[0] ?? today, last: days.at(-1) ?? today }
}

const xFrom = (first: string) => (iso: string) =>
  differenceInCalendarDays(utcDay(iso), utcDay(first)) * DAY_WIDTH

/**
 * Where the bars open scrolled to: today with two weeks before it, or the project start while
 * today is before it. What is done lies left, what comes next right.
 */
function initialScroll(dated: Dated): number {
  const { startDate } = dated.timeline
  const anchor = startDate && startDate > dated.today ? startDate : dated.today
  return Math.max(0, xFrom(range(dated).first)(anchor) - LEAD)
}

/** A tick every week, or every few weeks on a long build, so labels never touch. */
function ticks(first: string, total: number): { day: number; label: string }[] {
  const every = 7 * Math.max(1, Math.ceil(total / 7 / 10))
  const out = []
  for (let day = 0; day <= total; day += every) {
    const date = new Date(utcDay(first).getTime() + day * 86_400_000)
    out.push({ day, label: formatShortDate(date.toISOString().slice(0, 10)) })
  }
  return out
}

/**
 * The Gantt chart of PRODUCT.md §9: per step, its baseline (thin, grey) and forecast (solid)
 * bars; the today line; a diamond per dated inspection on the row of the step it gates. The
 * table beside it says the same in words, so the picture itself is one labelled image. The
 * steps' names are a column of their own, which stays put while the bars scroll sideways (a
 * phone shows a few weeks at a time) and open at today.
 */
export function GanttChart(dated: Dated) {
  const { timeline } = dated
  const scroller = useRef<HTMLDivElement>(null)
  const opensAt = initialScroll(dated)
  // Once per day it opens at: a refetch of the same plan leaves where the client scrolled to.
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollLeft = opensAt
  }, [opensAt])
  return (
    <div
      ref={scroller}
      className="gantt-scroll"
      role="region"
      aria-label="Gantt chart"
      tabIndex={0}
    >
      <ol className="gantt-labels" aria-hidden="true" style={{ paddingTop: AXIS_HEIGHT }}>
        {timeline.steps.map((step) => (
          <li key={step.step} style={{ height: ROW_HEIGHT, lineHeight: `${ROW_HEIGHT}px` }}>
            {step.title}
          </li>
        ))}
      </ol>
      <GanttBars {...dated} />
    </div>
  )
}

function GanttBars({ timeline, today }: Dated) {
  const { first, last } = range({ timeline, today })
  const total = differenceInCalendarDays(utcDay(last), utcDay(first)) + 1
  const x = xFrom(first)
  // Room on the right for the last tick's date and "Today".
  const width = total * DAY_WIDTH + 40
  const height = AXIS_HEIGHT + timeline.steps.length * ROW_HEIGHT + 4
  const rowOf = (step: string | null) =>
    Math.max(
      0,
      timeline.steps.findIndex((s) => s.step === (step ?? 'pool-startup')),
    )
  const todayX = x(today)
  const summary = `Gantt chart from ${formatDate(first)} to ${formatDate(last)}; the table below lists the same dates.`
  return (
    <svg
      className="gantt"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={summary}
    >
      <g className="gantt-axis">
        {ticks(first, total).map((tick) => (
          <g key={tick.day} transform={`translate(${tick.day * DAY_WIDTH} 0)`}>
            <line y1={AXIS_HEIGHT - 6} y2={height} />
            <text y={AXIS_HEIGHT - 10}>{tick.label}</text>
          </g>
        ))}
      </g>
      {timeline.steps.map((step, index) => {
        const top = AXIS_HEIGHT + index * ROW_HEIGHT
        const barWidth = (span: Span) => x(span.end) - x(span.start) + DAY_WIDTH
        return (
          <g key={step.step} className={`gantt-row gantt-${step.status}`}>
            {isDated(step.baseline) && (
              <rect
                className="gantt-baseline"
                x={x(step.baseline.start)}
                y={top + 4}
                width={barWidth(step.baseline)}
                height={4}
                rx={2}
              />
            )}
            {isDated(step.forecast) && (
              <rect
                className="gantt-forecast"
                x={x(step.forecast.start)}
                y={top + 10}
                width={barWidth(step.forecast)}
                height={BAR_HEIGHT}
                rx={3}
              />
            )}
          </g>
        )
      })}
      {timeline.inspections
        .filter((inspection) => inspection.date)
        .map((inspection) => {
          const cx = x(inspection.date ?? first) + DAY_WIDTH / 2
          const cy = AXIS_HEIGHT + rowOf(inspection.gates) * ROW_HEIGHT + ROW_HEIGHT / 2
          return (
            <path
              key={inspection.slug}
              className={`gantt-inspection gantt-inspection-${inspection.status}`}
              d={`M ${cx} ${cy - 7} l 7 7 l -7 7 l -7 -7 z`}
            />
          )
        })}
      <g className="gantt-today">
        <line x1={todayX} x2={todayX} y1={AXIS_HEIGHT - 4} y2={height} />
        <text x={todayX + 3} y={height - 4}>
          Today
        </text>
      </g>
    </svg>
  )
}
