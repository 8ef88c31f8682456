import { setup, type SnapshotFrom } from 'xstate'
import { keyedTestModel } from './paths'

/**
 * A pure model of what a trade sees on its bid request's link (PRODUCT.md §14): a link that
 * could not be loaded, the emailed code, a new one and a wrong one, the bid form, a bid sent and changed, a decline, a session that ended,
 * a link the owner withdrew, and after award the dates confirmed or moved. The owner's doings
 * and the session's end come from the server, each followed by what shows them to the trade.
 * trade-portal.walk.ts says how a trade does each event and what each state shows; its paths
 * run in jsdom (trade-portal.model.test.tsx) and in Chromium
 * (tests/e2e/trade-portal-paths.test.ts). Free of test-runner imports: the QA script loads it.
 */

export type TradePortalModelEvent =
  /** The page is reloaded while the network is down. */
  | { type: 'RELOAD_OFFLINE' }
  | { type: 'TRY_AGAIN' }
  | { type: 'SEND_CODE' }
  /** "Send a new code": the code sent before no longer works. */
  | { type: 'RESEND_CODE' }
  | { type: 'ENTER_WRONG_CODE' }
  | { type: 'ENTER_CODE' }
  /** The walk's bid: an amount, "Site cleanup" left out, a note. */
  | { type: 'SUBMIT_BID' }
  /** "Decline", a reason, "Send". */
  | { type: 'DECLINE' }
  | { type: 'CHANGE_BID' }
  /** The bid form, filled in with the bid sent, sent again with another amount. */
  | { type: 'SUBMIT_CHANGED_BID' }
  | { type: 'RELOAD' }
  | { type: 'SIGN_OUT' }
  /** The session ends on the server (4 hours in); the trade then sends a bid. */
  | { type: 'SESSION_ENDS_THEN_SUBMIT' }
  /** The owner withdraws the request; the trade then reloads the page. */
  | { type: 'OWNER_WITHDRAWS_THEN_RELOAD' }
  /** The owner withdraws the request while the trade fills in the bid, then sends it. */
  | { type: 'OWNER_WITHDRAWS_THEN_SUBMIT' }
  /** The owner accepts the bid; the trade then reloads the page. */
  | { type: 'OWNER_AWARDS_THEN_RELOAD' }
  | { type: 'CONFIRM_DATES' }
  /** "Propose other dates": a start date, a note, "Send". */
  | { type: 'PROPOSE_DATES' }

export const tradePortalModel = setup({
  types: { events: {} as TradePortalModelEvent },
}).createMachine({
  id: 'tradePortal',
  // The trade opens the link from its email.
  initial: 'signedOut',
  states: {
    /** What the request is for, and "Send me a code". */
    signedOut: {
      on: {
        SEND_CODE: 'codeSent',
        OWNER_WITHDRAWS_THEN_RELOAD: 'linkGone',
        RELOAD_OFFLINE: 'unavailable',
      },
    },
    /** "Bid request", saying the request could not be loaded, and "Try again". */
    unavailable: { on: { TRY_AGAIN: 'signedOut' } },
    /** Where the code went, the "Code" field and "Verify". */
    codeSent: {
      on: { ENTER_WRONG_CODE: 'wrongCode', ENTER_CODE: 'bidForm', RESEND_CODE: 'codeResent' },
    },
    /** The same after "Send a new code": only the newest code signs in. */
    codeResent: { on: { ENTER_CODE: 'bidForm' } },
    /** The same, saying the code is not right and how many tries are left. */
    wrongCode: { on: { ENTER_CODE: 'bidForm' } },
    /** The bid package, "Your bid" empty, and "Decline". */
    bidForm: {
      on: {
        SUBMIT_BID: 'bidSent',
        DECLINE: 'declined',
        SESSION_ENDS_THEN_SUBMIT: 'sessionEnded',
        OWNER_WITHDRAWS_THEN_SUBMIT: 'linkGone',
      },
    },
    /** "You declined this request", and the bid form still there. */
    declined: { on: { SUBMIT_BID: 'bidSent' } },
    /** "Bid sent" with its amount and "Change bid"; no form. */
    bidSent: {
      on: {
        CHANGE_BID: 'changingBid',
        RELOAD: 'bidSent',
        SIGN_OUT: 'signedOut',
        OWNER_AWARDS_THEN_RELOAD: 'awarded',
      },
    },
    /** "Your bid" filled in with the bid sent. */
    changingBid: { on: { SUBMIT_CHANGED_BID: 'bidChanged' } },
    /** "Bid sent" with the new amount. */
    bidChanged: {},
    /** "Send me a code" again, saying the session ended. */
    sessionEnded: { on: { SEND_CODE: 'codeSent' } },
    /** "This link no longer works". */
    linkGone: { type: 'final' },
    /** "Your bid was accepted" with the contract, "Confirm dates", "Propose other dates". */
    awarded: { on: { CONFIRM_DATES: 'datesConfirmed', PROPOSE_DATES: 'datesProposed' } },
    datesConfirmed: {},
    /** The start proposed, the owner to answer. */
    datesProposed: {},
  },
})

export type TradePortalSnapshot = SnapshotFrom<typeof tradePortalModel>

export const createTradePortalTestModel = () => keyedTestModel(tradePortalModel, [])
