import {
  createActor,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type InspectionEvent,
  type Snapshot,
} from 'xstate'
import type { StatePath } from 'xstate/graph'

/**
 * What a run of paths touched of a machine: its leaf states and its transitions, each guarded
 * branch of an event counted apart. Shared by the coverage test, the model tests and
 * `npm run test:paths`; free of test-runner imports.
 */

/** One transition as a machine defines it: `session.awaitingCode auth.codeResent#0`. */
export type TransitionKey = string

const allNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap(allNodes),
]

/**
 * Names a transition by its state, its event and its place among that event's branches, so the
 * same transition of a machine and of its `provide()`d copy has the same key.
 */
export function transitionKey(transition: AnyTransitionDefinition): TransitionKey {
  const { source, eventType } = transition
  const branches = eventType === '' ? source.always : source.transitions.get(eventType)
  const index = (branches ?? []).indexOf(transition)
  return `${source.id} ${eventType === '' ? 'always' : eventType}#${index}`
}

const allTransitions = (machine: AnyStateMachine): AnyTransitionDefinition[] =>
  allNodes(machine.root).flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ])

/** Every transition the machine defines: `on`, `always`, `after` and invoke done/error branches. */
export function definedTransitions(machine: AnyStateMachine): TransitionKey[] {
  return allTransitions(machine).map(transitionKey)
}

/** Where each transition the machine defines leads: its targets' ids, none when it stays. */
export function transitionTargets(machine: AnyStateMachine): Map<TransitionKey, string[]> {
  return new Map(
    allTransitions(machine).map((transition) => [
      transitionKey(transition),
      (transition.target ?? []).map((target) => target.id),
    ]),
  )
}

/** Every atomic state, by id (`model.comingSoon.waiting`). */
export function leafStates(machine: AnyStateMachine): string[] {
  return allNodes(machine.root)
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.id)
}

export type Tally = { covered: string[]; missing: string[] }

export const tally = (defined: readonly string[], seen: ReadonlySet<string>): Tally => ({
  covered: defined.filter((key) => seen.has(key)),
  missing: defined.filter((key) => !seen.has(key)),
})

export const percent = ({ covered, missing }: Tally) =>
  covered.length + missing.length === 0
    ? 100
    : (100 * covered.length) / (covered.length + missing.length)

const leafIds = (snapshot: Snapshot<unknown>): string[] =>
  '_nodes' in snapshot && Array.isArray(snapshot._nodes)
    ? (snapshot._nodes as AnyStateNode[])
        .filter((node) => node.type === 'atomic' || node.type === 'final')
        .map((node) => node.id)
    : []

/**
 * Replays each path's events on the model itself and records what it passes through: the
 * model's coverage by the generated paths, independent of any app.
 */
export function modelCoverage<TEvent extends EventObject>(
  machine: AnyStateMachine,
  paths: readonly StatePath<Snapshot<unknown>, TEvent>[],
): { states: Tally; transitions: Tally } {
  const states = new Set<string>()
  const transitions = new Set<TransitionKey>()
  for (const path of paths) {
    const actor = createActor(machine, {
      inspect: (event) => {
        if (event.type !== '@xstate.microstep') return
        for (const transition of event._transitions) transitions.add(transitionKey(transition))
        for (const id of leafIds(event.snapshot)) states.add(id)
      },
    })
    actor.start()
    for (const id of leafIds(actor.getSnapshot())) states.add(id)
    for (const step of path.steps.slice(1)) actor.send(step.event)
    actor.stop()
  }
  return {
    states: tally(leafStates(machine), states),
    transitions: tally(definedTransitions(machine), transitions),
  }
}

/** The machine ids whose transitions the app's composition root runs. */
export type RealMachine = 'session' | 'client' | 'admin' | 'projects'

/** The transitions taken in the app, per machine id, from XState's inspection events. */
export function createTransitionRecorder() {
  const seen = new Map<string, Set<TransitionKey>>()
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return
    for (const transition of event._transitions) {
      const id = transition.source.machine.id
      const keys = seen.get(id) ?? new Set<TransitionKey>()
      keys.add(transitionKey(transition))
      seen.set(id, keys)
    }
  }
  return {
    inspect,
    /** What was taken so far, per machine id, sorted: the JSON the runs write. */
    taken: (): Record<string, TransitionKey[]> =>
      Object.fromEntries([...seen].map(([id, keys]) => [id, [...keys].sort()])),
  }
}
