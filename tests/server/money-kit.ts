import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { Money, STEPS, type MoneyStep, type StepSlug } from '../../contract'
import type { TestApp } from '../support/build'
import { callRaw } from '../support/call'
import { entryOf, put, stageIds } from './client-kit'

type Headers = Record<string, string>

/** Money as a call answered it (`status` 200 or 201), checked against the contract. */
export function moneyOf(res: LightMyRequestResponse, status = 200): Money {
  expect(res.statusCode, res.body).toBe(status)
  return Money.parse((res.json() as { Data: unknown }).Data)
}

export const getMoney = async (t: TestApp, headers: Headers) =>
  moneyOf(await callRaw(t, 'money', {}, headers))

export function stepIn(money: Money, step: StepSlug): MoneyStep {
  const found = money.steps.find((s) => s.step === step)
  if (!found) throw new Error(`no ${step} in Money`)
  return found
}

/** The key of a step's entry in the quote calls: a stage's id, a non-stage's title. */
export async function keyOf(t: TestApp, step: StepSlug): Promise<Record<string, string>> {
  const found = STEPS.find((s) => s.route === step)
  if (found?.kind === 'non-stage') return { Title: found.title }
  return { StageId: (await stageIds(t))[step] ?? '' }
}

/** Adds a quote on `step` and answers its id. */
export async function addQuote(
  t: TestApp,
  headers: Headers,
  step: StepSlug,
  amount: number,
  vendor = 'Dig Co',
) {
  const key = await keyOf(t, step)
  const url = 'Title' in key ? '/api/add-quote1' : '/api/add-quote'
  const entry = entryOf(await put(t, url, { ...key, vendor, amount }, headers))
  const added = entry.quotes.at(-1)
  if (!added) throw new Error('no quote added')
  return added.id
}

export const acceptQuote = async (t: TestApp, headers: Headers, step: StepSlug, quoteId: string) =>
  callRaw(t, 'acceptQuote', { body: { ...(await keyOf(t, step)), quoteId } }, headers)

export const removeQuote = async (t: TestApp, headers: Headers, step: StepSlug, quoteId: string) =>
  callRaw(t, 'removeQuote', { body: { ...(await keyOf(t, step)), quoteId } }, headers)

/** A quote of `amount` on `step`, accepted: the step's contract. Answers the quote's id. */
export async function signed(t: TestApp, headers: Headers, step: StepSlug, amount: number) {
  const quoteId = await addQuote(t, headers, step, amount)
  expect((await acceptQuote(t, headers, step, quoteId)).statusCode).toBe(200)
  return quoteId
}

export const pay = (t: TestApp, headers: Headers, drawId: string, amount: number) =>
  callRaw(
    t,
    'recordPayment',
    { id: drawId, body: { paidOn: '2030-03-01', amount, method: 'check', reference: '1001' } },
    headers,
  )

/** The id of the draw at `position` of a step's plan. */
export async function drawId(t: TestApp, headers: Headers, step: StepSlug, position: number) {
  const draw = stepIn(await getMoney(t, headers), step).draws[position]
  if (!draw) throw new Error(`no draw ${position} on ${step}`)
  return draw.id
}
