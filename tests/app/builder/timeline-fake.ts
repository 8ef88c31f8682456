import { vi } from 'vitest'
import { gateOf, gateRefusal } from '../../../contract/gating'
import { DEFAULT_SCHEDULE, type NotificationPreferences, type StepSlug } from '../../../contract'
import { baselineOnStart, timeline, type ProjectFacts } from '../../../contract/scheduling'
import type { DateProposal } from '../../../contract/timeline'
import type { CheckedItem } from '../../../contract/checklists'
import type { InspectionSlug } from '../../../contract/construction'
import type { ClientCall, ClientCallResult } from '../../../machines/client/client.machine'

/** The day the fake server's timeline is computed on: a Monday. */
export const FAKE_TODAY = '2026-06-01'

/**
 * A fake of the timeline's calls behind the network edge, computed with the contract's own
 * scheduling module as the server does: the start date saves the first baseline, an inspection
 * keeps its history (a result with the checklist `checklistOf` gives), a gated step is refused until its inspection passed, an accepted date
 * proposal becomes its step's agreed start.
 */
export function createFakeTimelineApi(
  initialProposals: DateProposal[] = [],
  checklistOf: (slug: InspectionSlug) => CheckedItem[] = () => [],
) {
  let proposals = initialProposals
  const facts: ProjectFacts = { startDate: null, baseline: null, steps: {}, inspections: {} }
  let notifications: NotificationPreferences = {
    inspectionReminders: true,
    stepUpdates: true,
    warrantyReminders: true,
    tradeInsurance: true,
  }
  const answer = () => timeline(facts, DEFAULT_SCHEDULE, FAKE_TODAY, proposals)

  /** A step marked done (or not): refused with the server's 409 while its gate has not passed. */
  const markDone = (step: StepSlug, done: boolean) => {
    const gate = gateOf(step)
    if (done && gate && facts.inspections[gate.slug]?.status !== 'passed') {
      const detail = gateRefusal(step, gate)
      throw Object.assign(new Error(detail), { status: 409, code: 'INSPECTION_REQUIRED', detail })
    }
    const record = facts.steps[step] ?? { startedOn: null, doneOn: null }
    facts.steps[step] = { ...record, doneOn: done ? FAKE_TODAY : null }
  }

  let calendarTokens = 0
  const handle = async (call: ClientCall): Promise<ClientCallResult> => {
    switch (call.name) {
      case 'timeline':
        return { name: call.name, data: answer() }
      case 'setTimelineStart': {
        const change = { startDate: call.body.startDate, rebaseline: !!call.body.rebaseline }
        const savedAt = `${FAKE_TODAY}T12:00:00.000Z`
        facts.baseline =
          baselineOnStart(facts, change, DEFAULT_SCHEDULE, FAKE_TODAY, savedAt) ?? facts.baseline
        facts.startDate = change.startDate
        return { name: call.name, data: answer() }
      }
      case 'setStepStarted': {
        const record = facts.steps[call.body.step] ?? { startedOn: null, doneOn: null }
        facts.steps[call.body.step] = { ...record, startedOn: call.body.startedOn }
        return { name: call.name, data: answer() }
      }
      case 'recordInspection': {
        const { status, date, notes = '' } = call.body
        const history = facts.inspections[call.slug]?.history ?? []
        const checklist = status === 'scheduled' ? null : checklistOf(call.slug)
        const event = { status, date, notes, checklist }
        facts.inspections[call.slug] = { ...event, history: [...history, event] }
        return { name: call.name, data: answer() }
      }
      case 'answerDateProposal': {
        const { status } = call.body
        const answered = proposals.find((p) => p.id === call.id)
        if (answered && status === 'accepted') {
          const record = facts.steps[answered.step] ?? { startedOn: null, doneOn: null }
          facts.steps[answered.step] = { ...record, agreedStart: answered.start }
        }
        proposals = proposals.map((p) => (p.id === call.id ? { ...p, status } : p))
        return { name: call.name, data: answer() }
      }
      case 'notifications':
        return { name: call.name, data: notifications }
      case 'setNotifications':
        notifications = { ...call.body }
        return { name: call.name, data: notifications }
      case 'rotateCalendarToken':
        calendarTokens += 1
        return {
          name: call.name,
          data: { url: `https://poolpath.test/api/calendar/t${calendarTokens}.ics` },
        }
      default:
        throw new Error(`The fake timeline API has no ${call.name}`)
    }
  }
  return { handle: vi.fn(handle), markDone, facts }
}
