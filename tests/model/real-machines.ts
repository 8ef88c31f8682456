import { adminMachine } from '../../machines/admin/admin.machine'
import { clientMachine } from '../../machines/client/client.machine'
import { READER_LISTS } from '../../machines/client/list-reader.state'
import { projectsMachine } from '../../machines/projects/projects.machine'
import { sessionMachine } from '../../machines/session/session.machine'
import { definedTransitions, tally, type Tally, type TransitionKey } from './coverage'

/** The app's machines, by the id their transitions are recorded under. */
export const REAL_MACHINES = {
  session: sessionMachine,
  client: clientMachine,
  admin: adminMachine,
  projects: projectsMachine,
} as const
export type RealMachineId = keyof typeof REAL_MACHINES

/**
 * Transitions the machines define but no screen can take, and why. They count against the
 * machines' coverage; the second figure leaves them out. The coverage test checks that each is
 * still a transition a machine defines.
 */
export const UNREACHABLE: Record<TransitionKey, string> = {
  'admin.data.choosing always#1':
    'only a role other than ADMIN holds admin data, and the one other role, CLIENT, gets the client actor',
  'client client.flagChanged#0':
    "the session sends it for a client's refresh or change-city answer without pool data, and the server reads pool data for every CLIENT row (server/plugins/app/accounts/session-read.ts), so the answer always carries it and the session sends client.dataRefreshed",
  'client.writes.calling client.sessionStarted#0':
    'the session sends client.sessionStarted only in the action that spawns the client actor (spawnDataActor, on entering signedIn), when its writes are ready and nothing is queued',
}

export type RealCoverage = { all: Tally; reachable: Tally }

/** The least share (%) of each machine's reachable transitions all the models' paths take together. */
export const REACHABLE_FLOOR = 90

/**
 * The client actor reads each list in a region of its own, all made by one `listReaderState`:
 * one piece of logic, tested for every list by tests/machines/client-lists.machine.test.ts. The
 * screens' paths answer for that logic once, so a reader's transition counts as taken when any
 * list's reader took it (`client.money.idle list.requested#0` → `client.‹list›.idle …`).
 */
const FOLD = new RegExp(
  `^client\\.(${READER_LISTS.join('|')})\\.(.*?)(actor\\.read\\.\\1)?(#\\d+)$`,
)
const folded = (key: TransitionKey): TransitionKey =>
  key.replace(
    FOLD,
    (_, _list: string, rest: string, read: string | undefined, index: string) =>
      `client.‹list›.${rest}${read ? 'actor.read.‹list›' : ''}${index}`,
  )

/** What the recorded runs took of each machine, against all it defines and against the reachable. */
export function realCoverage(
  taken: Partial<Record<string, readonly TransitionKey[]>>,
): Record<RealMachineId, RealCoverage> {
  const of = (id: RealMachineId): RealCoverage => {
    const defined = [...new Set(definedTransitions(REAL_MACHINES[id]).map(folded))]
    const seen = new Set((taken[id] ?? []).map(folded))
    return {
      all: tally(defined, seen),
      reachable: tally(
        defined.filter((key) => !(key in UNREACHABLE)),
        seen,
      ),
    }
  }
  return {
    session: of('session'),
    client: of('client'),
    admin: of('admin'),
    projects: of('projects'),
  }
}
