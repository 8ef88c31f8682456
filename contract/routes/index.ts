/**
 * Every call of the wire contract, declared once: method, path, access, request and answer
 * schemas. The client's typed `call(name, input)`, the machines' call unions and the server's
 * start-up check that each call is registered exactly so all derive from this table. It is kept
 * in parts so the landing pages load only the sign-in calls' schemas. What each call's answer
 * updates and makes stale is the table's effects column, effects.ts: types only, so the actors
 * that load with the sign-in page read it without these schemas.
 */
import type { z } from 'zod/mini'
import type { NoBody } from '../api'
import { adminRoutes } from './admin'
import { authRoutes } from './auth'
import { bidsRoutes } from './bids'
import { checklistAdminRoutes, checklistRoutes } from './checklists'
import { clientRoutes, timelineRoutes } from './client'
import { documentsRoutes } from './documents'
import { exportsRoutes, tradeExportsRoutes } from './exports'
import { messageRoutes, tradeMessageRoutes } from './messages'
import { moneyRoutes } from './money'
import { onboardingRoutes } from './onboarding'
import { passportRoutes } from './passport'
import { projectRoutes } from './projects'
import { tradeRoutes } from './trade'
import { scopeAdminRoutes, scopeRoutes } from './scope'
import { tradesRoutes } from './trades'
import type { Access, RouteDef } from './types'

export type { Access, RouteDef, RouteMethod } from './types'
export {
  adminRoutes,
  authRoutes,
  bidsRoutes,
  checklistAdminRoutes,
  checklistRoutes,
  clientRoutes,
  documentsRoutes,
  exportsRoutes,
  messageRoutes,
  moneyRoutes,
  onboardingRoutes,
  passportRoutes,
  projectRoutes,
  scopeAdminRoutes,
  scopeRoutes,
  timelineRoutes,
  tradeExportsRoutes,
  tradeMessageRoutes,
  tradeRoutes,
  tradesRoutes,
}

export const routes = {
  ...authRoutes,
  ...onboardingRoutes,
  ...clientRoutes,
  ...timelineRoutes,
  ...moneyRoutes,
  ...documentsRoutes,
  ...exportsRoutes,
  ...passportRoutes,
  ...messageRoutes,
  ...tradesRoutes,
  ...tradeRoutes,
  ...tradeExportsRoutes,
  ...tradeMessageRoutes,
  ...bidsRoutes,
  ...scopeRoutes,
  ...checklistRoutes,
  ...adminRoutes,
  ...scopeAdminRoutes,
  ...checklistAdminRoutes,
  ...projectRoutes,
}

/** The table's parts by name: the API document tags each call with its part's. */
export const routeParts = {
  auth: authRoutes,
  onboarding: onboardingRoutes,
  client: clientRoutes,
  timeline: timelineRoutes,
  money: moneyRoutes,
  documents: documentsRoutes,
  exports: exportsRoutes,
  passport: passportRoutes,
  messages: messageRoutes,
  trades: tradesRoutes,
  trade: tradeRoutes,
  'trade-exports': tradeExportsRoutes,
  'trade-messages': tradeMessageRoutes,
  bids: bidsRoutes,
  scope: scopeRoutes,
  checklists: checklistRoutes,
  admin: adminRoutes,
  'admin-scope': scopeAdminRoutes,
  'admin-checklists': checklistAdminRoutes,
  projects: projectRoutes,
} satisfies Record<string, Record<string, RouteDef>>

export type Routes = typeof routes
export type CallName = keyof Routes
type Schema<N extends CallName, K extends 'params' | 'query' | 'body'> = Routes[N] extends {
  [P in K]: infer S extends z.ZodMiniType
}
  ? S
  : never

/**
 * What a caller gives a call: its path parameters (e.g. `id`), its query's (optional, as a page
 * asks for them) and its body, as a form sends them.
 */
export type CallInput<N extends CallName> = ([Schema<N, 'params'>] extends [never]
  ? unknown
  : z.input<Schema<N, 'params'>>) &
  ([Schema<N, 'body'>] extends [never] | [typeof NoBody]
    ? unknown
    : { body: z.input<Schema<N, 'body'>> }) &
  ([Schema<N, 'query'>] extends [never] ? unknown : { query?: z.input<Schema<N, 'query'>> })

/** What a call resolves to in the app: its `Data` as `accept` reads it, or as `data` does. */
export type CallData<N extends CallName> = Routes[N] extends { accept: z.ZodMiniType }
  ? z.output<Routes[N]['accept']>
  : z.output<Routes[N]['data']>

/** The calls open to one kind of caller. */
export type CallsOf<A extends Access> = {
  [N in CallName]: Routes[N]['access'] extends A ? N : never
}[CallName]

/**
 * The builder's calls, as the client actor makes them: every call open to a client whose city
 * we serve (the pool entries and the timeline), not the public ones beside them.
 */
export type ClientCallName = CallsOf<'builder'>

/** The back office's writes, as the admin actor makes them. */
export type AdminWriteName = Exclude<CallsOf<'admin'>, 'adminFetch'>

export type NamedCall<N extends CallName> = { [K in N]: { name: K } & CallInput<K> }[N]
