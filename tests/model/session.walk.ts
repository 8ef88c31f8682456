import { isDeepStrictEqual } from 'node:util'
import { expect, vi } from 'vitest'
import type { TestParam } from 'xstate/graph'
import { NETWORK_DETAIL } from '../../src/adapters/api/api-error'
import { HOUR, WRONG_CODE, type Driver } from './driver'
import type { Account, ModelEvent, ModelSnapshot } from './session.model'

const SENDING_REFUSED = 'Too many attempts. Please wait and try again.'
/** What every screen says of a request that got no answer. */
const OFFLINE = NETWORK_DETAIL
/**
 * Long enough for one timed refresh of the 45-second access tokens both servers issue (due
 * 15 s in), and not for a second.
 */
const TOKEN_LIFETIME = 20_000

/**
 * How a visitor does each event of the session model, and what each of its states looks like,
 * through a driver: the same walk runs in jsdom and in Chromium. Event handlers read whom the
 * step is for from the model state they start from.
 */
export function sessionWalk(d: Driver): TestParam<ModelSnapshot, ModelEvent> {
  const person = (account: Account | null) => {
    if (!account) throw new Error('this model step names no account')
    return d.person(account)
  }
  /** The server's counts when the last event began. */
  let before = { refresh: 0, unauthorized: 0, addQuote: 0, poolRead: 0 }
  const mark = async () => {
    before = await d.counts()
  }
  const since = async () => {
    const now = await d.counts()
    return {
      refresh: now.refresh - before.refresh,
      unauthorized: now.unauthorized - before.unauthorized,
    }
  }
  const poolReadsSince = async () => (await d.counts()).poolRead - before.poolRead
  let builderWatch: { seen: () => Promise<boolean> } | null = null

  const enterCode = async (code: string) => {
    await d.fill('Verification code', code)
    await d.click('button', 'Verify')
  }
  const sendCodeTo = async (email: string) => {
    await d.fill('Email', email)
    await d.click('button', 'Send code')
    await d.expectScreen('Check your email', '/verify')
  }
  const signInAt = async (email: string) => {
    await sendCodeTo(email)
    await enterCode(await d.codeFor(email))
  }
  /** Excavation, then a quote, sent once the access token expired (and the session, if said). */
  const addQuoteToExcavation = async ({ endSession = false } = {}) => {
    await d.click('link', 'Excavation')
    await d.expectScreen('Excavation', '/builder/excavation')
    await d.fill('Vendor', 'Dig Co')
    await d.fill('Amount', '12000')
    // Last before the click, and the click before the page's clock goes on: a call the page
    // makes on its own after the session ended (its timed refresh, due by then on a slow
    // machine) would show the ended session before the quote is sent, and no draft be kept.
    await d.expireAccessTokens(async () => {
      if (endSession) await d.revokeSession()
      await d.click('button', 'Add quote')
    })
  }
  const fillPlace = async (city: string, state: string) => {
    await d.fill('City', city)
    await d.fill('State', state)
  }
  const fillDetails = async (name: string) => {
    await d.fill('Full name', name)
    await d.fill('Phone', '(512) 555-0199')
    await d.fill('Street address', '12 Elm St')
  }
  const checkVerify = () => d.expectScreen('Check your email', '/verify')
  const checkBuilder = async () => {
    await d.expectScreen('Pool Design', '/builder/pool-design')
    await d.expectRole('button', 'Log out')
  }
  // What the page does after the screen has changed is looked at again by hand for a while, as
  // expect.poll needs a test of its own and the Chromium paths run side by side.
  const eventually = async <T>(read: () => Promise<T>, expected: T) => {
    const deadline = Date.now() + 5_000
    let seen = await read()
    while (!isDeepStrictEqual(seen, expected) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      seen = await read()
    }
    expect(seen).toEqual(expected)
  }
  // IndexedDB is cleared after the screen has changed (its writes queue behind a save still
  // committing): nothing may be left once that has had its moment.
  const expectStorageEmpty = () =>
    eventually(() => d.stored(), {
      auth: null,
      client: null,
      admin: null,
      projects: null,
      rememberLogin: false,
    })
  const moveCity = async () => {
    const served = d.person('servedCity')
    await fillPlace(served.city, served.state)
    await d.click('button', 'Save city')
  }
  const comingSoonIn = (account: Account | null) =>
    d.expectScreen(`Coming soon to ${person(account).city}`, '/coming-soon')

  return {
    events: {
      OPEN_LOGIN: () => d.click('link', /Sign in/),
      SEND_LOGIN_CODE: async ({ state }) => {
        await d.fill('Email', person(state.context.account).email)
        await d.click('button', 'Send code')
      },
      SEND_CODE_REFUSED: async () => {
        const { email } = d.person('newEmail')
        await d.spendCodes(email)
        await d.fill('Email', email)
        await d.click('button', 'Send code')
      },
      ENTER_WRONG_CODE: () => enterCode(WRONG_CODE),
      ENTER_RIGHT_CODE: async ({ state }) =>
        enterCode(await d.codeFor(person(state.context.account).email)),
      ENTER_RIGHT_CODE_AND_REMEMBER: async ({ state }) => {
        await d.fill('Verification code', await d.codeFor(person(state.context.account).email))
        await d.click('checkbox', 'Remember me')
        await d.click('button', 'Verify')
      },
      RESEND_CODE: () => d.click('button', 'Resend code'),
      // Each resend replaces the code; a reload ends the resend button's cooldown.
      RESEND_CODE_REFUSED: async ({ state }) => {
        const { email } = person(state.context.account)
        for (let left = await d.codesLeft(email); left > 0; left -= 1) {
          await d.click('button', 'Resend code')
          await d.expectText(/^We sent a new code to /)
          await d.reload()
          await checkVerify()
        }
        await d.click('button', 'Resend code')
      },
      USE_ANOTHER_EMAIL: () => d.click('button', 'Use another email'),
      FILL_ONBOARDING_AND_SEND: async ({ state }) => {
        const who = person(state.context.account)
        await fillPlace(who.city, who.state)
        await d.click('button', 'Check availability')
        const place = `${who.city}, ${who.state}`
        await d.expectText(
          state.context.account === 'servedCity'
            ? `Great news — we build in ${place}.`
            : `We don't build in ${place} yet.`,
        )
        await fillDetails(who.name)
        await d.fill('Email', who.email)
        await d.click('button', 'Send code')
      },
      FILL_ONBOARDING_AND_CREATE: async ({ state }) => {
        const who = person(state.context.account)
        await fillPlace(who.city, who.state)
        await fillDetails(who.name)
        // The email verify proved is shown, not typed.
        expect(await d.valueOf('textbox', 'Email')).toBe(d.person('newEmail').email)
        await d.click('button', 'Create account')
      },
      CREATE_ACCOUNT_OFFLINE: async () => {
        const who = d.person('servedCity')
        await fillPlace(who.city, who.state)
        await fillDetails(who.name)
        await d.cutNext('onboarding')
        await d.click('button', 'Create account')
      },
      RETRY_CREATE_ACCOUNT: () => d.click('button', 'Create account'),
      MOVE_TO_SERVED_CITY: moveCity,
      MOVE_TO_SERVED_CITY_OFFLINE: async () => {
        await d.cutNext('changeCity')
        await moveCity()
      },
      JOIN_WAITING_LIST: () => d.click('button', 'Join the waiting list'),
      JOIN_WAITING_LIST_OFFLINE: async () => {
        await d.cutNext('editStatus')
        await d.click('button', 'Join the waiting list')
      },
      LEAVE_WAITING_LIST: () => d.click('button', 'Leave the waiting list'),
      LOG_OUT: () => d.click('button', 'Log out'),
      LOG_OUT_OFFLINE: async () => {
        await d.cutNext('logout')
        await d.click('button', 'Log out')
      },
      RELOAD: () => d.reload(),
      REOPEN_LATER: async () => {
        await mark()
        await d.reopenLater(HOUR, { keepSessionCookies: true })
      },
      REOPEN_LATER_WITHOUT_COOKIE: async () => {
        await mark()
        builderWatch = await d.watchFor('nav[aria-label="Build steps"]')
        await d.reopenLater(HOUR, { keepSessionCookies: false })
      },
      REOPEN_WITH_STORAGE_CLEARED: async () => {
        await mark()
        builderWatch = await d.watchFor('nav[aria-label="Build steps"]')
        await d.reopenWithStorageCleared()
      },
      WAIT_OUT_TOKEN: async () => {
        await mark()
        await d.wait(TOKEN_LIFETIME)
      },
      WAIT_OUT_REVOKED_TOKEN: async () => {
        await d.revokeSession()
        await d.wait(TOKEN_LIFETIME)
      },
      ADD_QUOTE_WITH_EXPIRED_TOKEN: async () => {
        await mark()
        await addQuoteToExcavation()
      },
      ADD_QUOTE_AFTER_SESSION_ENDED: async () => {
        await mark()
        await addQuoteToExcavation({ endSession: true })
      },
      SIGN_IN_AGAIN: async ({ state }) => signInAt(person(state.context.account).email),
      SIGN_IN_AGAIN_QUOTE_FAILS: async ({ state }) => {
        await d.cutNext('addQuote')
        await signInAt(person(state.context.account).email)
      },
      SIGN_IN_AS_SOMEONE_ELSE: () => signInAt(d.person('clientWithoutFlag').email),
      OTHER_TAB_SIGNS_IN: () => d.otherTabSignsIn(d.person('clientWithFlag').email),
      OTHER_TAB_SIGNS_IN_ANOTHER_CLIENT: () =>
        d.otherTabSignsIn(d.person('clientWithoutFlag').email),
      OTHER_TAB_REFRESHES: async () => {
        await mark()
        await d.otherTabRefreshes()
      },
      OTHER_TAB_SIGNS_OUT: () => d.otherTabSignsOut(),
      OTHER_TAB_SIGNS_IN_MANAGER: () => d.otherTabSignsIn(d.person('manager').email),
      OPEN_ADMIN_SECTION_BY_ADDRESS: () => d.open('/admin/pricing'),
      OPEN_PROJECT: () => d.click('link', d.person('clientWithFlag').name),
      RETURN_TO_STEP_PAGE: async () => {
        await mark()
        await d.click('link', 'Excavation')
        await d.expectScreen('Excavation', '/builder/excavation')
        await d.expectRole('heading', 'Bids')
        // Opening the page read the quotes, before the tab leaves.
        await eventually(poolReadsSince, 1)
        await mark()
        await d.tabReturns()
      },
    },
    states: {
      onboarding: async () => {
        await d.expectScreen('Tell us about your pool', '/onboarding')
        await d.expectRole('textbox', 'City')
      },
      login: async () => {
        await d.expectScreen('Sign in', '/login')
        await d.expectRole('textbox', 'Email')
      },
      loginRefused: async () => {
        await d.expectScreen('Sign in', '/login')
        await d.expectRole('alert', SENDING_REFUSED)
      },
      verify: async ({ context }) => {
        await checkVerify()
        await d.expectText(`We sent a 6-digit code to ${person(context.account).email}.`)
        await d.expectNoRole('alert')
      },
      verifyWrongCode: async () => {
        await checkVerify()
        await d.expectRole('alert', 'That code is not right. 4 tries left.')
      },
      verifyAfterReload: async () => {
        await checkVerify()
        expect(await d.valueOf('textbox', 'Verification code')).toBe('')
        await d.expectNoRole('alert')
      },
      verifyCodeResent: async () => {
        await checkVerify()
        await d.expectText(/^We sent a new code to /)
        await d.expectNoRole('alert')
      },
      verifyResendRefused: async () => {
        await checkVerify()
        await d.expectRole('alert', SENDING_REFUSED)
      },
      needsAccount: async () => {
        await d.expectScreen('Tell us about your pool', '/onboarding')
        const { email } = d.person('newEmail')
        await d.expectText(`No account uses ${email} yet — tell us about your pool to create one.`)
        expect(await d.valueOf('textbox', 'Email')).toBe(email)
        await d.expectRole('button', 'Create account')
        await d.expectNoRole('button', 'Send code')
      },
      needsAccountRefused: async () => {
        await d.expectScreen('Tell us about your pool', '/onboarding')
        await d.expectRole('alert', OFFLINE)
        await d.expectRole('button', 'Create account')
      },
      'comingSoon.notWaiting': async ({ context }) => {
        await comingSoonIn(context.account)
        await d.expectText("You're not on the waiting list.")
        await d.expectRole('button', 'Join the waiting list')
        await d.expectRole('button', 'Log out')
      },
      'comingSoon.notWaitingRefused': async ({ context }) => {
        await comingSoonIn(context.account)
        await d.expectRole('alert', OFFLINE)
        await d.expectText("You're not on the waiting list.")
      },
      'comingSoon.waiting': async ({ context }) => {
        await comingSoonIn(context.account)
        await d.expectText(
          `You're on the waiting list — we'll email you when we open in ${person(context.account).city}.`,
        )
        await d.expectRole('button', 'Leave the waiting list')
      },
      'comingSoon.cityRefused': async ({ context }) => {
        await comingSoonIn(context.account)
        await d.expectRole('alert', OFFLINE)
      },
      builder: checkBuilder,
      builderRemembered: async () => {
        await checkBuilder()
        expect((await d.stored()).rememberLogin).toBe(true)
      },
      builderResumed: async () => {
        await checkBuilder()
        expect(await since()).toEqual({ refresh: 1, unauthorized: 0 })
      },
      builderRefreshed: async () => {
        await checkBuilder()
        // vi.waitFor, not expect.poll: the Chromium paths run side by side, outside any one test.
        await vi.waitFor(async () => expect(await since()).toEqual({ refresh: 1, unauthorized: 0 }))
        expect((await d.stored()).auth?.isAuthenticated).toBe(true)
      },
      builderSynced: async () => {
        await checkBuilder()
        // The other tab's refresh, and none of this tab's own.
        expect(await since()).toEqual({ refresh: 1, unauthorized: 0 })
      },
      stepPageBack: async () => {
        await d.expectScreen('Excavation', '/builder/excavation')
        await d.expectRole('button', 'Log out')
        // The quotes are read again, once for the focus and the visibility change of the
        // return; no refresh (it would race the resume's), and no call refused.
        await eventually(async () => ({ ...(await since()), poolRead: await poolReadsSince() }), {
          refresh: 0,
          unauthorized: 0,
          poolRead: 1,
        })
      },
      builderConfirmed: async () => {
        await checkBuilder()
        expect(await since()).toEqual({ refresh: 1, unauthorized: 0 })
      },
      refreshRefused: async () => {
        await d.expectScreen('Sign in', '/login')
        await expectStorageEmpty()
      },
      signedOutEmpty: async () => {
        await d.expectScreen('Sign in', '/login')
        // Not even for a moment, and no call went out with the old session's token.
        expect(await builderWatch?.seen()).toBe(false)
        expect((await since()).unauthorized).toBe(0)
        await expectStorageEmpty()
      },
      quoteSavedSilently: async () => {
        await d.expectScreen('Excavation', '/builder/excavation')
        await d.expectRole('article', 'Dig Co')
        expect(await since()).toEqual({ refresh: 1, unauthorized: 1 })
        expect((await d.counts()).addQuote).toBe(1)
      },
      sessionEnded: async () => {
        await d.expectScreen('Sign in', '/login')
        expect(await d.search()).toEqual({ redirect: '/builder/excavation' })
        expect((await d.counts()).addQuote).toBe(0)
      },
      draftSaved: async () => {
        await d.expectScreen('Excavation', '/builder/excavation')
        await d.expectText('Your change to Excavation was saved after you signed in again.')
        await d.expectRole('article', 'Dig Co')
        expect((await d.counts()).addQuote).toBe(1)
      },
      // Not saved, and said to be, with why: the quote typed before the session ended is lost.
      draftRefused: async () => {
        await d.expectScreen('Excavation', '/builder/excavation')
        await d.expectRole(
          'alert',
          `Your change to Excavation was not saved after you signed in again: ${OFFLINE}`,
        )
        await d.expectNoRole('status', /after you signed in again/)
        await d.expectNoRole('article', 'Dig Co')
        expect((await d.counts()).addQuote).toBe(0)
      },
      someoneElse: async () => {
        await comingSoonIn('clientWithoutFlag')
        expect((await d.counts()).addQuote).toBe(0)
        expect((await d.stored()).client ?? {}).not.toHaveProperty('draft.call')
      },
      admin: async () => {
        await d.expectScreen('Pricing', '/admin/pricing')
        await d.expectRole('navigation', 'Admin sections')
        await d.expectRole('button', 'Log out')
      },
      projects: async () => {
        await d.expectScreen('Projects', '/admin/projects')
        await d.expectRole('navigation', 'Admin sections')
        await d.expectRole('link', 'Projects')
        await d.expectNoRole('link', 'Pricing')
        await d.expectRole('link', d.person('clientWithFlag').name)
        await d.expectRole('button', 'Log out')
      },
      project: async () => {
        const owner = d.person('clientWithFlag')
        await d.expectScreen(`${owner.name}'s project`, /^\/admin\/projects\/[0-9a-f-]+$/)
        for (const tab of ['Overview', 'Timeline', 'Budget', 'Documents', 'Trades', 'Messages'])
          await d.expectRole('tab', tab)
        await d.expectRole('button', 'Enter a bid')
      },
      loggedOut: async () => {
        await d.expectScreen('Sign in', '/login')
        await expectStorageEmpty()
      },
    },
  }
}
