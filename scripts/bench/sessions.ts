import fs from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { z } from 'zod'

const REFRESH_COOKIE = 'refresh_token'
const MAIL_WAIT_MS = 10_000

const LoginResponse = z.object({ Data: z.object({ tempToken: z.string() }) })
const OutboxMail = z.object({ to: z.string(), text: z.string() })

const ONBOARDING_DETAILS = {
  name: 'Bench',
  phone: '+1 512 555 0100',
  address: '1 Bench St',
  city: 'Austin',
  state: 'TX',
}

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

async function codeMailedTo(outboxDir: string, email: string): Promise<string | undefined> {
  const names = await fs.readdir(outboxDir).catch(() => [])
  // Files are named `<Date.now()>-<random>.json`: newest first by name.
  for (const name of names
    .filter((n) => n.endsWith('.json'))
    .sort()
    .reverse()) {
    const raw = await fs.readFile(path.join(outboxDir, name), 'utf8').catch(() => '')
    const mail = OutboxMail.safeParse(JSON.parse(raw || 'null'))
    if (mail.success && mail.data.to === email) return /\b(\d{6})\b/.exec(mail.data.text)?.[1]
  }
  return undefined
}

/** The mailer writes in the background after /api/login answers, so poll a little. */
async function waitForCode(outboxDir: string, email: string): Promise<string> {
  const deadline = Date.now() + MAIL_WAIT_MS
  while (Date.now() < deadline) {
    const code = await codeMailedTo(outboxDir, email)
    if (code) return code
    await sleep(50)
  }
  throw new Error(`no sign-in code for ${email} in ${outboxDir} after ${MAIL_WAIT_MS / 1000} s`)
}

/** Creates a client account through the API, as the app does, and returns its refresh cookie. */
export async function signUp(origin: string, outboxDir: string, email: string): Promise<string> {
  const login = await postJson(`${origin}/api/login`, { email })
  const { tempToken } = LoginResponse.parse(await login.json()).Data
  const code = await waitForCode(outboxDir, email)
  const onboarding = await postJson(
    `${origin}/api/onboarding`,
    { code, ...ONBOARDING_DETAILS },
    { 'temp-token': tempToken },
  )
  await onboarding.arrayBuffer()
  const cookie = refreshCookieOf(onboarding.headers.getSetCookie())
  if (!cookie) throw new Error(`onboarding of ${email} set no ${REFRESH_COOKIE} cookie`)
  return cookie
}

/** One sequential refresh outside the load run; the rotated cookie, or undefined if refused. */
export async function refreshOnce(origin: string, cookie: string): Promise<string | undefined> {
  const response = await fetch(`${origin}/api/refresh`, { method: 'POST', headers: { cookie } })
  await response.arrayBuffer()
  return response.ok ? refreshCookieOf(response.headers.getSetCookie()) : undefined
}
