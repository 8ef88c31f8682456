import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { City } from '../../contract'
import { build, type TestApp } from '../support/build'
import { buildAsAdmin } from '../support/http'
import { call, callRaw } from '../support/call'
import { newClient } from './client-kit'

// Each server keeps who a token speaks for a few seconds; a change made on another server
// sharing the database reaches it by the data version's notification, not by that wait.

let t: TestApp
let admin: Record<string, string>
let other: TestApp
beforeEach(async () => {
  ;({ t, admin } = await buildAsAdmin())
  other = await build({}, { besides: t })
})
afterEach(async () => {
  await other.app.close()
  await t.app.close()
})

/** Austin served, and a client there signed in on the first server. */
async function austinClient() {
  const body = { name: 'Austin', state: 'TX', permitFee: 45_000 }
  const austin = City.parse(await call(t, 'createCity', { body }, admin))
  const client = await newClient(t, 'c@example.com')
  return { austin, client }
}

/**
 * What the second server answers the client's timeline once it answers `status`, or after 3 s
 * (its test clock never moves: only a notification can change its mind).
 */
async function otherAnswers(headers: Record<string, string>, status: number) {
  const deadline = Date.now() + 3_000
  let last = (await callRaw(other, 'timeline', {}, headers)).statusCode
  while (last !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    last = (await callRaw(other, 'timeline', {}, headers)).statusCode
  }
  return last
}

describe('who a token speaks for, across servers', () => {
  it('closes the builder to a city’s clients at once when another server deletes the city', async () => {
    const { austin, client } = await austinClient()
    expect(await otherAnswers(client.headers, 200)).toBe(200)
    await call(t, 'deleteCity', { id: austin.id }, admin)
    expect(await otherAnswers(client.headers, 403)).toBe(403)
  })

  it('stops a deleted client’s token on every server at once', async () => {
    const { client } = await austinClient()
    expect(await otherAnswers(client.headers, 200)).toBe(200)
    await call(t, 'deleteClient', { id: client.id }, admin)
    expect(await otherAnswers(client.headers, 401)).toBe(401)
  })
})
