import { setup, type SnapshotFrom } from 'xstate'
import { keyedTestModel } from './paths'

/**
 * A pure model of the owner's Timeline (PRODUCT.md §9): the start date set (or set just as the
 * access token expired: one silent refresh, then saved) and the plan re-planned, Permits done so
 * the Layout inspection can be booked, the inspection scheduled, failed and booked again, or
 * passed; and Excavation, which that inspection gates, seen from its own page: held back ("Mark as
 * done" waits) until the inspection passed, then started. The owner has a saved design and no
 * start date yet. The owner re-plans before Permits are done, and looks at Excavation before
 * booking the inspection: the paths go on from there, so four of them take every transition. timeline.walk.ts says how the owner does each event and what each state shows; its
 * paths run in jsdom (timeline.model.test.tsx) and in Chromium
 * (tests/e2e/timeline-paths.test.ts). Free of test-runner imports: the QA script loads it.
 */

export type TimelineModelEvent =
  | { type: 'SET_START_DATE' }
  /** The start date saved just as the access token expired: one silent refresh, then saved. */
  | { type: 'SET_START_DATE_AS_TOKEN_EXPIRES' }
  /** Another start date, and "Re-plan": the plan from it is the new baseline. */
  | { type: 'REPLAN' }
  /** Permits marked done on their page, and back to the Timeline: the Layout inspection opens. */
  | { type: 'FINISH_PERMITS' }
  /** "Schedule inspection" for today, booked although its checklist is not ticked. */
  | { type: 'SCHEDULE_INSPECTION' }
  | { type: 'INSPECTION_PASSED' }
  /** "Failed", with notes. */
  | { type: 'INSPECTION_FAILED' }
  /** Excavation, from the Build steps. */
  | { type: 'OPEN_EXCAVATION' }
  /** "Go to the Layout inspection", from Excavation's page. */
  | { type: 'GO_TO_INSPECTION' }
  /** Its "Started on" date saved. */
  | { type: 'START_EXCAVATION' }

export const timelineModel = setup({
  types: { events: {} as TimelineModelEvent },
}).createMachine({
  id: 'timeline',
  initial: 'unplanned',
  states: {
    /** /builder/timeline with no start date: "Set the project start date…" and "Set start date". */
    unplanned: {
      on: { SET_START_DATE: 'planned', SET_START_DATE_AS_TOKEN_EXPIRES: 'planned' },
    },
    /** The plan from the start date, "Re-plan", and the Layout inspection waiting for Permits. */
    planned: { on: { REPLAN: 'replanned' } },
    /** The plan and its baseline from the new start date. */
    replanned: { on: { FINISH_PERMITS: 'layoutReady' } },
    /** The Layout inspection "Ready to schedule", with "Schedule inspection". */
    layoutReady: { on: { OPEN_EXCAVATION: 'digUnscheduled' } },
    /** Excavation "Waiting", its gate "Ready to schedule", "Mark as done" disabled, saying why. */
    digUnscheduled: { on: { GO_TO_INSPECTION: 'layoutLinked' } },
    /** The Timeline again, at the Layout inspection "Ready to schedule". */
    layoutLinked: { on: { SCHEDULE_INSPECTION: 'scheduled' } },
    /** "Scheduled for …", with "Passed" and "Failed". */
    scheduled: { on: { INSPECTION_PASSED: 'passed', INSPECTION_FAILED: 'failed' } },
    /** "Failed on … — notes", to be scheduled again. */
    failed: { on: { SCHEDULE_INSPECTION: 'scheduled', OPEN_EXCAVATION: 'digAfterFailure' } },
    /** Excavation "Waiting", its gate "Failed", "Mark as done" disabled, saying why. */
    digAfterFailure: {},
    /** "Passed on …", and nothing left to record. */
    passed: { on: { OPEN_EXCAVATION: 'digReady' } },
    /** Excavation "Ready", its gate "Passed", "Mark as done" enabled. */
    digReady: { on: { START_EXCAVATION: 'digging' } },
    /** Excavation "In progress". */
    digging: {},
  },
})

export type TimelineSnapshot = SnapshotFrom<typeof timelineModel>

export const createTimelineTestModel = () => keyedTestModel(timelineModel, [])
