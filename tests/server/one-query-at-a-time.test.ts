import { afterEach, beforeEach, expect, it } from 'vitest'
import { build, type TestApp } from '../support/build'
import { newClient, serveAustin } from './client-kit'
import { callRaw } from '../support/call'

// node-postgres warns, once per loaded module, when a query is queued on a connection still
// running one: a transaction's reads side by side. Vitest isolates each file with modules of its
// own, and this file holds one test, so no warning printed before can hide one here.
let t: TestApp
const warnings: string[] = []
const collect = (warning: Error) => void warnings.push(warning.message)
beforeEach(async () => {
  t = await build()
  process.on('warning', collect)
})
afterEach(async () => {
  process.off('warning', collect)
  await t.app.close()
})

it('reads a timeline in a transaction one query at a time', async () => {
  await serveAustin(t)
  const client = await newClient(t, 'c@example.com')
  const res = await callRaw(
    t,
    'setTimelineStart',
    { body: { startDate: '2030-03-04' } },
    client.headers,
  )
  expect(res.statusCode, res.body).toBe(200)
  // A warning is emitted on the next tick.
  await new Promise((resolve) => setImmediate(resolve))
  expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([])
})
