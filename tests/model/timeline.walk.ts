import { expect } from 'vitest'
import type { TestParam } from 'xstate/graph'
import type { Driver } from './driver'
import type { TimelineModelEvent, TimelineSnapshot } from './timeline.model'

/** Mondays years ahead, so no step is late on any day the paths run. */
const START = '2030-06-03'
const NEW_START = '2030-07-01'
/** Pool Design's five working days from each start, as the plan's table dates them. */
const FIRST_STEP = /^Jun 3\s*–\s*7, 2030$/
const FIRST_STEP_REPLANNED = /^Jul 1\s*–\s*5, 2030$/
/** A day gone by on any clock the paths run on: the server refuses a start after today. */
const DUG_FROM = '2026-01-05'
const FAILED_NOTES = 'Forms out of square.'
const GATE = 'Needs the Layout inspection to pass.'

/** How the owner gets the Layout inspection done: Permits first, then the Timeline's card. */
function layoutInspection(d: Driver) {
  return {
    /** Permits marked done on their page, and back to the Timeline. */
    finishPermits: async () => {
      await d.click('link', 'Permits')
      await d.click('button', 'Mark as done')
      await d.expectText(/^Done since /)
      await d.click('link', 'Timeline')
    },
    // The layout's checklist is not ticked: booked anyway.
    schedule: async () => {
      await d.click('button', 'Schedule inspection')
      await d.click('button', 'Schedule anyway')
    },
    fail: async (notes: string) => {
      await d.fill('Notes', notes)
      await d.click('button', 'Failed')
    },
  }
}

/**
 * How the owner does each event of the timeline model, and what each of its states shows,
 * through a driver: the same walk runs in jsdom and in Chromium.
 */
export function timelineWalk(d: Driver): TestParam<TimelineSnapshot, TimelineModelEvent> {
  const inspections = layoutInspection(d)
  const timeline = () => d.expectScreen('Timeline', '/builder/timeline')
  const planShown = async (firstStep: RegExp) => {
    await timeline()
    await d.expectRole('button', 'Re-plan')
    await d.expectText(firstStep)
  }
  /** The Layout inspection's card, by what it says of its status. */
  const layout = async (status: string) => {
    await timeline()
    await d.expectRole('heading', 'Layout inspection')
    await d.expectText(new RegExp(`^${status}$`))
  }
  const layoutReady = async () => {
    await layout('Ready to schedule')
    await d.expectRole('button', 'Schedule inspection')
    await d.expectNoRole('button', 'Passed')
  }
  const excavation = async (status: string, gate: string) => {
    await d.expectScreen('Excavation', '/builder/excavation')
    await d.expectText('Not done yet.')
    await d.expectText(new RegExp(`^${status}$`))
    await d.expectText('Needs the Layout inspection to pass first:')
    await d.expectText(new RegExp(`^${gate}$`))
  }
  const held = async (gate: string) => {
    await excavation('Waiting', gate)
    await d.expectText(GATE)
    await d.expectRole('link', 'Go to the Layout inspection')
    expect(await d.isDisabled('button', 'Mark as done')).toBe(true)
  }
  const setStart = async (date: string, button: string) => {
    await d.fill('Project start date', date)
    await d.click('button', button)
  }

  return {
    events: {
      SET_START_DATE: () => setStart(START, 'Set start date'),
      SET_START_DATE_AS_TOKEN_EXPIRES: async () => {
        await d.refuseTokenNext('timeline')
        await setStart(START, 'Set start date')
      },
      REPLAN: () => setStart(NEW_START, 'Re-plan'),
      FINISH_PERMITS: inspections.finishPermits,
      SCHEDULE_INSPECTION: inspections.schedule,
      INSPECTION_PASSED: () => d.click('button', 'Passed'),
      INSPECTION_FAILED: () => inspections.fail(FAILED_NOTES),
      OPEN_EXCAVATION: () => d.click('link', 'Excavation'),
      GO_TO_INSPECTION: () => d.click('link', 'Go to the Layout inspection'),
      START_EXCAVATION: async () => {
        await d.fill('Started on', DUG_FROM)
        await d.click('button', 'Save start date')
      },
    },
    states: {
      unplanned: async () => {
        await timeline()
        await d.expectText('Set the project start date to see every step on a calendar.')
        await d.expectRole('button', 'Set start date')
        await d.expectNoRole('button', 'Schedule inspection')
      },
      planned: async () => {
        await planShown(FIRST_STEP)
        await d.expectText('It can be booked once the work before it is done.')
        await d.expectNoRole('button', 'Schedule inspection')
      },
      replanned: () => planShown(FIRST_STEP_REPLANNED),
      layoutReady,
      layoutLinked: layoutReady,
      digUnscheduled: () => held('Ready to schedule'),
      scheduled: async () => {
        await layout('Scheduled')
        await d.expectText(/^Scheduled for /)
        await d.expectRole('button', 'Passed')
        await d.expectRole('button', 'Failed')
      },
      failed: async () => {
        await layout('Failed')
        await d.expectText(`— ${FAILED_NOTES}`)
        await d.expectRole('button', 'Schedule inspection')
        await d.expectNoRole('button', 'Passed')
      },
      digAfterFailure: () => held('Failed'),
      passed: async () => {
        await layout('Passed')
        await d.expectText(/^Passed on /)
        await d.expectNoRole('button', 'Schedule inspection')
      },
      digReady: async () => {
        await excavation('Ready', 'Passed')
        await d.expectNoRole('link', 'Go to the Layout inspection')
        expect(await d.isDisabled('button', 'Mark as done')).toBe(false)
      },
      digging: () => excavation('In progress', 'Passed'),
    },
  }
}
