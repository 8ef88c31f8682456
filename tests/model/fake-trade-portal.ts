import type { TradeView } from '../../contract/bids'
import { zoneOfState } from '../../contract/time-zones'
import type { TradePortalPorts } from '../../machines/trade-portal/trade-portal.types'
import { ApiError } from '../../src/adapters/api/api-error'
import { wrongCode } from './fake-codes'
import { REQUEST_MESSAGE } from './trade-portal.walk'

/** The trade asked to bid in the jsdom runs, the owner who asked, and the link's token. */
export const FAKE_TRADE = { email: 'dee@deepdig.example', name: 'Dee Digger', city: '', state: '' }
export const FAKE_OWNER = {
  email: 'pat@example.com',
  name: 'Pat Swimmer',
  city: 'Austin',
  state: 'TX',
}
export const FAKE_LINK_TOKEN = 'fake-link-token-0000000000'

const MAX_TRIES = 5
/** Excavation's scope items, as the server seeds them (PRODUCT.md §14). */
const SCOPE = [
  'Haul-off of the soil',
  'Layout and grade stakes',
  'Over-dig for forms',
  'Site cleanup',
]
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

const refusal = (status: number, code: string, detail: string) =>
  new ApiError({ status, code, detail })
const linkGone = () =>
  refusal(
    410,
    'LINK_GONE',
    'This bid request was withdrawn, replaced by a newer link, or has expired.',
  )

type Bid = NonNullable<TradeView['bid']>

/**
 * The server's side of one bid request, as the jsdom runs reach it through the portal's port
 * (`reachLink` fails the link's call when the walk cut it):
 * the link, its codes, the trade session its cookie holds across reloads,
 * the answers, and what the owner does meanwhile (withdraw, accept the bid).
 */
export function createFakeTradePortal(reachLink: () => void) {
  const outbox: { to: string; code: string }[] = []
  let issued = 0
  let answers = 0
  let code: { value: string; triesLeft: number; used: boolean } | null = null
  /** The httpOnly session cookie this browser holds, and whether the server still takes it. */
  let session = false
  let withdrawn = false
  let status: TradeView['request']['status'] = 'sent'
  let bid: Bid | null = null
  let accepted = false
  let confirmed = false
  let proposed: string | null = null

  const live = () => {
    if (withdrawn) throw linkGone()
  }
  const signedIn = () => {
    if (!session)
      throw refusal(401, 'UNAUTHENTICATED', 'Your session has ended. Send yourself a new code.')
    live()
  }
  const view = (): TradeView => ({
    request: {
      step: 'excavation',
      title: 'Excavation',
      dueOn: '2099-12-31',
      status,
      message: REQUEST_MESSAGE,
    },
    project: {
      ownerName: FAKE_OWNER.name,
      address: '12 Elm St',
      city: FAKE_OWNER.city,
      state: FAKE_OWNER.state,
      timeZone: zoneOfState(FAKE_OWNER.state),
    },
    quantities: [{ label: 'Dig', value: 130.3, unit: 'yd³' }],
    scope: SCOPE.map((text, index) => ({ id: uuid(900 + index), text })),
    planned: null,
    files: [],
    bid,
    award:
      accepted && bid
        ? {
            amount: bid.amount,
            changeOrders: 0,
            draws: [],
            dates: { start: null, end: null, confirmed, proposed },
          }
        : null,
    payments: [],
  })

  const ports: TradePortalPorts = {
    link: async (token) => {
      reachLink()
      if (token !== FAKE_LINK_TOKEN) throw linkGone()
      live()
      return {
        step: 'excavation',
        title: 'Excavation',
        ownerName: FAKE_OWNER.name,
        city: FAKE_OWNER.city,
      }
    },
    login: async () => {
      live()
      issued += 1
      code = { value: String(200000 + issued), triesLeft: MAX_TRIES, used: false }
      outbox.push({ to: FAKE_TRADE.email, code: code.value })
      return { sentTo: 'd•••@deepdig.example' }
    },
    verify: async (_token, typed) => {
      live()
      if (!code) throw refusal(401, 'UNAUTHENTICATED', 'Request a code to continue.')
      if (code.used)
        throw refusal(400, 'CODE_USED', 'This code was already used. Request a new one.')
      if (typed !== code.value) {
        code.triesLeft -= 1
        throw wrongCode(code.triesLeft)
      }
      code.used = true
      session = true
      if (status === 'sent') status = 'viewed'
      return view()
    },
    view: async () => {
      signedIn()
      return view()
    },
    answer: async (answer) => {
      signedIn()
      if (answer.kind === 'bid') {
        const { amount, items, note, validUntil, fileId } = answer.body
        bid = {
          amount,
          items,
          note: note ?? '',
          validUntil: validUntil ?? null,
          fileId: fileId ?? null,
          // Each bid a second apart, as the server's clock would tell them apart.
          submittedAt: new Date(Date.now() + (answers += 1) * 1000).toISOString(),
        }
        status = 'submitted'
      } else if (answer.kind === 'decline') status = 'declined'
      else if (answer.kind === 'payment' || answer.kind === 'waiver')
        throw new Error('the model asks for no payment')
      else if ('confirm' in answer.body) confirmed = true
      else proposed = answer.body.start
      return view()
    },
    upload: async () => {
      throw new Error('the model attaches no proposal')
    },
    signOut: async () => {
      session = false
      return {}
    },
    messages: async () => [],
    postMessage: async () => {
      throw new Error('the model sends no message')
    },
  }

  return {
    ports,
    link: `/t/${FAKE_LINK_TOKEN}`,
    /** The code of the newest email to the trade. */
    codeFor: (email: string) => outbox.findLast((mail) => mail.to === email)?.code ?? '',
    withdraw: () => {
      withdrawn = true
    },
    acceptBid: () => {
      if (!bid) throw new Error('no bid to accept')
      accepted = true
    },
    endSession: () => {
      session = false
    },
  }
}

export type FakeTradePortal = ReturnType<typeof createFakeTradePortal>
