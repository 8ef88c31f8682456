import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { routes, type Access, type CallName } from '../../contract/routes'
import { json, signInAdmin } from '../support/http'
import { austinPerTest } from './client-kit'
import { setToday } from './timeline-kit'
import { bidRequest, tradeSignIn } from './trade-kit'

/**
 * Who may make each call of the route table, by its declared access: the five kinds of caller
 * (a manager comes later) against every call that is not public. A refused caller is told 401
 * (no credential it may use here) or 403 (the wrong role); an allowed one gets past the access
 * hook, whatever the call then answers to the empty input.
 */
type Caller = 'owner' | 'admin' | 'trade' | 'nobody'
const ALLOWED: Record<Exclude<Access, 'public'>, readonly Caller[]> = {
  user: ['owner', 'admin'],
  client: ['owner'],
  builder: ['owner'],
  admin: ['admin'],
  manager: [],
  staff: ['admin'],
  trade: ['trade'],
}
/** What a refused caller is told: a trade session's cookie is nobody outside /api/trade. */
const REFUSAL: Record<Caller, Record<Exclude<Access, 'public'>, number>> = {
  owner: { user: 0, client: 0, builder: 0, admin: 403, manager: 403, staff: 403, trade: 401 },
  admin: { user: 0, client: 403, builder: 403, admin: 0, manager: 403, staff: 0, trade: 401 },
  trade: { user: 401, client: 401, builder: 401, admin: 401, manager: 401, staff: 401, trade: 0 },
  nobody: {
    user: 401,
    client: 401,
    builder: 401,
    admin: 401,
    manager: 401,
    staff: 401,
    trade: 401,
  },
}

const { t, client } = austinPerTest()

const guarded = (Object.keys(routes) as CallName[])
  .filter((name) => routes[name].access !== 'public')
  // Signing out ends the session the calls after it would use.
  .sort((a, b) => Number(a === 'tradeSignOut') - Number(b === 'tradeSignOut'))

const urlOf = (path: string) => path.replace(/:\w+/g, () => crypto.randomUUID())

describe('the access matrix of the route table', () => {
  it('lets each kind of caller make exactly the calls its access allows', async () => {
    setToday(t, '2030-03-01')
    const trade = await tradeSignIn(t, (await bidRequest(t, client)).token)
    const callers: Record<Caller, Record<string, string>> = {
      owner: client.headers,
      admin: (await signInAdmin(t)).headers,
      trade: trade.headers,
      nobody: {},
    }
    for (const caller of Object.keys(callers) as Caller[]) {
      for (const name of guarded) {
        const { method, path, access } = routes[name]
        if (access === 'public') continue
        const body = method === 'GET' ? undefined : {}
        const res = await json(t.app, method, urlOf(path), body, callers[caller])
        const code = res.statusCode === 401 || res.statusCode === 403 ? res.json().code : null
        const refused = code === 'UNAUTHENTICATED' || code === 'FORBIDDEN'
        const expected = ALLOWED[access].includes(caller) ? 0 : REFUSAL[caller][access]
        expect(`${caller} ${name}: ${refused ? res.statusCode : 0}`, res.body).toBe(
          `${caller} ${name}: ${expected}`,
        )
      }
    }
  })
})
