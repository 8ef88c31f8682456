import { createActor, fromPromise, waitFor, type ActorOptions, type AnyActorLogic } from 'xstate'
import type { ProjectsCallName } from '../../machines/projects/projects.types'
import type { NamedCall } from '../../contract/routes'
import type { ClientCall, ClientCallResult } from '../../machines/client/client.types'
import { sessionMachine, type SessionActor } from '../../machines/session/session.machine'
import type { DataActorLogic } from '../../machines/session/session.setup'
import type { SendFile } from '../../machines/client/uploads'
import type {
  AdminCall,
  AdminCallResult,
  AdminFetchInput,
  AdminFetchResult,
} from '../../machines/admin/admin.types'
import type { Caller, LandingCallName } from '../adapters/api'
import type { NamedAnswer } from '../adapters/api/caller'
import { refreshInTurn } from '../adapters/api/session-refresh'
import { retryUnauthorized } from '../adapters/api/retry-unauthorized'
import type { Now } from '../../machines/ports'
import {
  AUTH_STORAGE_KEY,
  clearAuth,
  loadAuth,
  readRememberLogin,
  saveAuth,
} from '../adapters/auth-storage'
import { clearState, forgetState, hasStoredState, saveState } from '../adapters/state-store'
import { lateLogic } from '../../machines/ports'
import { dataActorsChunk } from './data-actors-chunk'

/** What the session needs of the API: the real one is `createApi`, tests pass a fake. */
export type SessionPorts = {
  /**
   * The landing pages' calls, of which the session makes the sign-in, refresh, logout and
   * waiting-list ones; the app passes the same caller on to the routes (validate, stages).
   */
  call: Caller<LandingCallName>
  fetchAdmin(input: AdminFetchInput, signal?: AbortSignal): Promise<AdminFetchResult>
  /** Every builder call (edit-pool, quotes, requests), named as the route table names it. */
  clientCall(call: ClientCall, signal?: AbortSignal): Promise<ClientCallResult>
  /** Every admin write, named as the route table names it. */
  adminCall(call: AdminCall, signal?: AbortSignal): Promise<AdminCallResult>
  /** The Projects' calls (PRODUCT.md §18), named as the route table names them. */
  projectsCall<K extends ProjectsCallName>(
    call: NamedCall<K>,
    signal?: AbortSignal,
  ): Promise<NamedAnswer<K>>
  /** POST /api/files, multipart, reporting the bytes sent. */
  uploadFile: SendFile
}

/**
 * The composition root of the session: the ports provided to the machines, storage restored
 * before the first route decision, and other tabs followed through `storage` events.
 * `makePorts` gets the current access token, which only the session knows. `now` is the one
 * clock the machines read: the wall clock here, since their timers run on real timeouts.
 * Tests pass `observe`: a simulated `clock` for those timers (then `now` must read it), and
 * `inspect` to record every transition of the session and its children.
 */
export async function createSession<P extends SessionPorts>(
  makePorts: (getToken: () => string | null) => P,
  now: Now = Date.now,
  observe: Pick<ActorOptions<AnyActorLogic>, 'clock' | 'inspect'> = {},
): Promise<{ actor: SessionActor; ports: P }> {
  const token = () => session.getSnapshot().context.accessToken
  const ports = makePorts(token)
  const unauthorized = (draft?: ClientCall) => session.send({ type: 'session.unauthorized', draft })
  const settled = () => waitFor(session, (s) => !s.hasTag('refreshing'))
  const renewed = async () => (await settled()).hasTag('authenticated')
  const guarded = retryUnauthorized({ token, unauthorized, renewed })
  // The builder's calls answer 403 to a client whose city closed under a token still saying
  // Flag: the refresh brings the waiting screen, and a call is tried again only in the builder.
  const guardedBuilder = retryUnauthorized({
    token,
    unauthorized,
    renewed,
    forbidden: async (ask) => {
      if (ask) session.send({ type: 'session.forbidden' })
      return (await settled()).hasTag('route:builder')
    },
  })

  // The role machines come in a chunk of their own. A session that may be signed in, or has
  // stored data to restore, waits for it here; /login's first screen does not, and whatever
  // signs in (verify, onboarding, a refresh, another tab) waits for it before it resolves.
  let dataActors: DataActorLogic | undefined
  const dataActorsLoaded = async () => {
    const chunk = await dataActorsChunk()
    dataActors ??= chunk.provideDataActors(ports, guarded, guardedBuilder)
    return chunk
  }
  const restored = loadAuth()
  const restoredChildren =
    hasStoredState() || restored?.isAuthenticated
      ? await (await dataActorsLoaded()).restoreChildren()
      : { client: null, admin: null, projects: null }

  const machine = sessionMachine.provide({
    actors: {
      requestCode: fromPromise(({ input, signal }) =>
        ports.call('login', { body: { email: input.email } }, signal),
      ),
      verify: fromPromise(async ({ input, signal }) => {
        const { code, rememberMe, tempToken, onboarding } = input
        const [answer] = await Promise.all([
          onboarding
            ? ports.call(
                'onboarding',
                // No code once verify has proved the email: the temp token stands for it.
                { body: { code: code || undefined, rememberMe, ...onboarding }, tempToken },
                signal,
              )
            : ports.call('verify', { body: { code, rememberMe }, tempToken }, signal),
          dataActorsLoaded(),
        ])
        return answer
      }),
      refresh: fromPromise(async () => {
        const [answer] = await Promise.all([
          refreshInTurn(
            () => ports.call('refresh'),
            token,
            now,
            () => waitFor(session, (s) => !s.hasTag('refreshing') && !s.matches('resuming')),
          ),
          dataActorsLoaded(),
        ])
        return answer
      }),
      logout: fromPromise(async () => {
        await ports.call('logout')
        return null
      }),
      editStatus: fromPromise(({ input }) =>
        guarded(() => ports.call('editStatus', { body: input })),
      ),
      changeCity: fromPromise(({ input }) =>
        guarded(() => ports.call('changeCity', { body: input })),
      ),
      client: lateLogic('client', () => dataActors?.client),
      admin: lateLogic('admin', () => dataActors?.admin),
      projects: lateLogic('projects', () => dataActors?.projects),
    },
    actions: {
      persistAuth: (_, auth) => void saveAuth(auth),
      persistClient: (_, client) => {
        if (client) void saveState('client', client)
      },
      forgetChildState: (_, keys) => keys.forEach((key) => void forgetState(key)),
      clearStorage: () => {
        clearAuth()
        void clearState()
      },
    },
  })
  const session = createActor(machine, {
    input: { restored, rememberLogin: readRememberLogin(), restoredChildren, now },
    ...observe,
  })

  // Another tab signed in, refreshed or signed out: follow it (the event only fires in other tabs).
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_STORAGE_KEY || event.key === null) {
      const auth = loadAuth()
      const sync = () => session.send({ type: 'session.synced', auth })
      // Signed in there, this tab spawns the data actors: their chunk first. Events keep their
      // order, as each waits for the same load. Without the chunk a sign-out is still followed.
      void dataActorsLoaded().then(sync, () => {
        if (!auth?.isAuthenticated) sync()
      })
    }
  })
  session.start()
  return { actor: session, ports }
}
