import { createActor, fromPromise, waitFor, type ActorOptions, type AnyActorLogic } from 'xstate'
import { z } from 'zod/mini'
import { adminMachine } from '../../machines/admin/admin.machine'
import {
  clientMachine,
  type ClientCall,
  type ClientCallResult,
} from '../../machines/client/client.machine'
import { sessionMachine, type SessionActor } from '../../machines/session/session.machine'
import { refreshDelay } from '../../machines/session/token'
import { sendFileLogic, type SendFile } from '../../machines/client/uploads'
import type {
  AdminCall,
  AdminCallResult,
  AdminFetchInput,
  AdminFetchResult,
} from '../../machines/admin/admin.types'
import type { RefreshData } from '../../contract'
import { isApiError, type Caller } from '../adapters/api'
import type { Now } from '../../machines/ports'
import {
  AUTH_STORAGE_KEY,
  clearAuth,
  loadAuth,
  readRememberLogin,
  saveAuth,
} from '../adapters/auth-storage'
import {
  clearState,
  forgetState,
  hasStoredState,
  loadState,
  saveChanged,
  saveState,
} from '../adapters/state-store'

/** Another tab may be refreshing right now: Web Locks make the tabs take turns. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return work()
  return navigator.locks.request('poolpath-refresh', work)
}

/** The calls the session makes itself: sign-in, refresh, logout and the waiting list. */
export type SessionCallName =
  'login' | 'verify' | 'onboarding' | 'refresh' | 'logout' | 'editStatus' | 'changeCity'

/** What the session needs of the API: the real one is `createApi`, tests pass a fake. */
export type SessionPorts = {
  call: Caller<SessionCallName>
  fetchAdmin(input: AdminFetchInput, signal?: AbortSignal): Promise<AdminFetchResult>
  /** Every builder call (edit-pool, quotes, requests), named as the route table names it. */
  clientCall(call: ClientCall, signal?: AbortSignal): Promise<ClientCallResult>
  /** Every admin write, named as the route table names it. */
  adminCall(call: AdminCall, signal?: AbortSignal): Promise<AdminCallResult>
  /** POST /api/files, multipart, reporting the bytes sent. */
  uploadFile: SendFile
}

/** A token another tab stored while this one waited for its turn, if it is still good. */
function storedElsewhere(current: () => string | null, now: Now): RefreshData | null {
  const stored = loadAuth()
  const fresh =
    stored?.isAuthenticated &&
    stored.accessToken &&
    stored.accessToken !== current() &&
    refreshDelay(stored.accessToken, stored.tokenReceivedAt ?? null, now())
  if (!stored || !stored.accessToken || !stored.role || !stored.userData || !fresh) return null
  return {
    Token: stored.accessToken,
    role: stored.role,
    userData: stored.userData,
    Flag: stored.flag ?? false,
  }
}

/**
 * Refreshes once across all tabs: inside the lock, a token that another tab stored meanwhile
 * is taken instead of rotating the refresh cookie a second time. The lock is held until this
 * tab has stored what it got (`stored` settles), so the next tab in turn finds it.
 */
function refreshOnce(
  ports: SessionPorts,
  current: () => string | null,
  now: Now,
  stored: () => Promise<unknown>,
): Promise<RefreshData> {
  return new Promise((resolve, reject) => {
    inTurn(async () => {
      resolve(storedElsewhere(current, now) ?? (await ports.call('refresh')))
      await stored()
    }).catch(reject)
  })
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
  let actor: SessionActor | null = null
  const token = () => actor?.getSnapshot().context.accessToken ?? null
  const ports = makePorts(token)
  const unauthorized = (error: unknown) => isApiError(error) && error.status === 401
  /**
   * A data call answered 401 (its access token expired) is retried once after one refresh: the
   * session refreshes once for every call that waits on it, and a call whose token was replaced
   * meanwhile is retried at once. If the refresh fails the session ends, keeping `draft` (the
   * client's edit); a second 401 ends it too.
   */
  const guarded = async <T>(call: () => Promise<T>, draft?: ClientCall): Promise<T> => {
    const used = token()
    try {
      return await call()
    } catch (error) {
      if (!actor || !unauthorized(error)) throw error
      if (token() === used) actor.send({ type: 'session.unauthorized', draft })
      // The refresh runs from the moment it is asked for: done when it is over, either way.
      const renewed = await waitFor(actor, (s) => !s.hasTag('refreshing'))
      if (!renewed.hasTag('authenticated')) throw error
    }
    try {
      return await call()
    } catch (error) {
      if (unauthorized(error)) actor.send({ type: 'session.unauthorized' })
      throw error
    }
  }

  const restored = loadAuth()
  const restoredChildren = hasStoredState()
    ? {
        client: await loadState('client', z.unknown()),
        admin: await loadState('admin', z.unknown()),
      }
    : { client: null, admin: null }

  const machine = sessionMachine.provide({
    actors: {
      requestCode: fromPromise(({ input, signal }) =>
        ports.call('login', { body: { email: input.email } }, signal),
      ),
      verify: fromPromise(({ input, signal }) => {
        const { code, rememberMe, tempToken, onboarding } = input
        return onboarding
          ? ports.call(
              'onboarding',
              // No code once verify has proved the email: the temp token stands for it.
              { body: { code: code || undefined, rememberMe, ...onboarding }, tempToken },
              signal,
            )
          : ports.call('verify', { body: { code, rememberMe }, tempToken }, signal)
      }),
      refresh: fromPromise(() =>
        refreshOnce(ports, token, now, () =>
          waitFor(session, (s) => !s.hasTag('refreshing') && !s.matches('resuming')),
        ),
      ),
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
      client: clientMachine.provide({
        actors: {
          clientCall: fromPromise(({ input, signal }) =>
            guarded(() => ports.clientCall(input, signal), input),
          ),
          // An upload answered 401 is sent again after the refresh, its progress from zero.
          sendFile: sendFileLogic((request, onProgress, signal) =>
            guarded(() => ports.uploadFile(request, onProgress, signal)),
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
    },
    actions: {
      persistAuth: (_, auth) => void saveAuth(auth),
      persistClient: (_, client) => {
        if (client) void saveState('client', client)
      },
      forgetChildState: (_, key) => void forgetState(key),
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
  actor = session

  // Another tab signed in, refreshed or signed out: follow it (the event only fires in other tabs).
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_STORAGE_KEY || event.key === null) {
      session.send({ type: 'session.synced', auth: loadAuth() })
    }
  })
  session.start()
  return { actor: session, ports }
}
