import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect } from 'vitest'
import type { InspectionEvent } from 'xstate'
import { z } from 'zod/mini'
import {
  AUTH_STORAGE_KEY,
  clearAuth,
  loadAuth,
  REMEMBER_LOGIN_COOKIE,
  saveAuth,
} from '../../src/adapters/auth-storage'
import { loadState } from '../../src/adapters/state-db'
import { clearState } from '../../src/adapters/state-store'
import type { SessionData } from '../../contract'
import type { Driver, Name, Person, Role } from './driver'
import { PEOPLE, type FakeServer } from './fake-server'
import { FAKE_OWNER, FAKE_TRADE } from './fake-trade-portal'
import { createBrowser } from './render-app'

// Lazy route chunks are transformed on first use: the first builder or admin page takes a while,
// over 5 seconds when the two cores also run the server suites beside this one.
const WAIT = { timeout: 10_000 }

const matches = (text: string, name: Name) =>
  typeof name === 'string' ? text.trim() === name : name.test(text)

/** Alerts and status lines are found by what they say, every other role by its name. */
const findAll = (role: Role, name?: Name) =>
  role === 'alert' || role === 'status'
    ? screen
        .queryAllByRole(role)
        .filter((alert) => name === undefined || matches(alert.textContent ?? '', name))
    : screen.queryAllByRole(role, name === undefined ? {} : { name })

/** Where a user can act: inside an open modal dialog, the rest of the page is inert. */
const actionable = () => {
  const dialog = document.querySelector('dialog[open]')
  return dialog instanceof HTMLElement ? within(dialog) : screen
}

/** A label names its field by its start; a hint may follow it ("Amount In dollars"). */
const fieldsLabelled = (label: Name) => {
  const name =
    typeof label === 'string'
      ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
      : label
  const fields = [
    ...actionable().queryAllByRole('textbox', { name }),
    ...actionable().queryAllByRole('spinbutton', { name }),
    // A date field has no role of its own.
    ...actionable()
      .queryAllByLabelText(name)
      .filter((field) => field instanceof HTMLInputElement && field.type === 'date'),
  ]
  // Looked for last: each role query walks the whole page, and a form's fields come first.
  return fields.length > 0 ? fields : actionable().queryAllByRole('searchbox', { name })
}

const hasRememberCookie = () =>
  document.cookie.split('; ').includes(`${REMEMBER_LOGIN_COOKIE}=true`)

/** The session another tab stores when it signs in or refreshes, at `now`. */
export const storeSession = (
  session: Pick<SessionData, 'Token' | 'role' | 'userData' | 'Flag'>,
  now: number,
) =>
  saveAuth({
    role: session.role,
    accessToken: session.Token,
    tempToken: null,
    userData: session.userData,
    isAuthenticated: true,
    flag: session.Flag,
    tokenReceivedAt: now,
    email: null,
    onboarding: null,
  })

/** What the browser fires in this tab when another tab changes the stored session. */
const tellThisTab = () =>
  window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY }))

/**
 * The walks' driver in jsdom: the real app (composition root, machines, router, screens) with
 * the fake server, Testing Library as the user, and the simulated clock of `createBrowser`.
 */
export function createJsdomDriver(server: FakeServer, inspect?: (e: InspectionEvent) => void) {
  const browser = createBrowser(server, inspect)
  const { user } = browser

  const driver: Driver = {
    where: 'jsdom',
    open: (path) => browser.open(path),
    reload: () => browser.reload(),
    click: async (role, name) => {
      const target = await waitFor(() => actionable().getByRole(role, { name }), WAIT)
      await waitFor(() => expect(target.matches(':disabled')).toBe(false), WAIT)
      await user.click(target)
    },
    clickIn: async (navigation, name) => {
      const nav = await waitFor(() => screen.getByRole('navigation', { name: navigation }), WAIT)
      await user.click(await waitFor(() => within(nav).getByRole('link', { name }), WAIT))
    },
    clickInItem: async (item, role, name) => {
      const scope = await waitFor(() => actionable().getByRole('listitem', { name: item }), WAIT)
      const target = await waitFor(() => within(scope).getByRole(role, { name }), WAIT)
      await waitFor(() => expect(target.matches(':disabled')).toBe(false), WAIT)
      await user.click(target)
    },
    fill: async (label, text) => {
      const field = await waitFor(() => {
        const [found, ...more] = fieldsLabelled(label)
        if (!found || more.length > 0) throw new Error(`no one field labelled ${String(label)}`)
        return found
      }, WAIT)
      await user.clear(field)
      // A date field that shows a saved date puts it back when emptied: a date is then set
      // whole, as a date picker and Chromium's fill set it.
      if (field instanceof HTMLInputElement && field.type === 'date' && field.value !== '') {
        fireEvent.change(field, { target: { value: text } })
        return
      }
      await user.type(field, text)
    },
    select: async (label, option) => {
      const field = await waitFor(() => actionable().getByRole('combobox', { name: label }), WAIT)
      await user.selectOptions(field, option)
    },
    upload: async (fileName, label = 'Add files') => {
      const input = await waitFor(() => actionable().getByLabelText(label), WAIT)
      await user.upload(input, new File(['jpeg bytes'], fileName, { type: 'image/jpeg' }))
    },
    // As "All files" in the picker: the input's accept list does not stop the choice.
    uploadText: async (fileName) => {
      const input = await waitFor(() => actionable().getByLabelText('Add files'), WAIT)
      await userEvent
        .setup({ applyAccept: false })
        .upload(input, new File(['plain words'], fileName, { type: 'text/plain' }))
    },
    expectScreen: (heading, pathname) =>
      waitFor(() => {
        expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy()
        const path = browser.location().pathname
        if (typeof pathname === 'string') expect(path).toBe(pathname)
        else expect(path).toMatch(pathname)
      }, WAIT),
    search: async () => browser.location().search as Record<string, string>,
    expectText: async (text) => {
      await screen.findAllByText(text, { exact: false }, WAIT)
    },
    expectRole: (role, name) =>
      waitFor(() => expect(findAll(role, name), `${role} ${String(name)}`).not.toEqual([]), WAIT),
    expectNoRole: async (role, name) =>
      expect(findAll(role, name), `no ${role} ${String(name)}`).toEqual([]),
    valueOf: async (role, name) => {
      const control = await screen.findByRole(role, { name }, WAIT)
      if (control instanceof HTMLSelectElement) return control.value
      if (!(control instanceof HTMLInputElement)) return ''
      if (role !== 'textbox') return control.checked ? 'on' : 'off'
      return control.value
    },
    isDisabled: async (_role, name) =>
      (await screen.findByRole('button', { name }, WAIT)).hasAttribute('disabled'),
    watchFor: async (selector) => {
      let seen = false
      const look = () => {
        seen ||= document.querySelector(selector) !== null
      }
      const observer = new MutationObserver(look)
      observer.observe(document.body, { childList: true, subtree: true })
      return {
        seen: async () => {
          observer.disconnect()
          return seen
        },
      }
    },
    stored: async () => ({
      auth: loadAuth(),
      client: await loadState('client', z.unknown()),
      admin: await loadState('admin', z.unknown()),
      projects: await loadState('projects', z.unknown()),
      rememberLogin: hasRememberCookie(),
    }),
    counts: async () => ({
      refresh: server.refreshes(),
      unauthorized: server.unauthorized(),
      addQuote: server.quotesAdded(),
      poolRead: server.poolReads(),
    }),
    person: (account) => {
      const people: Record<string, Person> = { ...PEOPLE, owner: FAKE_OWNER, trade: FAKE_TRADE }
      const who = people[account]
      if (!who) throw new Error(`no person for ${account}`)
      return who
    },
    clientIdOf: async (account) => server.idOf(driver.person(account).email),
    codeFor: async (email) =>
      email === FAKE_TRADE.email ? server.trade.codeFor(email) : server.codeFor(email),
    expireAccessTokens: async (whileAsleep) => {
      server.expireAccessTokens()
      await whileAsleep?.()
    },
    revokeSession: async () => server.revokeRefreshCookie(),
    reopenLater: (ms, { keepSessionCookies }) =>
      browser.reopenLater(ms, () => {
        server.expireAccessTokens()
        if (!keepSessionCookies) server.closeBrowser()
      }),
    reopenWithStorageCleared: () =>
      browser.reopenLater(0, () => {
        clearAuth()
        void clearState()
      }),
    // jsdom's document is never 'visible': the window's focus, which a returning tab gets too,
    // tells the pages that check it.
    tabReturns: async () => {
      window.dispatchEvent(new Event('focus'))
      document.dispatchEvent(new Event('visibilitychange'))
    },
    wait: async (ms) => browser.wait(ms),
    cutNext: async (call) => server.cutNext(call),
    stallNext: async (call) => server.stallNext(call),
    misfitNextAdminFetch: async () => server.misfitNextAdminFetch(),
    refuseTokenNext: async (call) => server.refuseTokenNext(call),
    // jsdom lays nothing out: every control shows at any width.
    onPhone: (actions) => actions(),
    otherAdminServes: async (city, state) => void server.serveCity(city, state),
    signedInAs: async (email) => {
      storeSession(server.signInElsewhere(email), browser.now())
    },
    spendCodes: async (email) => server.spendCodes(email),
    codesLeft: async (email) => server.codesLeft(email),
    tradeLink: async () => server.trade.link,
    ownerWithdrawsBidRequest: async () => server.trade.withdraw(),
    ownerAcceptsBid: async () => server.trade.acceptBid(),
    tradeSessionEnds: async () => server.trade.endSession(),
    otherTabSignsIn: async (email) => {
      storeSession(server.signInElsewhere(email), browser.now())
      tellThisTab()
    },
    otherTabRefreshes: async () => {
      storeSession(await server.refresh(), browser.now())
      tellThisTab()
    },
    otherTabSignsOut: async () => {
      // As the app signs out: its session, then the client's and admin's data.
      await server.logout()
      clearAuth()
      tellThisTab()
      await clearState()
    },
  }
  return { driver, browser }
}
