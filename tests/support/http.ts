import fs from 'node:fs/promises'
import path from 'node:path'
import { getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { Problem, SessionData } from '../../contract'
import * as schema from '../../server/db/schema'
import { build, type TestApp } from './build'
import { perTest } from './per-test'
import { call, callRaw } from './call'
import { TEST_ADMIN_EMAIL } from './template'

type Headers = Record<string, string>

export const json = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  headers: Headers = {},
) =>
  app.inject({
    method,
    url,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  } as InjectOptions)

/** Asserts a problem+json answer and returns it parsed. */
export function expectProblem(res: LightMyRequestResponse, status: number, code?: string): Problem {
  expect(res.statusCode, res.body).toBe(status)
  expect(res.headers['content-type']).toContain('application/problem+json')
  const problem = Problem.parse(res.json())
  if (code) expect(problem.code).toBe(code)
  expect(problem.status).toBe(status)
  return problem
}

export const cookie = (res: LightMyRequestResponse, name: string) =>
  (
    res.cookies as {
      name: string
      value: string
      maxAge?: number
      path?: string
      httpOnly?: boolean
      sameSite?: string
      expires?: Date
    }[]
  ).find((c) => c.name === name)

type Mail = { to: string; subject: string; text: string; html: string }

/** The newest email the development mailer wrote for `to`. */
export async function lastMail(t: TestApp, to: string): Promise<Mail> {
  await t.app.mailer.flush()
  const names = (await fs.readdir(t.outbox)).filter((n) => n.endsWith('.json')).sort()
  for (const name of names.reverse()) {
    const mail = JSON.parse(await fs.readFile(path.join(t.outbox, name), 'utf8')) as Mail
    if (mail.to === to) return mail
  }
  throw new Error(`no mail for ${to}`)
}

export const codeIn = (mail: { text: string }) => {
  const match = /\b(\d{6})\b/.exec(mail.text)
  if (!match?.[1]) throw new Error('no code in the mail')
  return match[1]
}

/** Asks for a code and reads it from the outbox, as a user reads their email. */
export async function requestCode(t: TestApp, email: string) {
  const { tempToken } = await call(t, 'login', { body: { email } })
  return { tempToken, code: codeIn(await lastMail(t, email.toLowerCase())) }
}

export const onboardingDetails = {
  name: 'Pat Swimmer',
  phone: '+1 512 555 0100',
  address: '12 Lake St',
  city: 'Austin',
  state: 'TX',
}

/** Signs in (creating a client when `asNewClient`), answering the session and its cookies. */
export async function signIn(
  t: TestApp,
  email: string,
  options: {
    rememberMe?: boolean
    asNewClient?: boolean
    details?: Partial<typeof onboardingDetails>
  } = {},
) {
  const { tempToken, code } = await requestCode(t, email)
  const body = options.asNewClient
    ? { code, ...onboardingDetails, ...options.details, rememberMe: options.rememberMe }
    : { code, rememberMe: options.rememberMe }
  const res = await callRaw(t, options.asNewClient ? 'onboarding' : 'verify', { body, tempToken })
  expect(res.statusCode, res.body).toBe(200)
  const session = SessionData.parse((res.json() as { Data: unknown }).Data)
  const refresh = cookie(res, 'refresh_token')?.value
  if (!refresh) throw new Error('no refresh cookie')
  return { session, refresh, res }
}

/** The refresh call with `token` as its refresh cookie, as the browser sends it. */
export const refreshWith = (t: TestApp, token: string) =>
  callRaw(t, 'refresh', {}, { cookie: `refresh_token=${token}` })

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** The seeded admin signed in: its bearer headers and its id. */
export async function signInAdmin(t: TestApp) {
  const { session } = await signIn(t, TEST_ADMIN_EMAIL)
  return { headers: bearer(session.Token), id: session.userData.id }
}

/** The seeded admin signed in before every test (after `t` is built): its headers and id. */
export const adminPerTest = (t: TestApp) => perTest(() => signInAdmin(t))

/** A fresh app with the seeded admin signed in, as every back-office test starts. */
export async function buildAsAdmin() {
  const t = await build()
  const { headers, id } = await signInAdmin(t)
  return { t, admin: headers, adminId: id }
}

const TABLES: PgTable[] = Object.values(schema).filter((value) => is(value, PgTable))

/**
 * A fuzzed request's answer: never a 5xx nor a leaked Fastify error code (`leak`), and a refusal
 * is a problem document that changed no row (`before`: a snapshot taken `except` those tables).
 * Answers whether it was a refusal, for a caller that checks more of what it left.
 */
export async function expectSafeAnswer(
  t: TestApp,
  res: LightMyRequestResponse,
  before: string,
  { leak = 'FST_ERR', except = [] as string[] } = {},
): Promise<boolean> {
  expect(res.statusCode, res.body).toBeLessThan(500)
  expect(res.body).not.toContain(leak)
  if (res.statusCode < 400) return false
  expect(res.headers['content-type']).toContain('application/problem+json')
  expect(await snapshot(t, except)).toBe(before)
  return true
}

/** Every row of every table (optionally but some), to prove a rejected request changed nothing. */
export async function snapshot(t: TestApp, except: string[] = []): Promise<string> {
  const parts: string[] = []
  for (const table of TABLES) {
    const name = getTableName(table)
    if (except.includes(name)) continue
    const result = await t.app.db.execute(sql`select * from ${table} order by 1`)
    parts.push(`${name}:${JSON.stringify((result as unknown as { rows: unknown[] }).rows)}`)
  }
  return parts.join('\n')
}
