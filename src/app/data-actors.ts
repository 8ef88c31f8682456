import { fromPromise } from 'xstate'
import { z } from 'zod/mini'
import { adminMachine, parseAdminContext } from '../../machines/admin/admin.machine'
import {
  clientMachine,
  parseClientContext,
  type ClientCall,
} from '../../machines/client/client.machine'
import { sendFileLogic } from '../../machines/client/uploads'
import { parseProjectsContext, projectsMachine } from '../../machines/projects/projects.machine'
import type { DataActorLogic } from '../../machines/session/session.setup'
import type { RestoredChildren } from '../../machines/session/session.types'
import { loadState, saveChanged, saveState } from '../adapters/state-store'
import type { SessionPorts } from './create-session'

// The role machines and what reads their stored state: a chunk of its own, which /login loads
// after its first screen and anything that signs in waits for (create-session.ts).

/** A call tried again once after a refresh when it is answered 401 (or, in the builder, 403). */
type Guarded = <T>(call: () => Promise<T>, draft?: ClientCall) => Promise<T>

/** The role machines with their calls and storage provided. */
export function provideDataActors(
  ports: SessionPorts,
  guarded: Guarded,
  guardedBuilder: Guarded,
): DataActorLogic {
  return {
    client: clientMachine.provide({
      actors: {
        clientCall: fromPromise(({ input, signal }) =>
          guardedBuilder(() => ports.clientCall(input, signal), input),
        ),
        // An upload answered 401 is sent again after the refresh, its progress from zero.
        sendFile: sendFileLogic((request, onProgress, signal) =>
          guardedBuilder(() => ports.uploadFile(request, onProgress, signal)),
        ),
      },
      actions: { persist: (_, context) => void saveState('client', context) },
    }),
    admin: adminMachine.provide({
      actors: {
        fetchAdminData: fromPromise(({ input, signal }) =>
          guarded(() => ports.fetchAdmin({ etag: input.etag }, signal)),
        ),
        adminCall: fromPromise(({ input, signal }) =>
          guarded(() => ports.adminCall(input, signal)),
        ),
      },
      actions: { persist: (_, context) => void saveChanged('admin', context) },
    }),
    projects: projectsMachine.provide({
      actors: {
        fetchProjects: fromPromise(async ({ signal }) =>
          guarded(async () => (await ports.projectsCall({ name: 'projects' }, signal)).data),
        ),
        fetchProject: fromPromise(async ({ input, signal }) =>
          guarded(
            async () => (await ports.projectsCall({ name: 'project', ...input }, signal)).data,
          ),
        ),
        enterQuote: fromPromise(async ({ input, signal }) =>
          guarded(async () => (await ports.projectsCall(input, signal)).data),
        ),
      },
      actions: { persist: (_, context) => void saveState('projects', context) },
    }),
  }
}

/** The data actors' stored contexts, each checked: one that no longer fits is left out. */
export async function restoreChildren(): Promise<RestoredChildren> {
  const [client, admin, projects] = await Promise.all([
    loadState('client', z.unknown()),
    loadState('admin', z.unknown()),
    loadState('projects', z.unknown()),
  ])
  return {
    client: parseClientContext(client),
    admin: parseAdminContext(admin),
    projects: parseProjectsContext(projects),
  }
}
