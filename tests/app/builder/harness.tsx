import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  STAGE_SLUGS,
  STEPS,
  type Engineer,
  type Manager,
  type ManagerRequest,
  type NonStageEntry,
  type PoolData,
  type PoolEntry,
  type Quote,
  type RefreshData,
  type Stage,
  type StageEntry,
  type StepSlug,
} from '../../../contract'
import { DEFAULT_PRICING, REFERENCE_POOL } from '../../../contract/estimator'
import type { LogEntry, StoredFile, Warranty } from '../../../contract/documents'
import type { BidRequest, StepScope } from '../../../contract/bids'
import type { Trade } from '../../../contract/trades'
import type { Notice } from '../../../contract/notices'
import type { DateProposal } from '../../../contract/timeline'
import type { UserData } from '../../../contract/domain'
import {
  checklistRoutes,
  documentsRoutes,
  moneyRoutes,
  passportRoutes,
  timelineRoutes,
} from '../../../contract/routes'
import {
  clientMachine,
  type ClientCall,
  type ClientCallResult,
} from '../../../machines/client/client.machine'
import { sendFileLogic } from '../../../machines/client/uploads'
import { messageRoutes } from '../../../contract/routes/messages'
import { sessionMachine, type SessionActor } from '../../../machines/session/session.machine'
import { realDataActors } from '../../support/data-actors'
import { SessionProvider } from '../../../src/app/session-context'
import { createAppRouter } from '../../../src/routes/router'
import { noSessionStorage, noStorage } from '../../support/storage-fakes'
import { emptyPoolData } from '../../machines/fixtures'
import { apiProblem, sessionData } from '../auth/harness'
import { createFakeChecklistsApi } from './checklists-fake'
import { createFakeDocumentsApi } from './documents-fake'
import { createFakeMessagesApi, type MessagesSeed } from './messages-fake'
import { createFakeMoneyApi, type FakePaymentRequest } from './money-fake'
import { createFakePassportApi, type PassportSeed } from './passport-fake'
import { createFakeTimelineApi } from './timeline-fake'

export { emptyPoolData }

// jsdom has no scrolling; the router restores scroll positions on every navigation, and scrolls
// to the element a link's hash names.
window.scrollTo = () => {}
Element.prototype.scrollIntoView = () => {}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

/** The ten priced stages as GET /api answers them, with the seeded prices and a tip each. */
export const STAGES: Stage[] = STAGE_SLUGS.map((slug, index) => {
  const id = uuid(100 + index)
  const title = STEPS.find((step) => step.route === slug)?.title ?? slug
  return {
    id,
    slug,
    title,
    order: index + 1,
    pricing: DEFAULT_PRICING[slug],
    designTip: { id: uuid(200 + index), stageId: id, text: `Tip for ${title}.` },
  }
})

export const stageId = (slug: string) => {
  const stage = STAGES.find((s) => s.slug === slug)
  if (!stage) throw new Error(`no stage ${slug}`)
  return stage.id
}

export const engineer = (n: number, over: Partial<Engineer> = {}): Engineer => ({
  id: uuid(300 + n),
  name: `Erin Engineer ${n}`,
  company: `Stamp & Co ${n}`,
  email: `erin${n}@example.com`,
  phone: '512 555 0111',
  licenseNo: `PE-${1000 + n}`,
  fee: 150_000 + n * 10_000,
  ...over,
})

export const manager = (n: number, over: Partial<Manager> = {}): Manager => ({
  id: uuid(400 + n),
  name: `Max Manager ${n}`,
  company: `Build Right ${n}`,
  email: `max${n}@example.com`,
  phone: '512 555 0122',
  bio: `Ran ${n + 20} pool builds.`,
  yearsExperience: 5 + n,
  fee: 800_000 + n * 50_000,
  ...over,
})

export const designEntry = (choices: object = REFERENCE_POOL): NonStageEntry => ({
  Title: 'Pool Design',
  choices: { ...choices },
  done: false,
  doneAt: null,
  quotes: [],
})

const NOW = '2026-06-01T12:00:00.000Z'

/** A quote's fields that only a bid or a manager fills in (PRODUCT.md §14, §18a). */
export const NO_BID = {
  bidRequestId: null,
  items: null,
  validUntil: null,
  fileId: null,
  levelled: null,
  enteredBy: null,
} as const

/** Dig Co's quote of $9,000 on a step; `over` sets what a test is about. */
export const quote = (over: Partial<Quote> = {}): Quote => ({
  id: '00000000-0000-4000-8000-000000000801',
  vendor: 'Dig Co',
  amount: 900_000,
  note: '',
  createdAt: NOW,
  accepted: false,
  tradeId: null,
  ...NO_BID,
  ...over,
})

/** The design saved, and Excavation with `quotes`. */
export const excavationWith = (...quotes: Quote[]) =>
  emptyPoolData({
    nonStages: [designEntry()],
    poolChoices: [
      { StageId: stageId('excavation'), choices: {}, done: false, doneAt: null, quotes },
    ],
  })

/**
 * A fake of the client API behind the network edge: it keeps the client's entries and answers
 * each call as the server does (the same shapes, the 5-quote limit, one accepted quote).
 */
export function createFakeClientApi(
  initial: PoolData,
  stages: readonly Stage[] = STAGES,
  proposals: DateProposal[] = [],
  passport: PassportSeed = {},
) {
  const checklists = createFakeChecklistsApi()
  const entries = new Map<string, PoolEntry>()
  for (const entry of [...initial.poolChoices, ...initial.nonStages]) {
    entries.set('StageId' in entry ? entry.StageId : entry.Title, entry)
  }
  let quoteCount = 0
  const timelineApi = createFakeTimelineApi(proposals, checklists.checkedOf)
  const passportApi = createFakePassportApi(passport)
  /** The pool data as the fake server holds it now, as a refresh answers it. */
  const poolData = (): PoolData => {
    const all = [...entries.values()]
    const poolChoices = all.filter((e): e is StageEntry => 'StageId' in e)
    const nonStages = all.filter((e): e is NonStageEntry => 'Title' in e)
    return { ...initial, poolChoices, nonStages }
  }
  // The money fake reads the entries as they are now: an accepted quote is a contract.
  const moneyApi = createFakeMoneyApi(() => ({ stages, poolData: poolData(), Engineers: [] }))
  const stepOf = (body: { StageId?: string; Title?: string }) =>
    (STAGES.find((stage) => stage.id === body.StageId)?.slug ??
      STEPS.find((step) => step.title === body.Title)?.route) as StepSlug
  const keyOf = (body: { StageId?: string; Title?: string }) => body.StageId ?? body.Title ?? ''
  const entryFor = (body: { StageId?: string; Title?: string }): PoolEntry => {
    const existing = entries.get(keyOf(body))
    if (existing) return existing
    const base = { choices: {}, done: false, doneAt: null, quotes: [] }
    return body.StageId
      ? ({ StageId: body.StageId, ...base } satisfies StageEntry)
      : ({ Title: body.Title as NonStageEntry['Title'], ...base } satisfies NonStageEntry)
  }
  const handle = async (call: ClientCall): Promise<ClientCallResult> => {
    if (call.name in passportRoutes) return passportApi.handle(call)
    const save = (body: { StageId?: string; Title?: string }, change: Partial<PoolEntry>) => {
      const entry = { ...entryFor(body), ...change } as PoolEntry
      entries.set(keyOf(body), entry)
      // The fake answers a stage call with a stage entry and a non-stage call with a non-stage one.
      return { name: call.name, data: entry } as ClientCallResult
    }
    switch (call.name) {
      case 'editPool':
        return save(call.body, { choices: { ...call.body.choices } })
      case 'markDone':
      case 'markDone1':
        timelineApi.markDone(stepOf(call.body), call.body.done)
        return save(call.body, { done: call.body.done, doneAt: call.body.done ? NOW : null })
      case 'addQuote':
      case 'addQuote1': {
        const entry = entryFor(call.body)
        if (entry.quotes.length >= 5) {
          throw apiProblem(409, 'CONFLICT', 'A step holds at most 5 quotes. Remove one first.')
        }
        const quote: Quote = {
          id: uuid(500 + ++quoteCount),
          vendor: call.body.vendor.trim(),
          amount: call.body.amount,
          note: call.body.note?.trim() ?? '',
          createdAt: NOW,
          accepted: false,
          tradeId: call.body.tradeId ?? null,
          ...NO_BID,
        }
        return save(call.body, { quotes: [...entry.quotes, quote] })
      }
      case 'acceptQuote': {
        const quotes = entryFor(call.body).quotes.map((q) => ({
          ...q,
          accepted: q.id === call.body.quoteId,
        }))
        return save(call.body, { quotes })
      }
      case 'removeQuote': {
        const quotes = entryFor(call.body).quotes.filter((q) => q.id !== call.body.quoteId)
        return save(call.body, { quotes })
      }
      case 'requestBuilder':
        return { name: 'requestBuilder', data: { BuilderRequested: true } }
      case 'requestManager': {
        const request: ManagerRequest = {
          id: uuid(600),
          clientId: uuid(1),
          clientName: 'Pat Doe',
          managerId: call.body.managerId,
          managerName: 'Max Manager',
          message: call.body.message ?? '',
          status: 'open',
          createdAt: NOW,
        }
        return { name: 'requestManager', data: request }
      }
      // The step pages read the entries as the server holds them now when they open.
      case 'poolData':
        return { name: 'poolData', data: poolData() }
      // No trade was asked to bid: the step pages read it when they open.
      case 'bidRequests':
        return { name: 'bidRequests', data: [] }
      default:
        throw new Error(`The fake client API has no ${call.name}`)
    }
  }
  return {
    handle: vi.fn(handle),
    timeline: timelineApi,
    money: moneyApi,
    passport: passportApi,
    checklists,
    poolData,
  }
}

export type BuilderOptions = {
  poolData?: PoolData
  Engineers?: Engineer[]
  Managers?: Manager[]
  stages?: Stage[]
  /**
   * Replaces the fake API's answer to every client call but the evidence's (files, log,
   * warranties) and the bid requests' read, e.g. to refuse with field errors.
   */
  clientCall?: (call: ClientCall) => Promise<ClientCallResult>
  /** The client's files, daily log and warranties as the server holds them. */
  documents?: { files?: StoredFile[]; logs?: LogEntry[]; warranties?: Warranty[] }
  /** The client's trades, as GET /api/trades answers them (none unless said). */
  trades?: Trade[]
  /** The preliminary notices the Budget page reads. */
  notices?: Notice[]
  /**
   * The client's bid requests, as GET /api/bid-requests answers them (none unless said): read
   * at each call, so a test adds what a trade did meanwhile.
   */
  bidRequests?: BidRequest[]
  /** The licensed steps' scope items, as GET /api/scope answers them (none unless said). */
  scope?: StepScope[]
  /** The trades' date proposals, as the Timeline carries them (none unless said). */
  proposals?: DateProposal[]
  /** The trades' open payment requests on draws of accepted quotes (none unless said). */
  paymentRequests?: FakePaymentRequest[]
  /** The passport's equipment, start-up log and record as the server holds them. */
  passport?: PassportSeed
  /** Who is signed in (the auth harness's client in Boise unless said). */
  userData?: UserData
  /** The project's threads (every one empty and read unless said). */
  messages?: MessagesSeed
  /** Hears each client call as it is sent, and again as it is answered. */
  onCall?: (moment: 'sent' | 'answered', name: ClientCall['name']) => void
  /** Holds a call's answer until the promise it returns for that call settles. */
  holdCall?: (call: ClientCall) => Promise<void> | undefined
  /**
   * The stages' read the builder's route waits for (answered at once unless said): a test that
   * holds it sees the builder as it is before its first read answers.
   */
  stagesRead?: Promise<Stage[]>
}

/**
 * Renders the real builder at `path` as a signed-in client with Flag: the real router (lazy
 * routes and guards), the real session and client actors, and a fake client API.
 */
export async function renderBuilder(path: string, options: BuilderOptions = {}) {
  const poolData = options.poolData ?? emptyPoolData()
  const stages = options.stages ?? STAGES
  const api = createFakeClientApi(poolData, stages, options.proposals, options.passport)
  for (const request of options.paymentRequests ?? []) api.money.requestPayment(request)
  const documents = createFakeDocumentsApi(options.documents)
  const messages = createFakeMessagesApi(options.messages)
  // The timeline's and money's calls go to their own fakes, so a test of the entries sees only
  // its own calls.
  const otherCall =
    options.clientCall ??
    ((call: ClientCall) => {
      if (call.name in timelineRoutes) return api.timeline.handle(call)
      if (call.name in checklistRoutes) return api.checklists.handle(call)
      // Read by the Budget page beside the money.
      if (call.name === 'notices')
        return Promise.resolve({ name: 'notices', data: options.notices ?? [] })
      if (call.name === 'createNotice') {
        const { amount = null, address = null, ...body } = call.body
        const data = { id: '00000000-0000-4000-8000-000000000d01', ...body, amount, address }
        return Promise.resolve({ name: 'createNotice', data })
      }
      if (call.name in moneyRoutes) return api.money.handle(call)
      // Read by every step page's quote form, apart from the entries' calls.
      if (call.name === 'trades')
        return Promise.resolve({ name: 'trades', data: options.trades ?? [] })
      if (call.name === 'scope')
        return Promise.resolve({ name: 'scope', data: options.scope ?? [] })
      return api.handle(call)
    })
  // The entries as the fake server holds them now, counted apart from the writes.
  const poolReads = vi.fn(async (): Promise<ClientCallResult> => ({
    name: 'poolData',
    data: api.poolData(),
  }))
  // Every step page reads its quotes and bids: not the calls a test of another part refuses.
  const clientCall = (call: ClientCall): Promise<ClientCallResult> =>
    call.name in documentsRoutes
      ? documents.handle(call)
      : call.name in messageRoutes
        ? messages.handle(call)
        : call.name === 'bidRequests'
          ? Promise.resolve({ name: 'bidRequests', data: options.bidRequests ?? [] })
          : call.name === 'poolData'
            ? poolReads()
            : otherCall(call)
  // A step page asks for the data afresh: the pool as the fake server holds it now.
  const signedIn = options.userData ? { userData: options.userData } : {}
  const refresh = vi.fn(async (): Promise<RefreshData> => ({
    ...sessionData({ Flag: true, ...signedIn }),
    poolData: api.poolData(),
    Engineers: options.Engineers ?? [],
    Managers: options.Managers ?? [],
  }))
  const machine = sessionMachine.provide({
    actors: {
      ...realDataActors,
      requestCode: fromPromise<{ tempToken?: string | null }, { email: string }>(async () => ({
        tempToken: 'temp-1',
      })),
      verify: fromPromise(async () =>
        sessionData({
          Flag: true,
          ...signedIn,
          poolData,
          Engineers: options.Engineers ?? [],
          Managers: options.Managers ?? [],
        }),
      ),
      refresh: fromPromise<RefreshData, { accessToken: string | null }>(refresh),
      client: clientMachine.provide({
        actors: {
          clientCall: fromPromise<ClientCallResult, ClientCall>(async ({ input }) => {
            options.onCall?.('sent', input.name)
            await options.holdCall?.(input)
            const answer = await clientCall(input)
            options.onCall?.('answered', input.name)
            return answer
          }),
          sendFile: sendFileLogic(documents.send),
        },
        actions: noStorage,
      }),
    },
    actions: noSessionStorage,
  })
  const session: SessionActor = createActor(machine, {
    // The wall clock: the opaque test token schedules no refresh.
    input: { restored: null, rememberLogin: false, now: () => Date.now() },
  }).start()
  session.send({ type: 'auth.codeRequested', email: 'pat@example.com' })
  await waitFor(session, (s) => s.matches('awaitingCode'))
  session.send({ type: 'auth.codeSubmitted', code: '123456', rememberMe: false })
  await waitFor(session, (s) => s.hasTag('route:builder'))

  const router = createAppRouter(
    {
      session,
      validate: async () => ({ Flag: true }),
      stages: () => options.stagesRead ?? Promise.resolve(stages),
      // These pages never open the trade portal.
      tradePorts: () => Promise.reject(new Error('no trade portal here')),
    },
    { history: createMemoryHistory({ initialEntries: [path] }) },
  )
  const user = userEvent.setup()
  const view = render(
    <SessionProvider actor={session}>
      <RouterProvider router={router} />
    </SessionProvider>,
  )
  // The route's chunk may still be loading: wait for the page's own heading (or, while the
  // first read is held, for any).
  await screen.findByRole(
    'heading',
    { level: 1, name: (name) => options.stagesRead !== undefined || !name.startsWith('Loading') },
    { timeout: 10_000 },
  )
  const client = () => session.getSnapshot().children.client
  const idle = async () => {
    const actor = client()
    if (actor) await waitFor(actor, (s) => !s.hasTag('busy'))
  }
  return {
    user,
    view,
    router,
    session,
    client,
    idle,
    calls: api.handle,
    /** The refreshes the session made, each answering the pool as the fake server holds it. */
    refreshes: refresh,
    /** The reads of the pool data (GET /api/pool) the step pages made. */
    poolReads,
    timelineCalls: api.timeline.handle,
    moneyCalls: api.money.handle,
    passportCalls: api.passport.handle,
    documentCalls: documents.handle,
    /** The uploads the fake network holds, oldest first, until the test answers them. */
    uploads: documents.uploads,
    checklistCalls: api.checklists.handle,
    /** The project's threads as the fake server holds them; `receive` is another's message. */
    messages,
  }
}
