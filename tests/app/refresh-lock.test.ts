// @vitest-environment jsdom
// Dexie reaches IndexedDB when the admin's data is saved.
import 'fake-indexeddb/auto'
import { expect, it } from 'vitest'
import { SimulatedClock, waitFor } from 'xstate'
import { REFRESH_LEAD_MS } from '../../machines/session/token'
import { createFakeServer, PEOPLE } from '../model/fake-server'
import { storeSession } from '../model/jsdom-driver'
import { createFakeSession } from '../model/render-app'
import { fakeWebLocks } from '../support/web-locks'

const TOKEN_LIFE_MS = 15 * 60_000

it('two tabs whose timed refresh falls due together refresh once: the second takes the new token', async () => {
  fakeWebLocks()
  const server = createFakeServer()
  const clock = new SimulatedClock()
  clock.set(Date.now())
  storeSession(server.signInElsewhere(PEOPLE.admin.email), clock.now())
  const tabs = [
    await createFakeSession(server, clock, () => {}),
    await createFakeSession(server, clock, () => {}),
  ]

  clock.increment(TOKEN_LIFE_MS - REFRESH_LEAD_MS)
  const [first, second] = await Promise.all(
    tabs.map(({ actor }) => waitFor(actor, (s) => s.matches({ signedIn: { token: 'fresh' } }))),
  )

  expect(server.refreshes()).toBe(1)
  expect(second?.context.accessToken).toBe(first?.context.accessToken)
  for (const { actor } of tabs) actor.stop()
})
