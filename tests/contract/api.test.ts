import { describe, expect, it } from 'vitest'
import { envelope, SessionAnswer, StagesData } from '../../contract/api'
import { admin, emptyPoolData, stage } from '../machines/fixtures'

describe('a sign-in answer as the app reads it', () => {
  const answer = { Token: 'token', userData: admin(1), role: 'ADMIN', Engineers: [], Managers: [] }

  it("takes the seed's PoolData for poolData, and no Flag for false", () => {
    const pool = emptyPoolData()
    expect(SessionAnswer.parse({ ...answer, PoolData: pool, Flag: true })).toEqual({
      ...answer,
      poolData: pool,
      Flag: true,
    })
    expect(SessionAnswer.parse(answer)).toEqual({ ...answer, poolData: null, Flag: false })
  })

  it('keeps poolData when the answer spells it so, and a Flag that is false', () => {
    const pool = emptyPoolData({ PermitFee: 1 })
    const both = { ...answer, poolData: pool, PoolData: emptyPoolData(), Flag: false }
    expect(SessionAnswer.parse(both)).toEqual({ ...answer, poolData: pool, Flag: false })
  })

  it('refuses what is not an answer, without reading it as one', () => {
    for (const value of [null, 'token', [answer]]) {
      expect(SessionAnswer.safeParse(value).success).toBe(false)
    }
  })
})

describe("an answer's envelope", () => {
  it('carries the answer in Data', () => {
    const stages = [stage(1)]
    expect(envelope(StagesData).parse({ Data: stages })).toEqual({ Data: stages })
    expect(envelope(StagesData).safeParse(stages).success).toBe(false)
  })
})
