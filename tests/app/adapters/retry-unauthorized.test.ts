import { describe, expect, it } from 'vitest'
import type { ClientCall } from '../../../machines/client/client.types'
import { ApiError } from '../../../src/adapters/api/api-error'
import {
  retryUnauthorized,
  type RenewableSession,
} from '../../../src/adapters/api/retry-unauthorized'
import { failure } from './api-test-kit'

const refused = (status: number) =>
  new ApiError({ status, code: status === 403 ? 'FORBIDDEN' : 'REFUSED', detail: 'No.' })
const draft: ClientCall = { name: 'requestBuilder' }

/** A session whose refresh after a 401 (or a builder call's 403) brings `next`, or ends it. */
function sessionRefreshingTo(next: string | null) {
  let token: string | null = 'old'
  const told: (ClientCall | undefined)[] = []
  const forbidden: string[] = []
  const session: RenewableSession = {
    token: () => token,
    unauthorized: (carried) => {
      told.push(carried)
      token = next
    },
    renewed: async () => token !== null,
  }
  const builder = retryUnauthorized({
    ...session,
    forbidden: async (ask) => {
      if (ask) {
        forbidden.push('refresh')
        token = next
      }
      return token !== null
    },
  })
  return {
    guarded: retryUnauthorized(session),
    builder,
    told,
    forbidden,
    setToken: (t: string) => (token = t),
  }
}

/** A call answering with the statuses given, one per try, then 'done'. */
function answers(...statuses: number[]) {
  const tries: number[] = []
  const call = async () => {
    const status = statuses[tries.length]
    tries.push(status ?? 200)
    if (status !== undefined) throw refused(status)
    return 'done'
  }
  return { call, tries }
}

describe('the 401 retry', () => {
  it('passes an answer through, and any other failure, without a refresh', async () => {
    const { guarded, told } = sessionRefreshingTo('new')
    expect(await guarded(answers().call)).toBe('done')
    expect(await failure(guarded(answers(500).call))).toMatchObject({ status: 500 })
    expect(told).toEqual([])
  })

  it('asks for one refresh, carrying the draft, and tries the call again after it', async () => {
    const { guarded, told } = sessionRefreshingTo('new')
    const { call, tries } = answers(401)
    expect(await guarded(call, draft)).toBe('done')
    expect(told).toEqual([draft])
    expect(tries).toHaveLength(2)
  })

  it.each([401, 403])(
    'asks for no refresh when the token was replaced while the call was out (%i)',
    async (status) => {
      const { builder, told, forbidden, setToken } = sessionRefreshingTo('new')
      const { call, tries } = answers(status)
      expect(
        await builder(async () => {
          if (tries.length === 0) setToken('replaced')
          return call()
        }),
      ).toBe('done')
      expect([told, forbidden]).toEqual([[], []])
    },
  )

  it('fails with the 401 when the refresh ended the session, trying no more', async () => {
    const { guarded, told } = sessionRefreshingTo(null)
    const { call, tries } = answers(401)
    expect(await failure(guarded(call, draft))).toMatchObject({ status: 401 })
    expect(told).toEqual([draft])
    expect(tries).toHaveLength(1)
  })

  it('tells the session of a second 401, which ends it', async () => {
    const { guarded, told } = sessionRefreshingTo('new')
    expect(await failure(guarded(answers(401, 401).call, draft))).toMatchObject({ status: 401 })
    expect(told).toEqual([draft, undefined])
  })
})

describe('the 403 of a builder call', () => {
  it('refreshes the session once, then tries the call again', async () => {
    const { builder, told, forbidden } = sessionRefreshingTo('new')
    const { call, tries } = answers(403)
    expect(await builder(call, draft)).toBe('done')
    expect(forbidden).toEqual(['refresh'])
    expect(told).toEqual([])
    expect(tries).toHaveLength(2)
  })

  it('answers a 403 that persists after the refresh as it is, refreshing no more', async () => {
    const { builder, forbidden } = sessionRefreshingTo('new')
    const { call, tries } = answers(403, 403)
    expect(await failure(builder(call))).toMatchObject({ status: 403, code: 'FORBIDDEN' })
    expect(forbidden).toEqual(['refresh'])
    expect(tries).toHaveLength(2)
  })

  it('fails with the 403, trying no more, when the refresh closes the builder', async () => {
    const { builder, forbidden } = sessionRefreshingTo(null)
    const { call, tries } = answers(403)
    expect(await failure(builder(call))).toMatchObject({ status: 403 })
    expect(forbidden).toEqual(['refresh'])
    expect(tries).toHaveLength(1)
  })

  it('passes through a 403 of another code, and any 403 where the session takes none', async () => {
    const { guarded, builder, forbidden } = sessionRefreshingTo('new')
    const other = async () => {
      throw new ApiError({ status: 403, code: 'TRADE_LINK_EXPIRED', detail: 'No.' })
    }
    expect(await failure(builder(other))).toMatchObject({ code: 'TRADE_LINK_EXPIRED' })
    expect(await failure(guarded(answers(403).call))).toMatchObject({ status: 403 })
    expect(forbidden).toEqual([])
  })
})
