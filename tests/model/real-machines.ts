import { adminMachine } from '../../machines/admin/admin.machine'
import { clientMachine } from '../../machines/client/client.machine'
import { sessionMachine } from '../../machines/session/session.machine'
import { definedTransitions, tally, type Tally, type TransitionKey } from './coverage'

/** The app's machines, by the id their transitions are recorded under. */
export const REAL_MACHINES = {
  session: sessionMachine,
  client: clientMachine,
  admin: adminMachine,
} as const
export type RealMachineId = keyof typeof REAL_MACHINES

/**
 * Transitions the machines define but no screen can take, and why. They count against the
 * machines' coverage; the second figure leaves them out. The coverage test checks that the
 * seed events named in `SEED_EVENTS_NOT_SENT` are still sent by nothing under src/.
 */
export const UNREACHABLE: Record<TransitionKey, string> = {
  'admin admin.itemCreated#0': 'a seed event no screen sends: lists change by admin.callRequested',
  'admin admin.itemEdited#0': 'a seed event no screen sends: lists change by admin.callRequested',
  'admin admin.itemDeleted#0': 'a seed event no screen sends: lists change by admin.callRequested',
  'admin admin.tipEdited#0': 'a seed event no screen sends: tips change by admin.callRequested',
  'admin admin.stageEdited#0': 'a seed event no screen sends: prices change by admin.callRequested',
  'admin.writes.ready admin.failureDismissed#0':
    "no screen sends it (use-admin's dismiss is unused): a refusal shows only in the dialog whose call it names, so closing that dialog hides it",
  'admin.data.choosing always#1':
    'only a role other than ADMIN holds admin data, and the one other role, CLIENT, gets the client actor',
}

/** The events of UNREACHABLE that no file under src/ names at all. */
export const SEED_EVENTS_NOT_SENT = [
  'admin.itemCreated',
  'admin.itemEdited',
  'admin.itemDeleted',
  'admin.tipEdited',
  'admin.stageEdited',
]

export type RealCoverage = { all: Tally; reachable: Tally }

/** What the recorded runs took of each machine, against all it defines and against the reachable. */
export function realCoverage(
  taken: Partial<Record<string, readonly TransitionKey[]>>,
): Record<RealMachineId, RealCoverage> {
  const of = (id: RealMachineId): RealCoverage => {
    const defined = definedTransitions(REAL_MACHINES[id])
    const seen = new Set(taken[id] ?? [])
    return {
      all: tally(defined, seen),
      reachable: tally(
        defined.filter((key) => !(key in UNREACHABLE)),
        seen,
      ),
    }
  }
  return { session: of('session'), client: of('client'), admin: of('admin') }
}
