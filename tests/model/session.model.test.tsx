// @vitest-environment jsdom
// Dexie reaches IndexedDB when the client and admin state is saved and restored.
import 'fake-indexeddb/auto'
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AnyStateNode } from 'xstate'
import type { TestParam } from 'xstate/graph'
import { z } from 'zod/mini'
import { AUTH_STORAGE_KEY } from '../../src/adapters/auth-storage'
import { loadState } from '../../src/adapters/state-db'
import { createFakeServer, PEOPLE, WRONG_CODE, type FakeServer } from './fake-server'
import { createBrowser, type Browser } from './render-app'
import {
  createSessionTestModel,
  sessionModel,
  type Account,
  type ModelEvent,
  type ModelSnapshot,
} from './session.model'

// Lazy route chunks are transformed on first use: the first builder or admin page takes a while.
const WAIT = { timeout: 5_000 }

const person = (account: Account | null) => {
  if (!account) throw new Error('this model step names no account')
  return PEOPLE[account]
}
const cityOf = (account: Account | null) => {
  const who = person(account)
  return 'city' in who ? who : { city: '', state: '' }
}

/** The page's one h1 and the router's address, once both have settled. */
async function expectScreen(browser: Browser, heading: string | RegExp, pathname: string) {
  await waitFor(() => {
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy()
    expect(browser.location().pathname).toBe(pathname)
  }, WAIT)
}

const button = (name: string | RegExp) => screen.getByRole('button', { name })
const box = (name: string) => screen.getByRole('textbox', { name })
const valueOf = (element: HTMLElement) => (element instanceof HTMLInputElement ? element.value : '')

/**
 * How a visitor does each model event, and what each model state looks like on screen.
 * Event handlers read whom the step is for from the model state it leads to.
 */
const HOUR = 60 * 60_000

/** Nothing the app stores is left: no session in localStorage, no client or admin data. */
async function expectStorageEmpty() {
  expect(localStorage.length).toBe(0)
  expect(await loadState('client', z.unknown())).toBeNull()
  expect(await loadState('admin', z.unknown())).toBeNull()
}

/** Whether the builder's navigation appears in the page from now on, until `stop`. */
function watchForBuilder() {
  let seen = false
  const look = () => {
    seen ||= document.querySelector('nav[aria-label="Build steps"]') !== null
  }
  const observer = new MutationObserver(look)
  observer.observe(document.body, { childList: true, subtree: true })
  return {
    seen: () => {
      observer.disconnect()
      return seen
    },
  }
}

function walk(browser: Browser, server: FakeServer): TestParam<ModelSnapshot, ModelEvent> {
  const { user } = browser
  let builderWatch: ReturnType<typeof watchForBuilder> | null = null
  /** The server's refresh and 401 counts when the last event began. */
  let before = { refreshes: 0, unauthorized: 0 }
  const mark = () => {
    before = { refreshes: server.refreshes(), unauthorized: server.unauthorized() }
  }
  const since = () => ({
    refreshes: server.refreshes() - before.refreshes,
    unauthorized: server.unauthorized() - before.unauthorized,
  })
  const enterCode = async (code: string) => {
    await user.clear(box('Verification code'))
    await user.type(box('Verification code'), code)
    await user.click(button('Verify'))
  }
  /** A builder button is disabled while the page's own fetch runs: a click then does nothing. */
  const clickWhenEnabled = async (name: string | RegExp) => {
    const target = await screen.findByRole('button', { name }, WAIT)
    await waitFor(() => expect(target).toHaveProperty('disabled', false), WAIT)
    await user.click(target)
  }
  /** Excavation, then a quote, sent once the access token expired (and the session, if said). */
  const addQuoteToExcavation = async ({ endSession = false } = {}) => {
    await user.click(screen.getByRole('link', { name: 'Excavation' }))
    await screen.findByRole('heading', { level: 1, name: 'Excavation' }, WAIT)
    server.expireAccessTokens()
    if (endSession) server.dropRefreshCookie()
    await user.type(box('Vendor'), 'Dig Co')
    await user.type(box('Amount'), '12000')
    await clickWhenEnabled('Add quote')
  }
  const signInAt = async (email: string) => {
    await user.type(box('Email'), email)
    await user.click(button('Send code'))
    await screen.findByRole('textbox', { name: 'Verification code' }, WAIT)
    await enterCode(server.lastCode())
  }
  const checkVerify = async () => {
    await expectScreen(browser, 'Check your email', '/verify')
    expect(box('Verification code')).toBeTruthy()
  }

  return {
    events: {
      OPEN_LOGIN: () => user.click(screen.getByRole('link', { name: /Sign in/ })),
      SEND_LOGIN_CODE: async ({ state }) => {
        await user.type(box('Email'), person(state.context.account).email)
        await user.click(button('Send code'))
      },
      ENTER_WRONG_CODE: () => enterCode(WRONG_CODE),
      ENTER_RIGHT_CODE: () => enterCode(server.lastCode()),
      RESEND_CODE: () => user.click(button('Resend code')),
      FILL_ONBOARDING_AND_SEND: async ({ state }) => {
        const served = state.context.account === 'servedCity'
        const who = served ? PEOPLE.servedCity : PEOPLE.unservedCity
        const place = `${who.city}, ${who.state}`
        await user.type(box('City'), who.city)
        await user.type(box('State'), who.state)
        await user.click(button('Check availability'))
        const answer = served
          ? `Great news — we build in ${place}.`
          : `We don't build in ${place} yet.`
        await screen.findByText(answer, { exact: false }, WAIT)
        await user.type(box('Full name'), who.name)
        // Kept from the login when verify found no account for that email.
        if (valueOf(box('Email')) === '') await user.type(box('Email'), who.email)
        await user.type(box('Phone'), '(512) 555-0199')
        await user.type(box('Street address'), '12 Elm St')
        await user.click(button('Send code'))
      },
      FILL_ONBOARDING_AND_CREATE: async ({ state }) => {
        const who = state.context.account === 'servedCity' ? PEOPLE.servedCity : PEOPLE.unservedCity
        await user.type(box('City'), who.city)
        await user.type(box('State'), who.state)
        await user.type(box('Full name'), who.name)
        // The email verify proved is shown, not typed.
        expect(box('Email')).toHaveProperty('value', PEOPLE.newEmail.email)
        await user.type(box('Phone'), '(512) 555-0199')
        await user.type(box('Street address'), '12 Elm St')
        await user.click(button('Create account'))
      },
      MOVE_TO_SERVED_CITY: async () => {
        await user.clear(box('City'))
        await user.type(box('City'), PEOPLE.servedCity.city)
        await user.clear(box('State'))
        await user.type(box('State'), PEOPLE.servedCity.state)
        await user.click(button('Save city'))
      },
      JOIN_WAITING_LIST: () => user.click(button('Join the waiting list')),
      LEAVE_WAITING_LIST: () => user.click(button('Leave the waiting list')),
      LOG_OUT: () => user.click(button('Log out')),
      RELOAD: () => browser.reload(),
      REOPEN_LATER: async () => {
        mark()
        server.expireAccessTokens()
        browser.later(HOUR)
        await browser.reload()
      },
      REOPEN_LATER_WITHOUT_COOKIE: async () => {
        mark()
        server.expireAccessTokens()
        server.dropRefreshCookie()
        browser.later(HOUR)
        builderWatch = watchForBuilder()
        await browser.reload()
      },
      ADD_QUOTE_AFTER_SESSION_ENDED: () => addQuoteToExcavation({ endSession: true }),
      SIGN_IN_AGAIN: ({ state }) => signInAt(person(state.context.account).email),
      SIGN_IN_AS_SOMEONE_ELSE: () => signInAt(PEOPLE.clientWithoutFlag.email),
      ADD_QUOTE_WITH_EXPIRED_TOKEN: async () => {
        mark()
        await addQuoteToExcavation()
      },
    },
    states: {
      onboarding: async () => {
        await expectScreen(browser, 'Tell us about your pool', '/onboarding')
        expect(box('City')).toBeTruthy()
      },
      login: async () => {
        await expectScreen(browser, 'Sign in', '/login')
        expect(box('Email')).toBeTruthy()
      },
      verify: async () => {
        await checkVerify()
        expect(screen.getByText(`We sent a 6-digit code to ${server.lastEmailTo()}.`)).toBeTruthy()
        expect(screen.queryByRole('alert')).toBeNull()
      },
      verifyWrongCode: async () => {
        await checkVerify()
        const alert = await screen.findByRole('alert', {}, WAIT)
        expect(alert.textContent).toBe('That code is not right. 4 tries left.')
      },
      verifyAfterReload: async () => {
        await checkVerify()
        expect(box('Verification code')).toHaveProperty('value', '')
        expect(screen.queryByRole('alert')).toBeNull()
      },
      verifyCodeResent: async () => {
        await checkVerify()
        await screen.findByText(/^We sent a new code to /, {}, WAIT)
        expect(screen.queryByRole('alert')).toBeNull()
      },
      needsAccount: async () => {
        await expectScreen(browser, 'Tell us about your pool', '/onboarding')
        const email = PEOPLE.newEmail.email
        expect(
          screen.getByText(`No account uses ${email} yet — tell us about your pool to create one.`),
        ).toBeTruthy()
        expect(box('Email')).toHaveProperty('value', email)
        expect(button('Create account')).toBeTruthy()
        expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull()
      },
      'comingSoon.notWaiting': async ({ context }) => {
        await expectScreen(
          browser,
          `Coming soon to ${cityOf(context.account).city}`,
          '/coming-soon',
        )
        await screen.findByText("You're not on the waiting list.", {}, WAIT)
        expect(button('Join the waiting list')).toBeTruthy()
        expect(button('Log out')).toBeTruthy()
      },
      'comingSoon.waiting': async ({ context }) => {
        const { city } = cityOf(context.account)
        await expectScreen(browser, `Coming soon to ${city}`, '/coming-soon')
        await screen.findByText(
          `You're on the waiting list — we'll email you when we open in ${city}.`,
          {},
          WAIT,
        )
        expect(button('Leave the waiting list')).toBeTruthy()
      },
      builder: async () => {
        await expectScreen(browser, 'Pool Design', '/builder/pool-design')
        expect(screen.getByRole('navigation', { name: 'Build steps' })).toBeTruthy()
        expect(button('Log out')).toBeTruthy()
      },
      builderConfirmed: async () => {
        await expectScreen(browser, 'Pool Design', '/builder/pool-design')
        expect(screen.getByRole('navigation', { name: 'Build steps' })).toBeTruthy()
        expect(since()).toEqual({ refreshes: 1, unauthorized: 0 })
      },
      signedOutEmpty: async () => {
        await expectScreen(browser, 'Sign in', '/login')
        // Not even for a moment, and no call went out with the old session's token.
        expect(builderWatch?.seen()).toBe(false)
        expect(since().unauthorized).toBe(0)
        await expectStorageEmpty()
      },
      quoteSavedSilently: async () => {
        await expectScreen(browser, 'Excavation', '/builder/excavation')
        await screen.findByRole('article', { name: 'Dig Co' }, WAIT)
        expect(since()).toEqual({ refreshes: 1, unauthorized: 1 })
        expect(server.quotesAdded()).toBe(1)
      },
      sessionEnded: async () => {
        await expectScreen(browser, 'Sign in', '/login')
        expect(browser.location().search).toEqual({ redirect: '/builder/excavation' })
        expect(server.quotesAdded()).toBe(0)
      },
      draftSaved: async () => {
        await expectScreen(browser, 'Excavation', '/builder/excavation')
        const note = await screen.findByText(/after you signed in again/, {}, WAIT)
        expect(note.getAttribute('role')).toBe('status')
        expect(note.textContent).toBe(
          'Your change to Excavation was saved after you signed in again.',
        )
        expect(screen.getByRole('article', { name: 'Dig Co' })).toBeTruthy()
        expect(server.quotesAdded()).toBe(1)
      },
      someoneElse: async () => {
        await expectScreen(
          browser,
          `Coming soon to ${PEOPLE.clientWithoutFlag.city}`,
          '/coming-soon',
        )
        expect(server.quotesAdded()).toBe(0)
        expect((await loadState('client', z.unknown())) ?? {}).not.toHaveProperty('draft.call')
      },
      admin: async () => {
        await expectScreen(browser, 'Pricing', '/admin/pricing')
        expect(screen.getByRole('navigation', { name: 'Admin sections' })).toBeTruthy()
        expect(button('Log out')).toBeTruthy()
      },
      loggedOut: async () => {
        await expectScreen(browser, 'Sign in', '/login')
        expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull()
        expect(server.hasRefreshCookie()).toBe(false)
      },
    },
  }
}

/** Every atomic state of the model, as the dotted key `states` uses for it. */
const leafStates = (node: AnyStateNode): string[] => {
  const children = Object.values(node.states)
  if (children.length === 0) return [node.path.join('.')]
  return children.flatMap(leafStates)
}

let browser: Browser | null = null

beforeEach(() => localStorage.clear())
afterEach(() => {
  browser?.close()
  browser = null
  cleanup()
})

describe('the session model', () => {
  it('checks the screen of every state and acts out every event', () => {
    const { states = {}, events = {} } = walk(createBrowser(createFakeServer()), createFakeServer())
    expect(Object.keys(states).sort()).toEqual(leafStates(sessionModel.root).sort())
    expect(Object.keys(events).sort()).toEqual([...new Set(sessionModel.events)].sort())
  })
})

describe('the app, along every shortest path of the session model', () => {
  for (const path of createSessionTestModel().getShortestPaths()) {
    it(path.description, { timeout: 30_000 }, async () => {
      const server = createFakeServer()
      browser = createBrowser(server)
      await browser.open('/')
      await path.test(walk(browser, server))
    })
  }
})
