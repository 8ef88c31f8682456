import type { AdminWriteName } from '../../../contract/routes'
import { authRoutes } from '../../../contract/routes/auth'
import type { onboardingRoutes } from '../../../contract/routes/onboarding'
import type { projectRoutes } from '../../../contract/routes/projects'
import type { ClientCallName } from '../../../machines/client/client.types'
import type { Entry, Lookup, Table } from './caller'

/** The calls on the projects a manager or an admin follows: the back office's, staff's. */
export type ProjectCallName = keyof typeof projectRoutes

/** The calls of the landing pages: signing in, and finding out whether we build in a city. */
export type LandingCallName = keyof typeof authRoutes | keyof typeof onboardingRoutes

/*
 * The route table by area, each part loaded with the first call that needs it, so that the
 * sign-in page holds the sign-in calls' schemas and no others. A failed load is not kept: the
 * next call tries again.
 */

/** The sign-in calls, at hand on the landing pages. */
const signIn: { readonly [K in LandingCallName]?: Entry<K> } = authRoutes

/** Whether we build in a city, creating a client and moving one: with the onboarding screens. */
const loadLanding = async (): Promise<Table<LandingCallName>> => ({
  ...authRoutes,
  ...(await import('../../../contract/routes/onboarding')).onboardingRoutes,
})

/** The builder's calls and its upload, loaded with the builder's first call. */
export const loadBuilder = () => import('./builder-calls')

/** The back office's writes, its fetch and the Projects' calls, loaded with the first of them. */
export const loadAdmin = () => import('./admin-calls')

export const landingCalls: Lookup<LandingCallName> = (name) =>
  signIn[name] ?? loadLanding().then((table) => table[name])

export const builderCalls: Lookup<ClientCallName> = async (name) =>
  (await loadBuilder()).builderRoutes[name]

export const adminCalls: Lookup<AdminWriteName> = async (name) =>
  (await loadAdmin()).adminWrites[name]

export const projectCallsOf: Lookup<ProjectCallName> = async (name) =>
  (await loadAdmin()).projectCalls[name]
