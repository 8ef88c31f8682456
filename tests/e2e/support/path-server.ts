import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import type { City, Stage, StageEntry } from '../../../contract'
import type { BidRequest } from '../../../contract/bids'
import { REFERENCE_POOL } from '../../../contract/estimator'
import type { Person } from '../../model/driver'
import { accounts, ADMIN } from './accounts'
import type { RunningServer } from './server'

/** A path's people, each with an address of their own on the shared server. */
export type People = Record<string, Person>

const HOUR_MS = 60 * 60_000

/** A small real JPEG: the server reads what a file is from its bytes. */
export const photo = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .toBuffer()

const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

const refreshCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => /^refresh_token=([^;]*)/.exec(cookie)?.[1])
    .find((value) => value)

/**
 * The real server as the model paths' setup reaches it, from outside any browser: the first
 * admin (one sign-in, then refreshes, so setup spends none of the login limit), the mail
 * outbox, and new clients signed up through the API as onboarding signs them up.
 */
export function pathServer(e2e: { readonly server: RunningServer }) {
  const mail = accounts(e2e)
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${e2e.server.url}${url}`, {
      method: 'POST',
      ...json(body),
      headers: { 'content-type': 'application/json', ...headers },
    })

  /** The code of the mail to `email` that was not in the outbox before. */
  const codeAfter = async (email: string, send: () => Promise<Response>) => {
    const before = await mail.outbox()
    const sent = await send()
    if (!sent.ok) throw new Error(`login of ${email}: ${sent.status} ${await sent.text()}`)
    const { Data } = (await sent.json()) as { Data: { tempToken: string } }
    return { tempToken: Data.tempToken, code: await mail.codeFor(email, before) }
  }

  const signInAdmin = async () => {
    const { tempToken, code } = await codeAfter(ADMIN, () => post('/api/login', { email: ADMIN }))
    return post('/api/verify', { code, rememberMe: true }, { 'temp-token': tempToken })
  }
  let adminCookie: string | undefined
  let adminCall = Promise.resolve('')
  /**
   * A fresh admin token: a refresh of the admin's one sign-in, or a new sign-in when there is
   * none yet or the refresh was refused (a loaded server may answer 503). Calls queue, so no two
   * refreshes spend the same cookie.
   */
  const adminToken = (): Promise<string> => {
    adminCall = adminCall
      .catch(() => '')
      .then(async () => {
        let answer = adminCookie
          ? await post('/api/refresh', {}, { cookie: `refresh_token=${adminCookie}` })
          : await signInAdmin()
        if (!answer.ok && adminCookie) answer = await signInAdmin()
        if (!answer.ok) throw new Error(`admin sign-in: ${answer.status} ${await answer.text()}`)
        adminCookie = refreshCookieOf(answer)
        return ((await answer.json()) as { Data: { Token: string } }).Data.Token
      })
    return adminCall
  }

  /** An admin API call (`url` under /api/admin/); answers its `Data`. */
  const asAdmin = async <T>(method: string, url: string, body?: unknown): Promise<T> =>
    withToken<T>(await adminToken(), method, `admin/${url}`, body)

  /** The clients signed up, by email: their ids, which the back office's addresses carry. */
  const clientIds = new Map<string, string>()

  /** Signs a new client up as onboarding does (login, verify, onboarding); answers their token. */
  async function signUp(person: Person): Promise<string> {
    const { tempToken, code } = await codeAfter(person.email, () =>
      post('/api/login', { email: person.email }),
    )
    const headers = { 'temp-token': tempToken }
    const verified = await post('/api/verify', { code }, headers)
    if (verified.status !== 404) throw new Error(`${person.email} has an account already`)
    const created = await post(
      '/api/onboarding',
      {
        name: person.name,
        phone: '(512) 555-0142',
        address: '12 Elm St',
        city: person.city,
        state: person.state,
      },
      headers,
    )
    if (!created.ok) throw new Error(`signing up ${person.email}: ${await created.text()}`)
    const { Data } = (await created.json()) as { Data: { Token: string; userData: { id: string } } }
    clientIds.set(person.email, Data.userData.id)
    return Data.Token
  }

  /** The texts of the mails to `email`, oldest first (a mail's file name starts with its time). */
  async function mailsTo(email: string): Promise<string[]> {
    const names = [...(await mail.outbox())].sort()
    const mails = await Promise.all(
      names.map(async (name) => {
        const file = path.join(e2e.server.outboxDir, name)
        return JSON.parse(await fs.readFile(file, 'utf8')) as { to: string; text: string }
      }),
    )
    return mails.filter((each) => each.to === email).map((each) => each.text)
  }

  /** An API call with the access token `token` (`url` under /api/); answers its `Data`. */
  async function withToken<T>(token: string, method: string, url: string, body?: unknown) {
    const response = await fetch(`${e2e.server.url}/api/${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!response.ok)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
    return ((await response.json()) as { Data: T }).Data
  }

  /** The owner whose token is `ownerToken` saves the reference pool's design. */
  const saveDesign = (ownerToken: string) =>
    withToken(ownerToken, 'PUT', 'edit-pool', { Title: 'Pool Design', choices: REFERENCE_POOL })

  /** The owner records `trade` (its name the company's) for the excavation; answers its id. */
  const addTrade = async (ownerToken: string, trade: Person) => {
    const { id } = await withToken<{ id: string }>(ownerToken, 'POST', 'trades', {
      company: trade.name,
      contact: 'Dee Digger',
      email: trade.email,
      steps: ['excavation'],
      licenceNumber: '7654321',
      licenceClass: 'C-12',
      // Two days ago: the server refuses a check after the project's today, which is still
      // yesterday in Austin for the first hours of a UTC day.
      licenceCheckedOn: new Date(Date.now() - 2 * 24 * HOUR_MS).toISOString().slice(0, 10),
      insuranceExpiresOn: '2099-01-01',
      compExempt: true,
    })
    return id
  }

  /** The bid requests the paths' owners made, by the email of the trade asked. */
  const bidRequests = new Map<string, { ownerToken: string; id: string; link: string }>()
  const bidRequestTo = (tradeEmail: string) => {
    const request = bidRequests.get(tradeEmail)
    if (!request) throw new Error(`no bid request was sent to ${tradeEmail}`)
    return request
  }

  /** The id of the step `slug`, as the public list of stages names it. */
  async function stageIdOf(slug: string) {
    const stages = (await (await fetch(`${e2e.server.url}/api`)).json()) as { Data: Stage[] }
    const stage = stages.Data.find((each) => each.slug === slug)
    if (!stage) throw new Error(`no stage ${slug}`)
    return stage.id
  }

  /**
   * The client whose token is `token` records `trade`, adds its quote of `amount` cents for
   * Excavation and accepts it: the step's contract.
   */
  async function hireForExcavation(token: string, trade: Person, amount: number) {
    const tradeId = await addTrade(token, trade)
    const StageId = await stageIdOf('excavation')
    const entry = await withToken<StageEntry>(token, 'PUT', 'add-quote', {
      StageId,
      vendor: trade.name,
      amount,
      tradeId,
    })
    const quoteId = entry.quotes.at(-1)?.id
    if (!quoteId) throw new Error(`no quote of ${trade.name} was added`)
    await withToken(token, 'PUT', 'accept-quote', { StageId, quoteId, acknowledge: true })
  }

  /**
   * `owner` signs up, saves a design and asks `trade` (recorded as one of theirs) to bid on the
   * excavation by a month from now, with `message`; the link is read from the trade's email.
   */
  async function requestBid(owner: Person, trade: Person, message: string) {
    const ownerToken = await signUp(owner)
    await saveDesign(ownerToken)
    const tradeId = await addTrade(ownerToken, trade)
    const dueOn = new Date(Date.now() + 30 * 24 * HOUR_MS).toISOString().slice(0, 10)
    const [request] = await withToken<BidRequest[]>(ownerToken, 'POST', 'bid-requests', {
      step: 'excavation',
      tradeIds: [tradeId],
      dueOn,
      message,
    })
    // The email goes out after the answer.
    let link: string | undefined
    for (let tries = 0; !link && tries < 100; tries += 1) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 100))
      link = /\/t\/[A-Za-z0-9_-]+/.exec((await mailsTo(trade.email)).at(-1) ?? '')?.[0]
    }
    if (!request || !link) throw new Error(`no bid request reached ${trade.email}`)
    bidRequests.set(trade.email, { ownerToken, id: request.id, link })
  }

  return {
    url: () => e2e.server.url,
    requestBid,
    /** The link the trade's email carries. */
    bidLink: (tradeEmail: string) => bidRequestTo(tradeEmail).link,
    withdrawBidRequest: async (tradeEmail: string) => {
      const { ownerToken, id } = bidRequestTo(tradeEmail)
      await withToken(ownerToken, 'DELETE', `bid-requests/${id}`)
    },
    /** The owner accepts the quote the trade's bid made on the step. */
    acceptBid: async (tradeEmail: string) => {
      const { ownerToken, id } = bidRequestTo(tradeEmail)
      const requests = await withToken<BidRequest[]>(ownerToken, 'GET', 'bid-requests')
      const quoteId = requests.find((request) => request.id === id)?.quoteId
      if (!quoteId) throw new Error(`no bid of ${tradeEmail} to accept`)
      await withToken(ownerToken, 'PUT', 'accept-quote', {
        StageId: await stageIdOf('excavation'),
        quoteId,
        acknowledge: true,
      })
    },
    mailsTo,
    asAdmin,
    signUp,
    hireForExcavation,
    clientIdOf: (email: string) => {
      const id = clientIds.get(email)
      if (!id) throw new Error(`${email} was not signed up here`)
      return id
    },
    withToken,
    saveDesign,
    addTrade,
    /** The owner whose token is `ownerToken` uploads a small JPEG as `kind`, with `caption`. */
    uploadFile: async (ownerToken: string, kind: string, caption: string) => {
      const form = new FormData()
      form.append('kind', kind)
      form.append('caption', caption)
      form.append('file', new Blob([await photo()], { type: 'image/jpeg' }), 'yard.jpg')
      const response = await fetch(`${e2e.server.url}/api/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ownerToken}` },
        body: form,
      })
      if (!response.ok) throw new Error(`uploading: ${response.status} ${await response.text()}`)
    },
    /** The owner whose token is `ownerToken` writes `texts` on `thread`, one after another. */
    postMessages: async (ownerToken: string, thread: string, texts: readonly string[]) => {
      for (const text of texts)
        await withToken(ownerToken, 'POST', `threads/${thread}/messages`, { text })
    },
    /** Another admin, who may sign in from the browser. */
    addAdmin: (person: Person) =>
      asAdmin('POST', 'admin/create', { name: person.name, email: person.email }),
    /**
     * A manager the back office lists (it signs in from the browser with its emailed code),
     * assigned to the project of the owner whose token is `ownerToken`: the owner asks for it,
     * the admin accepts the request.
     */
    assignManager: async (manager: Person, ownerToken: string) => {
      const { id } = await asAdmin<{ id: string }>('POST', 'managers/create', {
        name: manager.name,
        company: 'Build Right',
        email: manager.email,
        phone: '(512) 555-0123',
        bio: 'Ran thirty pool builds.',
        yearsExperience: 12,
        fee: 800_000,
      })
      const request = await withToken<{ id: string }>(ownerToken, 'POST', 'request-manager', {
        managerId: id,
      })
      await asAdmin('PUT', `manager-requests/${request.id}`, { status: 'accepted' })
    },
    serveCity: (name: string, state: string, permitFee = 45_000) =>
      asAdmin<City>('POST', 'cities/create', { name, state, permitFee }),
  }
}

export type PathServer = ReturnType<typeof pathServer>
