import type { Browser, BrowserContext, Locator, Page, Request, Response } from 'playwright-core'
import { TRADE_SESSION_COOKIE } from '../../../contract/bids'
import {
  MISFIT_REQUEST,
  type Counts,
  type CutCall,
  type Driver,
  type Name,
  type Role,
  type Stored,
} from '../../model/driver'
import { DESKTOP, PHONE } from './browser'
import { photo, type PathServer, type People } from './path-server'

// Each look waits this long for what the user would see: paths run side by side on two cores,
// and a screen behind a refresh took over 10 s there (only a failing look waits it out).
const WAIT = 20_000
/** How far the page's clock moves at a time when a walk waits. */
const STEP = 5_000
/** The calls each `CutCall` names, by their path. */
const CALLS: Record<CutCall, (pathname: string) => boolean> = {
  onboarding: (pathname) => pathname === '/api/onboarding',
  logout: (pathname) => pathname === '/api/logout',
  editStatus: (pathname) => pathname === '/api/edit-status',
  changeCity: (pathname) => pathname === '/api/change-city',
  addQuote: (pathname) => /^\/api\/add-quote1?$/.test(pathname),
  addLogEntry: (pathname) => pathname === '/api/logs',
  markDone: (pathname) => /^\/api\/mark-done1?$/.test(pathname),
  timeline: (pathname) => pathname === '/api/timeline',
  threadMessages: (pathname) => /^\/api\/threads\/[^/]+\/messages$/.test(pathname),
  threads: (pathname) => pathname === '/api/threads',
  upload: (pathname) => pathname === '/api/files',
  adminFetch: (pathname) => pathname === '/api/admin/fetch',
  adminWrite: (pathname) => pathname.startsWith('/api/admin/') && pathname !== '/api/admin/fetch',
  tradeLink: (pathname) => pathname === '/api/trade/link',
  projects: (pathname) => pathname === '/api/admin/projects',
  enterQuote: (pathname) => /^\/api\/admin\/projects\/[^/]+\/quotes$/.test(pathname),
}
/** The sign-in calls: a 401 there is a wrong code or an ended session, not a refused token. */
const SIGN_IN_CALLS = new Set(['/api/login', '/api/verify', '/api/onboarding', '/api/refresh'])
/** The calls that email a code. */
const CODE_CALLS = new Set(['/api/login', '/api/trade/login'])
/** The answers that carry a new access token. */
const TOKEN_CALLS = new Set(['/api/verify', '/api/onboarding', '/api/refresh', '/api/change-city'])

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** What Testing Library's string names mean: the whole text, trimmed. */
const whole = (name: Name) =>
  typeof name === 'string' ? new RegExp(`^\\s*${escape(name)}\\s*$`) : name
const pathnameOf = (url: string) => new URL(url).pathname

/** The expiry (ms since the epoch) of a JWT access token. */
const expiryOf = (token: string) => {
  const [, payload = ''] = token.split('.')
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { exp: number }
  return claims.exp * 1000
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `holds` answers true, as a user would look again; fails saying `what` was not so. */
async function until(holds: () => Promise<boolean> | boolean, what: () => string) {
  const deadline = Date.now() + WAIT
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(what())
    await sleep(50)
  }
}

/** What the app keeps, read in the page: localStorage, its IndexedDB rows, the readable cookie. */
const readStored = async (): Promise<Stored> => {
  const rows: { key: string; value: unknown }[] = []
  // Opening a database that is not there would create it, empty, under the app's name.
  if ((await indexedDB.databases()).some((each) => each.name === 'poolpath')) {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('poolpath')
      opening.onsuccess = () => resolve(opening.result)
      opening.onerror = () => reject(opening.error)
    })
    if (db.objectStoreNames.contains('state')) {
      const all = db.transaction('state').objectStore('state').getAll()
      rows.push(
        ...(await new Promise<typeof rows>(
          (resolve) => (all.onsuccess = () => resolve(all.result)),
        )),
      )
    }
    db.close()
  }
  const stateOf = (key: string) => {
    const own = rows.find((row) => row.key === key)
    if (own) return own.value
    const fields = rows.filter((row) => row.key.startsWith(`${key}/`))
    if (fields.length === 0) return null
    return Object.fromEntries(fields.map((row) => [row.key.slice(key.length + 1), row.value]))
  }
  const auth = localStorage.getItem('auth')
  return {
    auth: auth === null ? null : (JSON.parse(auth) as { isAuthenticated: boolean }),
    client: stateOf('client'),
    admin: stateOf('admin'),
    projects: stateOf('projects'),
    rememberLogin: document.cookie.split('; ').includes('rememberLogin=true'),
  }
}

/** Marks the page when an element matching `selector` is ever in it. */
const watchScript = (selector: string) => {
  const look = () => {
    if (document.querySelector(selector)) {
      ;(window as unknown as { pathSeen: (s: string) => void }).pathSeen(selector)
    }
  }
  new MutationObserver(look).observe(document, { childList: true, subtree: true })
  look()
}

/** Another tab's sign-in or refresh stored as the app stores it, telling this tab through storage. */
const storeSession = (session: {
  Token: string
  role: string
  userData: unknown
  Flag?: boolean
}) =>
  localStorage.setItem(
    'auth',
    JSON.stringify({
      role: session.role,
      accessToken: session.Token,
      tempToken: null,
      userData: session.userData,
      isAuthenticated: true,
      flag: session.Flag ?? false,
      tokenReceivedAt: Date.now(),
      email: null,
      onboarding: null,
    }),
  )

export type ChromiumDriverOptions = {
  browser: Browser
  server: PathServer
  people: People
  /** The server's LOGIN_LIMIT_PER_EMAIL. */
  codesPerEmail: number
}

/**
 * The walks' driver in Chromium: the built app served by the real server, playwright-core as
 * the user, a fresh browser context per path. Codes come from the server's mail outbox, counts
 * from the answers the pages got, network failures and refused tokens from `route` on the one
 * call; the clock is Playwright's, installed in every context.
 */
export async function createChromiumDriver(options: ChromiumDriverOptions) {
  const { browser, server, people, codesPerEmail } = options
  const counts: Counts = { refresh: 0, unauthorized: 0, addQuote: 0, poolRead: 0 }
  /** Codes the path's people were sent since the driver started, from any page or from outside. */
  let codesSent = 0
  const mailsBefore = new Map<string, number>()
  /** API calls sent and not yet answered. */
  let inFlight = 0
  /** Of them, the calls that answer a new access token. */
  let tokensInFlight = 0
  /** Of them, the calls that email a code. */
  let codesInFlight = 0
  const tokenExpiries: Promise<number>[] = []
  const watches = new Map<string, boolean>()
  let context: BrowserContext | null = null
  let page: Page | null = null
  let otherTab: Page | null = null

  for (const person of Object.values(people)) {
    mailsBefore.set(person.email, (await server.mailsTo(person.email)).length)
  }
  const mailsSince = async () => {
    let count = 0
    for (const [email, before] of mailsBefore)
      count += (await server.mailsTo(email)).length - before
    return count
  }

  const heard = (response: Response) => {
    const pathname = pathnameOf(response.url())
    const status = response.status()
    if (pathname === '/api/refresh') counts.refresh += 1
    if (status === 401 && !SIGN_IN_CALLS.has(pathname)) counts.unauthorized += 1
    if (CALLS.addQuote(pathname) && response.ok()) counts.addQuote += 1
    // A read answered: the pool sent, or the one the page holds still good (304).
    if (pathname === '/api/pool' && (response.ok() || status === 304)) counts.poolRead += 1
    if (CODE_CALLS.has(pathname) && response.ok()) codesSent += 1
    if (TOKEN_CALLS.has(pathname) && response.ok()) {
      tokenExpiries.push(
        response
          .json()
          .then((body: { Data: { Token: string } }) => expiryOf(body.Data.Token))
          // The browser closed before the body was read (the path ended, or it was reopened):
          // nothing waits on that token, and an unread body must not fail the run.
          .catch(() => 0),
      )
    }
  }

  const current = () => {
    if (!page) throw new Error('no page is open')
    return page
  }
  const currentContext = () => {
    if (!context) throw new Error('no browser is open')
    return context
  }

  /** A browser (context) opened at `time`, holding `state`, with the active watches. */
  const openBrowser = async (
    state?: Awaited<ReturnType<BrowserContext['storageState']>>,
    time = Date.now(),
  ) => {
    context = await browser.newContext({
      baseURL: server.url(),
      viewport: DESKTOP,
      ...(state ? { storageState: state } : {}),
    })
    context.on('response', heard)
    const isCall = (request: Request) => pathnameOf(request.url()).startsWith('/api/')
    const isTokenCall = (request: Request) => TOKEN_CALLS.has(pathnameOf(request.url()))
    const isCodeCall = (request: Request) => CODE_CALLS.has(pathnameOf(request.url()))
    context.on('request', (request) => {
      if (isCall(request)) inFlight += 1
      if (isTokenCall(request)) tokensInFlight += 1
      if (isCodeCall(request)) codesInFlight += 1
    })
    // After 'response', which has noted the token's expiry.
    const answered = (request: Request) => {
      if (isCall(request)) inFlight -= 1
      if (isTokenCall(request)) tokensInFlight -= 1
      if (isCodeCall(request)) codesInFlight -= 1
    }
    context.on('requestfinished', answered)
    context.on('requestfailed', answered)
    await context.exposeBinding('pathSeen', (_source, selector: string) => {
      watches.set(selector, true)
    })
    for (const selector of watches.keys()) await context.addInitScript(watchScript, selector)
    await context.clock.install({ time })
    page = await context.newPage()
    otherTab = null
  }

  /** Where a user can act: inside an open modal dialog, the rest of the page is inert. */
  const actionable = async (): Promise<Page | Locator> => {
    const dialog = current().locator('dialog[open]')
    return (await dialog.count()) > 0 ? dialog : current()
  }
  /** The one control `find` finds where the user can act, once it is there. */
  const one = async (find: (scope: Page | Locator) => Locator, what: string) => {
    let found = find(current())
    await until(
      async () => {
        found = find(await actionable())
        return (await found.count()) === 1
      },
      () => `no one ${what}`,
    )
    return found
  }
  const fieldLabelled = (label: Name) => {
    const name = typeof label === 'string' ? new RegExp(`^${escape(label)}`) : label
    return one(
      (scope) =>
        scope
          .getByRole('textbox', { name })
          .or(scope.getByRole('spinbutton', { name }))
          .or(scope.getByRole('searchbox', { name }))
          // A date field has no role of its own.
          .or(scope.locator('input[type="date"]').and(scope.getByLabel(name))),
      `field labelled ${String(label)}`,
    )
  }
  const byRole = (role: Role, name?: Name) => {
    if (role === 'alert' || role === 'status') {
      const all = current().getByRole(role)
      return name === undefined ? all : all.filter({ hasText: whole(name) })
    }
    return current().getByRole(role, name === undefined ? {} : { name: whole(name) })
  }

  /**
   * Waits until every access token issued so far has expired on the server's clock, the page's
   * clock standing still meanwhile (a laptop asleep): the app does not see the time go by.
   * `whileAsleep` runs before the clock goes on, so no timer of the page's comes between.
   */
  const expireAccessTokens = async (whileAsleep?: () => Promise<void>) => {
    // A token on its way (the refresh that fetches a client's data when another tab signed in)
    // outlives those answered: wait for it, or the wait ends while it is still good.
    await until(
      () => tokensInFlight === 0,
      () => `${tokensInFlight} token calls unanswered`,
    )
    const latest = Math.max(0, ...(await Promise.all(tokenExpiries)))
    const { clock } = currentContext()
    await pauseSoon(clock)
    await sleep(Math.max(0, latest + 1_000 - Date.now()))
    await whileAsleep?.()
    await clock.resume()
  }

  /**
   * Stops the page's clock half a second ahead of the page's now. On a busy machine more than
   * that can pass before the pause arrives, which Playwright refuses (the time would go back):
   * then it reads the page's now again.
   */
  const pauseSoon = async (clock: BrowserContext['clock']) => {
    for (let tries = 1; ; tries++) {
      try {
        return await clock.pauseAt((await current().evaluate(() => Date.now())) + 500)
      } catch (error) {
        if (tries === 5 || !String(error).includes('to the past')) throw error
      }
    }
  }

  /** The browser closed, and opened again at the same address `ms` later holding `state`. */
  const reopen = async (
    ms: number,
    keep: (state: Awaited<ReturnType<BrowserContext['storageState']>>) => typeof state,
  ) => {
    const at = current().url()
    const state = keep(await currentContext().storageState({ indexedDB: true }))
    await currentContext().close()
    await openBrowser(state, Date.now() + ms)
    await current().goto(at)
  }

  /** A second page of this browser, on the app like this one. */
  const secondTab = async () => {
    otherTab ??= await currentContext().newPage()
    return otherTab
  }

  /** The access token of `email`, signed in through the API from the other tab. */
  const signInFromOtherTab = async (tab: Page, email: string) => {
    if (tab.url() === 'about:blank') await tab.goto('/api')
    const tempToken = await tab.evaluate(async (address) => {
      const response = await fetch('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: address }),
      })
      return ((await response.json()) as { Data: { tempToken: string } }).Data.tempToken
    }, email)
    const code = await driver.codeFor(email)
    return tab.evaluate(
      async ({ token, typed }) => {
        const response = await fetch('/api/verify', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'temp-token': token },
          body: JSON.stringify({ code: typed }),
        })
        return ((await response.json()) as { Data: Parameters<typeof storeSession>[0] }).Data
      },
      { token: tempToken, typed: code },
    )
  }

  const driver: Driver = {
    where: 'chromium',
    open: async (path) => {
      await current().goto(path)
    },
    reload: async () => {
      await current().reload()
    },
    click: async (role, name) => {
      const control = await one(
        (scope) => scope.getByRole(role, { name: whole(name) }),
        `${role} ${String(name)}`,
      )
      await control.click({ timeout: WAIT })
    },
    clickIn: async (navigation, name) => {
      const link = await one(
        (scope) =>
          scope
            .getByRole('navigation', { name: whole(navigation) })
            .getByRole('link', { name: whole(name) }),
        `link ${String(name)} in ${navigation}`,
      )
      await link.click({ timeout: WAIT })
    },
    clickInItem: async (item, role, name) => {
      const control = await one(
        (scope) =>
          scope.getByRole('listitem', { name: whole(item) }).getByRole(role, { name: whole(name) }),
        `${role} ${String(name)} in ${String(item)}`,
      )
      await control.click({ timeout: WAIT })
    },
    fill: async (label, text) => {
      await (await fieldLabelled(label)).fill(text, { timeout: WAIT })
    },
    select: async (label, option) => {
      const field = await one(
        (scope) => scope.getByRole('combobox', { name: whole(label) }),
        `list ${String(label)}`,
      )
      await field.selectOption(option, { timeout: WAIT })
      // A list that saves as it changes (a request's status) is disabled until the answer.
      await field.and(current().locator(':enabled')).waitFor({ timeout: WAIT })
    },
    upload: async (fileName, label = 'Add files') => {
      const input = current().getByLabel(label)
      await input.setInputFiles(
        { name: fileName, mimeType: 'image/jpeg', buffer: await photo() },
        { timeout: WAIT },
      )
    },
    uploadText: async (fileName) => {
      const input = current().getByLabel('Add files')
      await input.setInputFiles(
        { name: fileName, mimeType: 'text/plain', buffer: Buffer.from('plain words') },
        { timeout: WAIT },
      )
    },
    expectScreen: async (heading, pathname) => {
      await current()
        .getByRole('heading', { level: 1, name: whole(heading) })
        .waitFor({ timeout: WAIT })
      const wanted = typeof pathname === 'string' ? new RegExp(`^${escape(pathname)}$`) : pathname
      await until(
        () => wanted.test(pathnameOf(current().url())),
        () => `the address is ${current().url()}, not ${String(pathname)}`,
      )
    },
    search: async () => Object.fromEntries(new URL(current().url()).searchParams),
    expectText: async (text) => {
      await current().getByText(text).first().waitFor({ timeout: WAIT })
    },
    expectRole: async (role, name) => {
      await byRole(role, name).first().waitFor({ timeout: WAIT })
    },
    expectNoRole: async (role, name) => {
      await until(
        async () => (await byRole(role, name).count()) === 0,
        () => `a ${role} ${String(name ?? '')} is shown`,
      )
    },
    valueOf: async (role, name) => {
      const control = current().getByRole(role, { name: whole(name) })
      await control.waitFor({ timeout: WAIT })
      if (role === 'checkbox' || role === 'radio') return (await control.isChecked()) ? 'on' : 'off'
      return control.inputValue()
    },
    isDisabled: async (_role, name) => {
      const button = current().getByRole('button', { name: whole(name) })
      await button.waitFor({ timeout: WAIT })
      return button.isDisabled()
    },
    watchFor: async (selector) => {
      watches.set(selector, false)
      // From the next page on, as the page shown now is the one being left.
      await currentContext().addInitScript(watchScript, selector)
      return { seen: async () => watches.get(selector) === true }
    },
    stored: () => current().evaluate(readStored),
    counts: async () => ({ ...counts }),
    person: (account) => {
      const who = people[account]
      if (!who) throw new Error(`no person for ${account}`)
      return who
    },
    clientIdOf: async (account) => server.clientIdOf(driver.person(account).email),
    codeFor: async (email) => {
      // Every code asked for was sent and has arrived; then only the newest counts, as it
      // replaced the others.
      await until(
        () => codesInFlight === 0,
        () => `${codesInFlight} code calls unanswered`,
      )
      await until(
        async () => (await mailsSince()) >= codesSent,
        () => `not every code sent has been emailed`,
      )
      const code = /\b(\d{6})\b/.exec((await server.mailsTo(email)).at(-1) ?? '')?.[1]
      if (!code) throw new Error(`no code in the newest mail to ${email}`)
      return code
    },
    expireAccessTokens,
    // Logging out elsewhere revokes the refresh token's whole sign-in; this browser keeps its cookie.
    revokeSession: async () => {
      const cookies = await currentContext().cookies()
      const refresh = cookies.find((cookie) => cookie.name === 'refresh_token')
      if (!refresh) throw new Error('this browser holds no session to revoke')
      await fetch(`${server.url()}/api/logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `refresh_token=${refresh.value}` },
        body: '{}',
      })
    },
    reopenLater: async (ms, { keepSessionCookies }) => {
      await expireAccessTokens()
      await reopen(ms, (state) => ({
        ...state,
        cookies: keepSessionCookies ? state.cookies : state.cookies.filter((c) => c.expires !== -1),
      }))
    },
    reopenWithStorageCleared: () => reopen(0, (state) => ({ cookies: state.cookies, origins: [] })),
    tabReturns: () =>
      current().evaluate(() => void document.dispatchEvent(new Event('visibilitychange'))),
    // In steps, each call the timers made answered before time goes on: a request is not left
    // to time out on the page's clock while the server answers in milliseconds.
    wait: async (ms) => {
      for (let left = ms; left > 0; left -= STEP) {
        await currentContext().clock.runFor(Math.min(STEP, left))
        await until(
          () => inFlight === 0,
          () => `${inFlight} calls unanswered`,
        )
      }
    },
    cutNext: async (call) => {
      await currentContext().route(
        (url) => CALLS[call](url.pathname),
        (route) => route.abort('internetdisconnected'),
        { times: 1 },
      )
    },
    // Held, never let through: the page gives up on it when it reads again.
    stallNext: async (call) => {
      await currentContext().route(
        (url) => CALLS[call](url.pathname),
        () => undefined,
        {
          times: 1,
        },
      )
    },
    // The real answer, asked for in full, with one row more that the app's check refuses.
    misfitNextAdminFetch: async () => {
      await currentContext().route(
        (url) => CALLS.adminFetch(url.pathname),
        async (route) => {
          const headers = route.request().headers()
          delete headers['if-none-match']
          const response = await route.fetch({ headers })
          const body = (await response.json()) as { Data: { BuilderRequests: unknown[] } }
          body.Data.BuilderRequests.push(MISFIT_REQUEST)
          await route.fulfill({ status: 200, contentType: 'application/json', json: body })
        },
        { times: 1 },
      )
    },
    // The server itself refuses the call: it carries a token the server no longer accepts.
    refuseTokenNext: async (call) => {
      await currentContext().route(
        (url) => CALLS[call](url.pathname),
        (route) =>
          route.continue({
            headers: { ...route.request().headers(), authorization: 'Bearer expired' },
          }),
        { times: 1 },
      )
    },
    onPhone: async (actions) => {
      await current().setViewportSize(PHONE)
      await actions()
      await current().setViewportSize(DESKTOP)
    },
    otherAdminServes: async (city, state) => {
      await server.serveCity(city, state)
    },
    // Signed in through the API with "Remember me": the browser holds its cookies, nothing stored.
    signedInAs: async (email) => {
      const api = currentContext().request
      const login = await api.post('/api/login', { data: { email } })
      codesSent += 1
      const { Data } = (await login.json()) as { Data: { tempToken: string } }
      const verified = await api.post('/api/verify', {
        data: { code: await driver.codeFor(email), rememberMe: true },
        headers: { 'temp-token': Data.tempToken },
      })
      if (!verified.ok()) throw new Error(`signing ${email} in: ${await verified.text()}`)
    },
    spendCodes: async (email) => {
      for (let tries = 0; tries <= codesPerEmail; tries += 1) {
        const response = await fetch(`${server.url()}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        })
        if (response.status === 429) return
        codesSent += 1
      }
      throw new Error(`the server never refused another code for ${email}`)
    },
    codesLeft: async (email) => codesPerEmail - (await server.mailsTo(email)).length,
    tradeLink: async () => server.bidLink(driver.person('trade').email),
    ownerWithdrawsBidRequest: () => server.withdrawBidRequest(driver.person('trade').email),
    ownerAcceptsBid: () => server.acceptBid(driver.person('trade').email),
    // As signing out in another tab of this browser ends it.
    tradeSessionEnds: async () => {
      const cookies = await currentContext().cookies()
      const session = cookies.find((cookie) => cookie.name === TRADE_SESSION_COOKIE)
      if (!session) throw new Error('this browser holds no trade session')
      const response = await fetch(`${server.url()}/api/trade/session`, {
        method: 'DELETE',
        headers: { cookie: `${TRADE_SESSION_COOKIE}=${session.value}` },
      })
      if (!response.ok) throw new Error(`ending the trade session: ${response.status}`)
    },
    otherTabSignsIn: async (email) => {
      const tab = await secondTab()
      const session = await signInFromOtherTab(tab, email)
      await tab.evaluate(storeSession, session)
    },
    otherTabRefreshes: async () => {
      const tab = await secondTab()
      if (tab.url() === 'about:blank') await tab.goto('/api')
      const session = await tab.evaluate(async () => {
        const response = await fetch('/api/refresh', { method: 'POST' })
        return ((await response.json()) as { Data: Parameters<typeof storeSession>[0] }).Data
      })
      await tab.evaluate(storeSession, session)
    },
    // The other tab shows the app signed in as this one, and its user logs out there.
    otherTabSignsOut: async () => {
      const tab = await secondTab()
      await tab.goto(current().url())
      await tab.getByRole('button', { name: 'Log out' }).click({ timeout: WAIT })
      await tab.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor({ timeout: WAIT })
    },
  }

  await openBrowser()
  return { driver, close: () => currentContext().close() }
}
