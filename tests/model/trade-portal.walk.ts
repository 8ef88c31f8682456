import { expect } from 'vitest'
import { NETWORK_DETAIL } from '../../src/adapters/api/api-error'
import type { TestParam } from 'xstate/graph'
import { WRONG_CODE, type Driver } from './driver'
import type { TradePortalModelEvent, TradePortalSnapshot } from './trade-portal.model'

/** What the bid request is for, as the link's page heads it. */
export const PORTAL_HEADING = 'Bid request: Excavation'
/** The owner's message on the request. */
export const REQUEST_MESSAGE = 'Access is from the back alley.'
const LINK_PATH = /^\/t\/[A-Za-z0-9_-]+$/
const SESSION_ENDED = 'Your session has ended. Send yourself a new code.'
const LEFT_OUT = 'Site cleanup'
const BID = { typed: '15,800', shown: '$15,800.00', field: '15800.00' }
const CHANGED_BID = { typed: '14,900', shown: '$14,900.00' }

/**
 * How a trade does each event of the trade portal model, and what each of its states shows,
 * through a driver: the same walk runs in jsdom and in Chromium. The owner's doings go through
 * the driver's bid request, as the owner's calls make them.
 */
export function tradePortalWalk(d: Driver): TestParam<TradePortalSnapshot, TradePortalModelEvent> {
  const trade = () => d.person('trade')
  const portal = () => d.expectScreen(PORTAL_HEADING, LINK_PATH)
  const enterCode = async (code: string) => {
    await d.fill('Code', code)
    await d.click('button', 'Verify')
  }
  const submitBid = async () => {
    await d.fill('Amount', BID.typed)
    await d.click('checkbox', LEFT_OUT)
    await d.fill('Notes', 'Two days with one excavator.')
    await d.click('button', 'Submit bid')
  }
  const signInOffered = async () => {
    await portal()
    await d.expectText(`For ${d.person('owner').name} in ${d.person('owner').city}`)
    await d.expectRole('button', 'Send me a code')
    await d.expectNoRole('textbox', 'Code')
  }
  const codeAsked = async () => {
    await portal()
    await d.expectText('We emailed a 6-digit code to')
    await d.expectRole('button', 'Verify')
  }
  const bidShown = async (amount: string) => {
    await portal()
    await d.expectRole('heading', 'Bid sent')
    await d.expectText(amount)
    await d.expectText(`Not included: ${LEFT_OUT}`)
    await d.expectNoRole('button', 'Submit bid')
  }

  return {
    events: {
      RELOAD_OFFLINE: async () => {
        await d.cutNext('tradeLink')
        await d.reload()
      },
      TRY_AGAIN: () => d.click('button', 'Try again'),
      SEND_CODE: () => d.click('button', 'Send me a code'),
      RESEND_CODE: () => d.click('button', 'Send a new code'),
      ENTER_WRONG_CODE: () => enterCode(WRONG_CODE),
      ENTER_CODE: async () => enterCode(await d.codeFor(trade().email)),
      SUBMIT_BID: submitBid,
      DECLINE: async () => {
        await d.click('button', 'Decline')
        await d.fill('Reason', 'Booked through the summer.')
        await d.click('button', 'Send')
      },
      CHANGE_BID: () => d.click('button', 'Change bid'),
      SUBMIT_CHANGED_BID: async () => {
        await d.fill('Amount', CHANGED_BID.typed)
        await d.click('button', 'Submit bid')
      },
      RELOAD: () => d.reload(),
      SIGN_OUT: () => d.click('button', 'Sign out'),
      SESSION_ENDS_THEN_SUBMIT: async () => {
        await d.tradeSessionEnds()
        await submitBid()
      },
      OWNER_WITHDRAWS_THEN_RELOAD: async () => {
        await d.ownerWithdrawsBidRequest()
        await d.reload()
      },
      OWNER_WITHDRAWS_THEN_SUBMIT: async () => {
        await d.ownerWithdrawsBidRequest()
        await submitBid()
      },
      OWNER_AWARDS_THEN_RELOAD: async () => {
        await d.ownerAcceptsBid()
        await d.reload()
      },
      CONFIRM_DATES: () => d.click('button', 'Confirm dates'),
      PROPOSE_DATES: async () => {
        await d.click('button', 'Propose other dates')
        await d.fill('Start date', '2030-06-03')
        await d.fill('Note', 'The crew is free a week later.')
        await d.click('button', 'Send')
      },
    },
    states: {
      signedOut: async () => {
        await signInOffered()
        await d.expectNoRole('alert')
      },
      unavailable: async () => {
        await d.expectScreen('Bid request', LINK_PATH)
        await d.expectText(NETWORK_DETAIL)
        await d.expectRole('button', 'Try again')
      },
      codeSent: async () => {
        await codeAsked()
        await d.expectNoRole('alert')
      },
      codeResent: async () => {
        await codeAsked()
        await d.expectNoRole('alert')
      },
      wrongCode: async () => {
        await codeAsked()
        await d.expectText('That code is not right. 4 tries left.')
      },
      bidForm: async () => {
        await portal()
        await d.expectRole('heading', 'Your bid')
        await d.expectText(REQUEST_MESSAGE)
        await d.expectRole('button', 'Decline')
        expect(await d.valueOf('textbox', /^Amount/)).toBe('')
      },
      declined: async () => {
        await portal()
        await d.expectText('You declined this request')
        await d.expectRole('button', 'Submit bid')
        await d.expectNoRole('button', 'Decline')
      },
      bidSent: async () => {
        await bidShown(BID.shown)
        await d.expectRole('button', 'Change bid')
      },
      changingBid: async () => {
        await portal()
        await d.expectRole('heading', 'Your bid')
        expect(await d.valueOf('textbox', /^Amount/)).toBe(BID.field)
        expect(await d.valueOf('checkbox', LEFT_OUT)).toBe('off')
      },
      bidChanged: () => bidShown(CHANGED_BID.shown),
      sessionEnded: async () => {
        await signInOffered()
        await d.expectRole('alert', SESSION_ENDED)
      },
      linkGone: async () => {
        await d.expectScreen('This link no longer works', LINK_PATH)
        await d.expectText(
          'This bid request was withdrawn, replaced by a newer link, or has expired.',
        )
        await d.expectNoRole('button')
      },
      awarded: async () => {
        await portal()
        await d.expectRole('heading', 'Your bid was accepted')
        await d.expectText(BID.shown)
        await d.expectRole('button', 'Confirm dates')
        await d.expectRole('button', 'Propose other dates')
      },
      datesConfirmed: async () => {
        await d.expectRole('heading', 'Your bid was accepted')
        await d.expectText('You confirmed these dates.')
        await d.expectNoRole('button', 'Confirm dates')
      },
      datesProposed: async () => {
        await d.expectRole('heading', 'Your bid was accepted')
        await d.expectText('You proposed starting')
        await d.expectRole('button', 'Confirm dates')
      },
    },
  }
}
