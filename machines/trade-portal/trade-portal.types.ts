import type { StoredFile } from '../../contract/documents'
import type { Message, MessageBody, MessagesQuery } from '../../contract/messages'
import type { TradeBidBody, TradeDatesBody, TradeLinkData, TradeView } from '../../contract/bids'
import type { CallFailure } from '../shared/call-failure'

/** What a trade answers on its request, as one write of the portal. */
export type TradeAnswer =
  | { kind: 'bid'; body: TradeBidBody }
  | { kind: 'decline'; reason: string }
  | { kind: 'dates'; body: TradeDatesBody }
  /** "Request payment" on a draw: the invoice and the waiver are uploaded, then the request sent. */
  | { kind: 'payment'; drawId: string; amount: number; invoice: File; conditionalWaiver: File }
  /** The signed unconditional waiver for a paid draw: uploaded, then sent as the draw's. */
  | { kind: 'waiver'; drawId: string; waiver: File }

/** Which form a refusal belongs to: the sign-in's two steps, an answer, or the upload. */
export type PortalCall = 'link' | 'login' | 'verify' | TradeAnswer['kind'] | 'upload'

export type TradePortalContext = {
  /** The link's token, from the page's address. */
  token: string
  /** What the link is for: the step and whose project. */
  link: TradeLinkData | null
  /** Where the code went, masked ("p•••@example.com"). */
  sentTo: string | null
  view: TradeView | null
  /** The answer being sent, or last sent: its refusal belongs to its form. */
  answer: TradeAnswer | null
  /** The proposal the trade uploaded for its bid, until the bid is sent. */
  proposal: StoredFile | null
  failure: CallFailure<PortalCall> | null
}

export type TradePortalInput = { token: string }

export type TradePortalEvent =
  | { type: 'portal.retried' }
  | { type: 'auth.codeRequested' }
  | { type: 'auth.codeSubmitted'; code: string }
  | { type: 'trade.answered'; answer: TradeAnswer }
  | { type: 'trade.proposalChosen'; file: File }
  | { type: 'trade.signedOut' }

/** The portal's effects: the trade calls of the route table, provided by the app. */
export type TradePortalPorts = {
  link: (token: string) => Promise<TradeLinkData>
  login: (token: string) => Promise<{ sentTo: string }>
  verify: (token: string, code: string) => Promise<TradeView>
  view: () => Promise<TradeView>
  answer: (answer: TradeAnswer) => Promise<TradeView>
  upload: (file: File) => Promise<StoredFile>
  signOut: () => Promise<unknown>
  /** The trade's step thread (PRODUCT.md §18): a page of its messages, and one sent. */
  messages: (query: MessagesQuery) => Promise<Message[]>
  postMessage: (body: MessageBody) => Promise<Message>
}
