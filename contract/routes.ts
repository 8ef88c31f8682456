/**
 * Every call of the wire contract, declared once: method, path, access, request and answer
 * schemas. The client's typed `call(name, input)`, the machines' call unions and the server's
 * start-up check that each call is registered exactly so all derive from this table.
 */
import { z } from 'zod/mini'
import {
  AddQuote1Body,
  AddQuoteBody,
  AdminData,
  AdminEditBody,
  AdminFetchData,
  AdminInput,
  BuilderRequestData,
  CityData,
  CityEditBody,
  CityInput,
  ClientData,
  ClientEditBody,
  DeletedId,
  EditPoolBody,
  EditStatusBody,
  EditStatusData,
  EngineerData,
  EngineerEditBody,
  EngineerInput,
  EntryData,
  IdParams,
  LoginBody,
  LoginData,
  ManagerData,
  ManagerEditBody,
  ManagerInput,
  ManagerRequestData,
  MarkDone1Body,
  MarkDoneBody,
  NoBody,
  OnboardingBody,
  QuoteRefBody,
  RefreshData,
  RequestBuilderData,
  RequestManagerBody,
  RequestManagerData,
  RequestStatusBody,
  SessionData,
  StageEditBody,
  StagesData,
  TipEditBody,
  ValidateBody,
  VerifyBody,
  ValidateData,
} from './api'
import { DesignTip, NonStageEntry, Stage, StageEntry } from './domain'
import { MAX_QUOTES_PER_ENTRY } from './steps'

/**
 * Who may make a call: public — anyone; user — any signed-in user; client — role CLIENT;
 * builder — a CLIENT whose city we serve (Flag); admin — role ADMIN.
 */
export type Access = 'public' | 'user' | 'client' | 'builder' | 'admin'

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export type RouteDef = {
  method: RouteMethod
  /** Fastify's form: `:id` stands for a path parameter. */
  path: string
  access: Access
  summary: string
  description?: string
  params?: z.ZodMiniType
  body?: z.ZodMiniType
  /** The schema of the answer's `Data`. */
  data: z.ZodMiniType
  /** The success statuses; 200 unless said. */
  statuses?: readonly (200 | 201)[]
  /** Sends the temporary token of a login in a `Temp-Token` header. */
  tempToken?: true
}

const created = [201] as const

export const routes = {
  // Public and auth
  stages: {
    method: 'GET',
    path: '/api',
    access: 'public',
    summary: 'The priced build stages, each with its design tip',
    data: StagesData,
  },
  validate: {
    method: 'POST',
    path: '/api/validate',
    access: 'public',
    summary: 'Whether we build in a city',
    body: ValidateBody,
    data: ValidateData,
  },
  login: {
    method: 'POST',
    path: '/api/login',
    access: 'public',
    summary: 'Email a one-time sign-in code',
    description: 'The same answer for every well-formed email, known or not.',
    body: LoginBody,
    data: LoginData,
  },
  verify: {
    method: 'POST',
    path: '/api/verify',
    access: 'public',
    summary: 'Sign in with the emailed code',
    body: VerifyBody,
    data: SessionData,
    tempToken: true,
  },
  onboarding: {
    method: 'POST',
    path: '/api/onboarding',
    access: 'public',
    summary: 'Create a client account with the emailed code',
    body: OnboardingBody,
    data: SessionData,
    tempToken: true,
  },
  refresh: {
    method: 'POST',
    path: '/api/refresh',
    access: 'public',
    summary: 'A new access token for the refresh cookie (which is rotated)',
    body: NoBody,
    data: RefreshData,
  },
  logout: {
    method: 'POST',
    path: '/api/logout',
    access: 'public',
    summary: 'End the session: revoke the refresh token, clear the cookies',
    body: NoBody,
    data: z.null(),
  },
  editStatus: {
    method: 'PUT',
    path: '/api/edit-status',
    access: 'client',
    summary: 'Join or leave the waiting list',
    body: EditStatusBody,
    data: EditStatusData,
  },

  // Client (builder)
  editPool: {
    method: 'PUT',
    path: '/api/edit-pool',
    access: 'builder',
    summary: "Save a step's choices",
    description: 'A stage by StageId, a non-stage (Pool Design, Engineering, Permits) by Title.',
    body: EditPoolBody,
    data: EntryData,
  },
  markDone: {
    method: 'PUT',
    path: '/api/mark-done',
    access: 'builder',
    summary: 'Mark a stage done or not done',
    body: MarkDoneBody,
    data: StageEntry,
  },
  markDone1: {
    method: 'PUT',
    path: '/api/mark-done1',
    access: 'builder',
    summary: 'Mark a non-stage step done or not done',
    body: MarkDone1Body,
    data: NonStageEntry,
  },
  addQuote: {
    method: 'PUT',
    path: '/api/add-quote',
    access: 'builder',
    summary: 'Add a quote to a stage',
    description: `At most ${MAX_QUOTES_PER_ENTRY} quotes per step (409 beyond).`,
    body: AddQuoteBody,
    data: StageEntry,
  },
  addQuote1: {
    method: 'PUT',
    path: '/api/add-quote1',
    access: 'builder',
    summary: 'Add a quote to a non-stage step',
    description: `At most ${MAX_QUOTES_PER_ENTRY} quotes per step (409 beyond).`,
    body: AddQuote1Body,
    data: NonStageEntry,
  },
  acceptQuote: {
    method: 'PUT',
    path: '/api/accept-quote',
    access: 'builder',
    summary: "Accept one of a step's quotes (the one accepted quote of that step)",
    body: QuoteRefBody,
    data: EntryData,
  },
  removeQuote: {
    method: 'PUT',
    path: '/api/remove-quote',
    access: 'builder',
    summary: 'Remove a quote from a step',
    body: QuoteRefBody,
    data: EntryData,
  },
  requestBuilder: {
    method: 'PUT',
    path: '/api/request-builder',
    access: 'builder',
    summary: 'Request a project builder (idempotent)',
    body: NoBody,
    data: RequestBuilderData,
  },
  requestManager: {
    method: 'POST',
    path: '/api/request-manager',
    access: 'builder',
    summary: 'Request a project manager',
    description:
      'Answers 201 with a new request, or 200 with the open request already made to this manager.',
    body: RequestManagerBody,
    data: RequestManagerData,
    statuses: [200, 201],
  },

  // Admin
  adminFetch: {
    method: 'GET',
    path: '/api/admin/fetch',
    access: 'admin',
    summary: 'Everything the back office shows',
    description: 'Sends an ETag; answers 304 to a matching If-None-Match.',
    data: AdminFetchData,
  },
  editClient: {
    method: 'PUT',
    path: '/api/admin/client/edit/:id',
    access: 'admin',
    summary: "Change a client's details, waiting-list status or perk",
    params: IdParams,
    body: ClientEditBody,
    data: ClientData,
  },
  deleteClient: {
    method: 'DELETE',
    path: '/api/admin/client/:id',
    access: 'admin',
    summary: 'Delete a client and everything of theirs',
    params: IdParams,
    body: NoBody,
    data: DeletedId,
  },
  createAdmin: {
    method: 'POST',
    path: '/api/admin/admin/create',
    access: 'admin',
    summary: 'Add an admin',
    body: AdminInput,
    data: AdminData,
    statuses: created,
  },
  editAdmin: {
    method: 'PUT',
    path: '/api/admin/admin/edit/:id',
    access: 'admin',
    summary: "Change an admin's name or email",
    params: IdParams,
    body: AdminEditBody,
    data: AdminData,
  },
  deleteAdmin: {
    method: 'DELETE',
    path: '/api/admin/admin/:id',
    access: 'admin',
    summary: 'Remove an admin (never yourself, never the last one)',
    params: IdParams,
    body: NoBody,
    data: DeletedId,
  },
  createCity: {
    method: 'POST',
    path: '/api/admin/cities/create',
    access: 'admin',
    summary: 'Serve a new city',
    body: CityInput,
    data: CityData,
    statuses: created,
  },
  editCity: {
    method: 'PUT',
    path: '/api/admin/cities/edit/:id',
    access: 'admin',
    summary: "Change a served city's name, state or permit fee",
    params: IdParams,
    body: CityEditBody,
    data: CityData,
  },
  deleteCity: {
    method: 'DELETE',
    path: '/api/admin/cities/:id',
    access: 'admin',
    summary: 'Stop serving a city (its clients lose the builder, keep their pool)',
    params: IdParams,
    body: NoBody,
    data: DeletedId,
  },
  createEngineer: {
    method: 'POST',
    path: '/api/admin/engineers/create',
    access: 'admin',
    summary: 'Add an engineer',
    body: EngineerInput,
    data: EngineerData,
    statuses: created,
  },
  editEngineer: {
    method: 'PUT',
    path: '/api/admin/engineers/edit/:id',
    access: 'admin',
    summary: "Change an engineer's details",
    params: IdParams,
    body: EngineerEditBody,
    data: EngineerData,
  },
  deleteEngineer: {
    method: 'DELETE',
    path: '/api/admin/engineers/:id',
    access: 'admin',
    summary: 'Remove an engineer (clients who chose them choose again)',
    params: IdParams,
    body: NoBody,
    data: DeletedId,
  },
  createManager: {
    method: 'POST',
    path: '/api/admin/managers/create',
    access: 'admin',
    summary: 'Add a project manager',
    body: ManagerInput,
    data: ManagerData,
    statuses: created,
  },
  editManager: {
    method: 'PUT',
    path: '/api/admin/managers/edit/:id',
    access: 'admin',
    summary: "Change a project manager's details",
    params: IdParams,
    body: ManagerEditBody,
    data: ManagerData,
  },
  deleteManager: {
    method: 'DELETE',
    path: '/api/admin/managers/:id',
    access: 'admin',
    summary: 'Remove a project manager and the requests made to them',
    params: IdParams,
    body: NoBody,
    data: DeletedId,
  },
  editTip: {
    method: 'PUT',
    path: '/api/admin/tips/edit/:id',
    access: 'admin',
    summary: "Change a stage's design tip",
    params: IdParams,
    body: TipEditBody,
    data: DesignTip,
  },
  editStage: {
    method: 'PUT',
    path: '/api/admin/stages/edit/:id',
    access: 'admin',
    summary: "Change a stage's pricing",
    params: IdParams,
    body: StageEditBody,
    data: Stage,
  },
  editBuilderRequest: {
    method: 'PUT',
    path: '/api/admin/builder-requests/:id',
    access: 'admin',
    summary: "Change a builder request's status",
    params: IdParams,
    body: RequestStatusBody,
    data: BuilderRequestData,
  },
  editManagerRequest: {
    method: 'PUT',
    path: '/api/admin/manager-requests/:id',
    access: 'admin',
    summary: "Change a manager request's status",
    params: IdParams,
    body: RequestStatusBody,
    data: ManagerRequestData,
  },
} as const satisfies Record<string, RouteDef>

export type Routes = typeof routes
export type CallName = keyof Routes
type Schema<N extends CallName, K extends 'params' | 'body'> = Routes[N] extends {
  [P in K]: infer S extends z.ZodMiniType
}
  ? S
  : never

/** What a caller gives a call: its path parameters (e.g. `id`) and its body, as a form sends them. */
export type CallInput<N extends CallName> = ([Schema<N, 'params'>] extends [never]
  ? unknown
  : z.input<Schema<N, 'params'>>) &
  ([Schema<N, 'body'>] extends [never] | [typeof NoBody]
    ? unknown
    : { body: z.input<Schema<N, 'body'>> })

/** What a call answers: its `Data`, checked. */
export type CallData<N extends CallName> = z.output<Routes[N]['data']>

/** The calls open to one kind of caller. */
export type CallsOf<A extends Access> = {
  [N in CallName]: Routes[N]['access'] extends A ? N : never
}[CallName]

/** The builder's calls, as the client actor makes them. */
export type ClientCallName = CallsOf<'builder'>

/** The back office's writes, as the admin actor makes them. */
export type AdminWriteName = Exclude<CallsOf<'admin'>, 'adminFetch'>

export type NamedCall<N extends CallName> = { [K in N]: { name: K } & CallInput<K> }[N]

export const callNames = Object.keys(routes) as CallName[]
