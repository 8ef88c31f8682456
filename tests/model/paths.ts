import type { AnyStateMachine, EventFromLogic, EventObject, SnapshotFrom, StateValue } from 'xstate'
import { createTestModel, type StatePath, type TestModel } from 'xstate/graph'
import { modelCoverage } from './coverage'

/**
 * How every model is walked: the paths, how they are keyed, how QA reads them. Free of
 * test-runner imports: `npm run test:paths` loads it too.
 */

const stateLabel = (value: StateValue): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value)
        .map(([key, child]) => (child ? `${key}.${stateLabel(child)}` : key))
        .join(',')

const eventLabel = (event: EventObject) => {
  const { type, ...payload } = event
  const values = Object.values(payload).map(String)
  return values.length ? `${type}(${values.join(', ')})` : type
}

/**
 * A test model whose every transition leads to a state of its own: a snapshot is keyed by its
 * value and context, the event that led to it and the state it came from, even when that is
 * the same state (xstate/graph's default key drops a self-transition, so a reload that stays on
 * its screen would get no path). Each case of an event in `events` is tried wherever the event
 * is handled, so each guarded branch is reached by the case that takes it. The one filter drops
 * only a case that takes no transition at all (every guard false), which would otherwise be a
 * path of its own that tests nothing: it can hide no transition.
 */
export function keyedTestModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  events: readonly EventFromLogic<TMachine>[],
): TestModel<SnapshotFrom<TMachine>, EventFromLogic<TMachine>, unknown> {
  return createTestModel(machine, {
    events: [...events],
    filterEvents: (snapshot, event) => machine.getTransitionData(snapshot, event).length > 0,
    serializeTransition: (_snapshot, event, previous?: { value: StateValue }) =>
      event && previous
        ? ` via ${JSON.stringify(event)} from ${JSON.stringify(previous.value)}`
        : '',
  })
}

/** One path as QA reads it: `onboarding → OPEN_LOGIN → login → … → admin`. */
export function formatPath(path: StatePath<SnapshotFrom<AnyStateMachine>, EventObject>): string {
  const [first, ...rest] = path.steps
  const parts = first ? [stateLabel(first.state.value)] : []
  for (const step of rest) parts.push(eventLabel(step.event), stateLabel(step.state.value))
  return parts.join(' → ')
}

/**
 * The fewest of `paths`, picked greedily, that still take every transition the whole set takes:
 * what the Chromium runs walk, where each path costs seconds.
 */
export function coveringPaths<TPath extends StatePath<SnapshotFrom<AnyStateMachine>, EventObject>>(
  machine: AnyStateMachine,
  paths: readonly TPath[],
): TPath[] {
  const taken = paths.map((path) => new Set(modelCoverage(machine, [path]).transitions.covered))
  const left = new Set(taken.flatMap((keys) => [...keys]))
  const chosen: TPath[] = []
  while (left.size > 0) {
    let best = 0
    let bestGain = -1
    taken.forEach((keys, index) => {
      const gain = [...keys].filter((key) => left.has(key)).length
      if (gain > bestGain) {
        best = index
        bestGain = gain
      }
    })
    const path = paths[best]
    const keys = taken[best]
    if (!path || !keys) break
    chosen.push(path)
    for (const key of keys) left.delete(key)
  }
  return chosen
}
