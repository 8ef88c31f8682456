import { describe, expect, it } from 'vitest'
import type { z } from 'zod/mini'
import { AddQuoteBody } from '../../contract/api-client'
import { ManagerInput } from '../../contract/api-admin'
import { PermitChoices, StageChoices } from '../../contract/choices'
import { Pricing } from '../../contract/pricing'
import { Required, Text } from '../../contract/text'

const messages = (result: { success: boolean; error?: z.core.$ZodError }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []

describe('the text rule every field shares', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a bell', '\u0007'],
    ['escape', 'x\u001b[31m'],
    ['DEL', '\u007f'],
    ['a C1 control', 'a\u0085'],
    ['a vertical tab inside', 'a\u000bb'],
    ['a lone high surrogate', 'a\ud800'],
    ['a lone low surrogate', '\udfffz'],
    ['surrogates in the wrong order', '\ude00\ud83d'],
  ])('refuses %s with a message a person can act on', (_name, text) => {
    expect(messages(Text(100).safeParse(text))).toEqual([': Remove invalid characters'])
    expect(messages(Required(100).safeParse(text))).toContain(': Remove invalid characters')
  })

  it.each([
    ['tabs and line breaks', 'one\ttwo\nthree\r\nfour'],
    ['an emoji (a surrogate pair)', 'Pool 🏊 party'],
    ['right-to-left text and marks', '\u202eשלום\u200f مرحبا'],
    ['a byte order mark and a zero-width joiner', '\ufeffa\u200db'],
    ['combining accents', 'e\u0301te\u0301'],
    ['10,000 characters', 'é'.repeat(10_000)],
  ])('keeps %s', (_name, text) => {
    expect(Text(20_000).parse(text)).toBe(text.trim())
  })

  it('holds in every kind of field: quotes, people, prices, choices', () => {
    const quote = {
      StageId: crypto.randomUUID(),
      vendor: 'Dig\u0000Co',
      amount: 100,
      note: '\ud800',
    }
    expect(messages(AddQuoteBody.safeParse(quote))).toEqual([
      'vendor: Remove invalid characters',
      'note: Remove invalid characters',
    ])
    const manager = {
      ...{ name: 'Ann', company: 'C', email: 'a@b.co', phone: '5125550100' },
      ...{ bio: 'x\u0000', yearsExperience: 1, fee: 1 },
    }
    expect(messages(ManagerInput.safeParse(manager))).toEqual(['bio: Remove invalid characters'])
    const pricing = {
      ...{ base: 1, unit: 'flat', unitPrice: 0 },
      options: [{ key: 'a', label: 'A\u0000', multiplier: 1 }],
    }
    expect(messages(Pricing.safeParse(pricing))).toEqual([
      'options.0.label: Remove invalid characters',
    ])
    expect(messages(PermitChoices.safeParse({ permitNumber: 'P-\ud800' }))).toEqual([
      'permitNumber: Remove invalid characters',
    ])
    expect(messages(StageChoices.safeParse({ option: '\u0000', items: ['a', '\udc00'] }))).toEqual([
      'option: Remove invalid characters',
      'items.1: Remove invalid characters',
    ])
  })
})
