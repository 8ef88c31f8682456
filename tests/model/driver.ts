/**
 * What a model's walk needs of the world, written once per place the app runs: jsdom with the
 * fake server (jsdom-driver.tsx) and Chromium with the real server
 * (tests/e2e/support/chromium-driver.ts). A walk (`*.walk.ts`) acts and looks only through it,
 * so the same paths mean the same thing in both.
 */

export type Name = string | RegExp
export type Role =
  | 'button'
  | 'link'
  | 'checkbox'
  | 'radio'
  | 'textbox'
  | 'article'
  | 'alert'
  | 'navigation'
  | 'heading'
  | 'dialog'
  | 'status'
  | 'tab'
  | 'region'

export type Person = { email: string; name: string; city: string; state: string }

/** What the app keeps in the browser. */
export type Stored = {
  /** The session under `auth` in localStorage, if any. */
  auth: { isAuthenticated: boolean } | null
  /** The client's, the admin's and the Projects' data in IndexedDB, if any. */
  client: unknown
  admin: unknown
  projects: unknown
  /** Whether the readable `rememberLogin` cookie is set. */
  rememberLogin: boolean
}

/** How often the server answered each kind of call since the driver started. */
export type Counts = {
  refresh: number
  /** Data calls answered 401 for want of a good access token. */
  unauthorized: number
  addQuote: number
  /** Reads of the pool data (GET /api/pool) answered. */
  poolRead: number
}

/** The API calls a walk may cut off (the network fails once for that call) or stall. */
export type CutCall =
  | 'onboarding'
  | 'logout'
  | 'editStatus'
  | 'changeCity'
  | 'addQuote'
  | 'addLogEntry'
  | 'markDone'
  | 'timeline'
  | 'upload'
  | 'adminFetch'
  | 'adminWrite'
  | 'tradeLink'
  | 'threadMessages'
  | 'threads'
  | 'projects'
  | 'enterQuote'

export interface Driver {
  /** Which model's paths run here, and a short name for messages. */
  readonly where: 'jsdom' | 'chromium'

  // The page, as a user works it.
  open(path: string): Promise<void>
  reload(): Promise<void>
  /** Waits for the control and for it to be enabled, then clicks it. */
  click(role: 'button' | 'link' | 'checkbox' | 'radio' | 'tab', name: Name): Promise<void>
  /** Clicks the link named `name` in the navigation named `navigation`, where others share it. */
  clickIn(navigation: string, name: Name): Promise<void>
  /** Clicks the control named `name` in the list item named `item`, where others share it. */
  clickInItem(item: Name, role: 'button' | 'link', name: Name): Promise<void>
  /** Clears the field (or search field) labelled `label` and types `text` into it. */
  fill(label: Name, text: string): Promise<void>
  select(label: Name, option: string): Promise<void>
  /** Chooses one small JPEG photo named `fileName` with the file field `label` ("Add files"). */
  upload(fileName: string, label?: string): Promise<void>
  /** Chooses one small text file named `fileName` with "Add files": neither a photo nor a PDF. */
  uploadText(fileName: string): Promise<void>

  // What the page shows, each waiting a while for it.
  /** The one level-1 heading and the address's path. */
  expectScreen(heading: Name, pathname: string | RegExp): Promise<void>
  /** The address's query, as an object. */
  search(): Promise<Record<string, string>>
  expectText(text: Name): Promise<void>
  /** An element of `role` named `name` (an alert or status line: saying it) is shown. */
  expectRole(role: Role, name: Name): Promise<void>
  /** Nothing of `role` named `name` is shown (any name when omitted). */
  expectNoRole(role: Role, name?: Name): Promise<void>
  /** A form control's value, or a checkbox's state as 'on'/'off'. */
  valueOf(role: 'textbox' | 'checkbox' | 'radio' | 'combobox', name: Name): Promise<string>
  isDisabled(role: 'button', name: Name): Promise<boolean>
  /** Starts watching for an element; `seen` says whether it ever appeared since. */
  watchFor(selector: string): Promise<{ seen: () => Promise<boolean> }>

  // What the app keeps, and what the server saw.
  stored(): Promise<Stored>
  counts(): Promise<Counts>

  // The people and the mail.
  person(account: string): Person
  /** The id of the account's client: the back office's address of its project. */
  clientIdOf(account: string): Promise<string>
  /** The code of the newest email to `email`. */
  codeFor(email: string): Promise<string>

  // The world around the page.
  /**
   * The access tokens issued so far are no longer good (they expired on the server) while the
   * page did not see the time go by. `whileAsleep` is done before the page's clock goes on: a
   * timer of the page's that came due meanwhile (its refresh, on a slow machine) fires after it.
   */
  expireAccessTokens(whileAsleep?: () => Promise<void>): Promise<void>
  /** The server no longer accepts this browser's refresh cookie. */
  revokeSession(): Promise<void>
  /** The browser is closed and reopened `ms` later; its session cookies go unless `keepCookies`. */
  reopenLater(ms: number, options: { keepSessionCookies: boolean }): Promise<void>
  /** The site's storage is cleared (cookies kept), and the same address is opened again. */
  reopenWithStorageCleared(): Promise<void>
  /** The user goes to another tab and comes back to this one: the page hears it shown again. */
  tabReturns(): Promise<void>
  /** The page stays open for `ms`: its timers run. */
  wait(ms: number): Promise<void>
  /** The next `call` fails as if the network were down. */
  cutNext(call: CutCall): Promise<void>
  /** The next `call` gets no answer while the page is open, as on a very slow network. */
  stallNext(call: CutCall): Promise<void>
  /** The next admin fetch answers in full, with a builder request that does not fit the contract. */
  misfitNextAdminFetch(): Promise<void>
  /** The next `call` is answered 401, as if the access token had just expired. */
  refuseTokenNext(call: CutCall): Promise<void>
  /** Runs `actions` in a phone-wide window (where the Menu button shows), then widens it again. */
  onPhone(actions: () => Promise<void>): Promise<void>
  /** This browser already holds a session of `email`, who signed in with "Remember me". */
  signedInAs(email: string): Promise<void>
  /** The email's codes for the next 15 minutes are used up, by requests from elsewhere. */
  spendCodes(email: string): Promise<void>
  /** How many more codes the email may be sent in these 15 minutes. */
  codesLeft(email: string): Promise<number>

  /** Another admin serves a city, from another browser. */
  otherAdminServes(city: string, state: string): Promise<void>

  // The trade portal's bid request, sent to `person('trade')` by `person('owner')`.
  /** The link the trade's email carries: `/t/{token}`. */
  tradeLink(): Promise<string>
  /** The owner withdraws the request: its link no longer works. */
  ownerWithdrawsBidRequest(): Promise<void>
  /** The owner accepts the trade's bid, awarding it the step. */
  ownerAcceptsBid(): Promise<void>
  /** This browser's trade session ends on the server (it lasts 4 hours). */
  tradeSessionEnds(): Promise<void>

  // Another tab of the same browser.
  otherTabSignsIn(email: string): Promise<void>
  otherTabRefreshes(): Promise<void>
  otherTabSignsOut(): Promise<void>
}

export const HOUR = 60 * 60_000
/** A code no login ever issues. */
export const WRONG_CODE = '999999'

/** A builder request whose client is no id: what the admin actor's check of the rows refuses. */
export const MISFIT_REQUEST = {
  id: '00000000-0000-4000-8000-00000000f17f',
  clientId: 'nobody',
  clientName: 'Nobody',
  status: 'open' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
}
