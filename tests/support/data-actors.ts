import { adminMachine } from '../../machines/admin/admin.machine'
import { clientMachine } from '../../machines/client/client.machine'
import { projectsMachine } from '../../machines/projects/projects.machine'
import type { DataActorLogic } from '../../machines/session/session.setup'
import { noStorage } from './storage-fakes'

/**
 * The role machines for a session machine under test, which the app provides from a chunk of
 * its own: each real, storing nothing. A harness spreads them first and overrides the ones
 * whose calls it fakes.
 */
export const realDataActors: DataActorLogic = {
  client: clientMachine.provide({ actions: noStorage }),
  admin: adminMachine.provide({ actions: noStorage }),
  projects: projectsMachine.provide({ actions: noStorage }),
}
