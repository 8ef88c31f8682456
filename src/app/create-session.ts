import { createActor, fromPromise } from 'xstate'
import { z } from 'zod'
import { adminMachine } from '../../machines/admin/admin.machine'
import { clientMachine } from '../../machines/client/client.machine'
import { sessionMachine, type SessionActor } from '../../machines/session/session.machine'
import { refreshDelay } from '../../machines/session/token'
import { createApi, isApiError, type Api } from '../adapters/api'
import {
  AUTH_STORAGE_KEY,
  clearAuth,
  loadAuth,
  readRememberLogin,
  saveAuth,
} from '../adapters/auth-storage'
import { clearState, hasStoredState, loadState, saveState } from '../adapters/state-store'

/** Another tab may be refreshing right now: Web Locks make the tabs take turns. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return work()
  return navigator.locks.request('poolpath-refresh', work)
}

/**
 * Refreshes once across all tabs: inside the lock, a token that another tab stored meanwhile
 * is taken instead of rotating the refresh cookie a second time.
 */
function refreshOnce(api: Api, current: () => string | null) {
  return inTurn(async () => {
    const stored = loadAuth()
    const fresh =
      stored?.isAuthenticated &&
      stored.accessToken &&
      stored.accessToken !== current() &&
      refreshDelay(stored.accessToken, stored.tokenReceivedAt ?? null, Date.now())
    if (stored && stored.accessToken && stored.role && stored.userData && fresh) {
      return {
        Token: stored.accessToken,
        role: stored.role,
        userData: stored.userData,
        Flag: stored.flag ?? false,
      }
    }
    return api.refresh()
  })
}

/**
 * The composition root of the session: real adapters provided to the machines, storage
 * restored before the first route decision, and other tabs followed through `storage` events.
 */
export async function createSession(): Promise<{ actor: SessionActor; api: Api }> {
  let actor: SessionActor | null = null
  const token = () => actor?.getSnapshot().context.accessToken ?? null
  const api = createApi({ getToken: token })
  // A 401 from a data call: the session tries one refresh, then logs out.
  const guarded = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call()
    } catch (error) {
      if (isApiError(error) && error.status === 401) actor?.send({ type: 'session.unauthorized' })
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
      requestCode: fromPromise(({ input, signal }) => api.login({ email: input.email }, signal)),
      verify: fromPromise(({ input, signal }) => {
        const { code, rememberMe, tempToken, onboarding } = input
        return onboarding
          ? api.onboarding({ code, rememberMe, ...onboarding }, tempToken, signal)
          : api.verify({ code, rememberMe }, tempToken, signal)
      }),
      refresh: fromPromise(() => refreshOnce(api, token)),
      logout: fromPromise(async () => {
        await api.logout()
        return null
      }),
      editStatus: fromPromise(({ input }) => guarded(() => api.editStatus(input))),
      client: clientMachine.provide({
        actions: { persist: (_, context) => void saveState('client', context) },
      }),
      admin: adminMachine.provide({
        actors: {
          fetchAdminData: fromPromise(({ input, signal }) =>
            guarded(() => api.fetchAdmin({ etag: input.etag }, signal)),
          ),
        },
        actions: { persist: (_, context) => void saveState('admin', context) },
      }),
    },
    actions: {
      persistAuth: (_, auth) => void saveAuth(auth),
      clearStorage: () => {
        clearAuth()
        void clearState()
      },
    },
  })
  const session = createActor(machine, {
    input: { restored, rememberLogin: readRememberLogin(), restoredChildren },
  })
  actor = session

  // Another tab signed in, refreshed or signed out: follow it (the event only fires in other tabs).
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_STORAGE_KEY || event.key === null) {
      session.send({ type: 'session.synced', auth: loadAuth() })
    }
  })
  session.start()
  return { actor: session, api }
}
