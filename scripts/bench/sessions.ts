import fs from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Page } from 'playwright-core'
import { z } from 'zod'

const REFRESH_COOKIE = 'refresh_token'
const MAIL_WAIT_MS = 10_000

const LoginResponse = z.object({ Data: z.object({ tempToken: z.string() }) })
const SessionResponse = z.object({ Data: z.object({ Token: z.string() }) })
const OutboxMail = z.object({ to: z.string(), text: z.string() })

/** Where every client the bench signs up lives: the write benches open it as a served city. */
export const BENCH_CITY = { name: 'Austin', state: 'TX' }

const ONBOARDING_DETAILS = {
  name: 'Bench',
  phone: '+1 512 555 0100',
  address: '1 Bench St',
  city: BENCH_CITY.name,
  state: BENCH_CITY.state,
}

/** A signed-in user: the refresh cookie, and the access token for `Authorization: Bearer`. */
export type Session = { cookie: string; token: string }

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  if (!response.ok) {
    throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`)
  }
  return response
}

/** `refresh_token=<value>` from Set-Cookie lines, ready to send back as a Cookie header. */
export function refreshCookieOf(setCookies: readonly string[]): string | undefined {
  const line = setCookies.find((cookie) => cookie.startsWith(`${REFRESH_COOKIE}=`))
  const pair = line?.split(';')[0]
  // An emptied cookie is the server clearing the session, not a new token.
  return pair === `${REFRESH_COOKIE}=` ? undefined : pair
}

export const mailFiles = async (outboxDir: string) =>
  (await fs.readdir(outboxDir).catch(() => [])).filter((name) => name.endsWith('.json'))

/** A mail file as written so far: null while the mailer is still writing it. */
async function readMail(file: string) {
  const raw = await fs.readFile(file, 'utf8').catch(() => '')
  try {
    const mail = OutboxMail.safeParse(JSON.parse(raw))
    return mail.success ? mail.data : null
  } catch {
    return null
  }
}

/**
 * What `pattern` captures in a mail to `email` among the files not in `before` (older mails,
 * older codes).
 */
async function mailedTo(
  outboxDir: string,
  email: string,
  before: ReadonlySet<string>,
  pattern: RegExp,
) {
  const names = (await mailFiles(outboxDir)).filter((name) => !before.has(name))
  for (const name of names) {
    const mail = await readMail(path.join(outboxDir, name))
    if (mail?.to === email) return pattern.exec(mail.text)?.[1]
  }
  return undefined
}

/**
 * The mailer writes in the background after the call that sends it answers, so poll a little:
 * what `pattern` captures in the new mail to `email`, by default a sign-in code.
 */
export async function waitForMail(
  outboxDir: string,
  email: string,
  before: ReadonlySet<string>,
  pattern = /\b(\d{6})\b/,
) {
  const deadline = Date.now() + MAIL_WAIT_MS
  while (Date.now() < deadline) {
    const found = await mailedTo(outboxDir, email, before, pattern)
    if (found) return found
    await sleep(50)
  }
  throw new Error(`no ${pattern} mailed to ${email} in ${outboxDir} after ${MAIL_WAIT_MS / 1000} s`)
}

/**
 * In a browser on /login: `email` typed, "Send code", and on /verify the mailed code typed, not
 * yet sent.
 */
export async function typeMailedCode(page: Page, outboxDir: string, email: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  const before = new Set(await mailFiles(outboxDir))
  await page.getByRole('button', { name: 'Send code' }).click()
  await page.waitForURL('**/verify')
  const code = await waitForMail(outboxDir, email, before)
  await page.getByRole('textbox', { name: 'Verification code' }).fill(code)
}

/** Emails a code to `email` and reads it from the outbox: the temp token and the code. */
async function requestCode(origin: string, outboxDir: string, email: string) {
  // A second sign-in of the same email must not read the first one's (spent) code.
  const before = new Set(await mailFiles(outboxDir))
  const login = await postJson(`${origin}/api/login`, { email })
  const { tempToken } = LoginResponse.parse(await login.json()).Data
  return { tempToken, code: await waitForMail(outboxDir, email, before) }
}

async function sessionOf(response: Response, email: string): Promise<Session> {
  const { Token } = SessionResponse.parse(await response.json()).Data
  const cookie = refreshCookieOf(response.headers.getSetCookie())
  if (!cookie) throw new Error(`signing in ${email} set no ${REFRESH_COOKIE} cookie`)
  return { cookie, token: Token }
}

/** Creates a client account through the API, as the app does, and returns its session. */
export async function signUp(origin: string, outboxDir: string, email: string): Promise<Session> {
  const { tempToken, code } = await requestCode(origin, outboxDir, email)
  const onboarding = await postJson(
    `${origin}/api/onboarding`,
    { code, ...ONBOARDING_DETAILS },
    { 'temp-token': tempToken },
  )
  return sessionOf(onboarding, email)
}

/** Signs an existing account in (the seeded admin, for instance) through the API. */
export async function signIn(origin: string, outboxDir: string, email: string): Promise<Session> {
  const { tempToken, code } = await requestCode(origin, outboxDir, email)
  const verify = await postJson(`${origin}/api/verify`, { code }, { 'temp-token': tempToken })
  return sessionOf(verify, email)
}

/** One sequential refresh outside the load run; the rotated cookie, or undefined if refused. */
export async function refreshOnce(origin: string, cookie: string): Promise<string | undefined> {
  const response = await fetch(`${origin}/api/refresh`, { method: 'POST', headers: { cookie } })
  await response.arrayBuffer()
  return response.ok ? refreshCookieOf(response.headers.getSetCookie()) : undefined
}
