import { describe, expect, it } from 'vitest'
import {
  BidRequestBody,
  levelledAmount,
  LinkToken,
  ScopeEditBody,
  TradeBidBody,
} from '../../contract/bids'
import { uuid } from '../machines/fixtures'
import { refusal } from './kit'

describe('a quote levelled on the scope', () => {
  const scope = [
    { id: uuid(1), text: 'Haul-off', share: 10 },
    { id: uuid(2), text: 'Permits', share: 5 },
    { id: uuid(3), text: 'Shoring', share: 20 },
  ]

  it("adds each item it leaves out, as that item's share of the estimate", () => {
    const items = [
      { itemId: uuid(1), included: false },
      { itemId: uuid(2), included: true },
      { itemId: uuid(3), included: false },
    ]
    expect(levelledAmount(1_000_000, items, scope, 800_001)).toBe(1_000_000 + 240_000)
    expect(levelledAmount(1_000_000, items, scope, 0)).toBe(1_000_000)
  })

  it('is the amount when every item is in, and nothing without items', () => {
    const all = scope.map(({ id }) => ({ itemId: id, included: true }))
    expect(levelledAmount(500_000, all, scope, 800_000)).toBe(500_000)
    expect(levelledAmount(500_000, null, scope, 800_000)).toBeNull()
  })
})

describe("a step's scope", () => {
  const item = (share: number) => ({ text: 'Haul-off', share })

  it('takes shares that add up to 100 % at most', () => {
    expect(refusal(ScopeEditBody, { items: [item(60), item(40)] })).toBeNull()
    expect(refusal(ScopeEditBody, { items: [item(60), item(41)] })).toBe(
      'The shares add up to more than 100%',
    )
  })

  it('takes whole shares from 0 to 100, and 20 items at most', () => {
    expect(refusal(ScopeEditBody, { items: [item(0)] })).toBeNull()
    expect(refusal(ScopeEditBody, { items: [item(-1)] })).toBe('Enter a share from 0 to 100')
    expect(refusal(ScopeEditBody, { items: [item(101)] })).toBe('Enter a share from 0 to 100')
    expect(refusal(ScopeEditBody, { items: [item(2.5)] })).toBe('Enter a whole percent')
    expect(refusal(ScopeEditBody, { items: Array.from({ length: 21 }, () => item(0)) })).toBe(
      'At most 20 items a step',
    )
  })
})

describe('a bid request', () => {
  const body = { step: 'excavation', tradeIds: [uuid(1)], dueOn: '2030-03-01' }

  it('goes to one to ten trades, each once', () => {
    expect(refusal(BidRequestBody, body)).toBeNull()
    expect(refusal(BidRequestBody, { ...body, tradeIds: [] })).toBe('Choose at least one trade')
    expect(
      refusal(BidRequestBody, { ...body, tradeIds: Array.from({ length: 11 }, (_, n) => uuid(n)) }),
    ).toBe('Choose at most 10 trades')
    expect(refusal(BidRequestBody, { ...body, tradeIds: [uuid(1), uuid(1)] })).toBe(
      'Choose each trade once',
    )
    expect(refusal(BidRequestBody, { ...body, tradeIds: ['trade'] })).toBe(
      'Choose one of your trades',
    )
  })

  it('takes twenty files at most', () => {
    const files = (n: number) => Array.from({ length: n }, (_, i) => uuid(i))
    expect(refusal(BidRequestBody, { ...body, fileIds: files(20) })).toBeNull()
    expect(refusal(BidRequestBody, { ...body, fileIds: files(21) })).toBe('Attach at most 20 files')
  })
})

describe("a trade's link and bid", () => {
  it('takes a link token of 22 to 128 base64url characters', () => {
    expect(refusal(LinkToken, 'A'.repeat(22))).toBeNull()
    expect(refusal(LinkToken, `${'a-_9'.repeat(32)}`)).toBeNull()
    expect(refusal(LinkToken, 'A'.repeat(21))).toBe('This link is not valid')
    expect(refusal(LinkToken, 'A'.repeat(129))).toBe('This link is not valid')
    expect(refusal(LinkToken, `${'A'.repeat(22)}=`)).toBe('This link is not valid')
  })

  it('needs a bid of more than zero', () => {
    expect(refusal(TradeBidBody, { amount: 1, items: [] })).toBeNull()
    expect(refusal(TradeBidBody, { amount: 0, items: [] })).toBe('Amount must be more than zero')
  })
})
