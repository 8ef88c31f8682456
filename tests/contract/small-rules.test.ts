import { describe, expect, it } from 'vitest'
import { cityKey, tidyCityName } from '../../contract/domain'
import { doneHeldBy, gateOf, gateRefusal } from '../../contract/gating'
import { lowestLevelled } from '../../contract/levelling'
import { limitMessage } from '../../contract/limit-messages'
import { MessagesQuery } from '../../contract/messages'
import { isWaiverRequired } from '../../contract/money'
import { paymentTooLargeMessage } from '../../contract/money-rules'
import { outOfRange } from '../../contract/passport'
import { isDatedBlocker } from '../../contract/scheduling'
import { areTradeWarnings } from '../../contract/trades'
import { DEFAULT_TIME_ZONE, dayIn, TimeZone, zoneOfState } from '../../contract/time-zones'
import {
  schedulePath,
  tradeWaiverPath,
  waiverFormsOf,
  waiverPath,
} from '../../contract/waiver-forms'
import {
  missingConditional,
  namesOf,
  waiverRequiredMessage,
  waiverWarnings,
  type WaiverFacts,
} from '../../contract/waiver-rules'

describe("a city's name", () => {
  it.each([
    [' san  antonio ', 'San Antonio'],
    ['winston-salem', 'Winston-Salem'],
    ['SAN DIEGO', 'San Diego'],
    ['McAllen', 'McAllen'],
    ['mcAllen', 'McAllen'],
  ])('%j is shown as %j', (typed, shown) => {
    expect(tidyCityName(typed)).toBe(shown)
  })

  it('matches whatever the case and the spaces', () => {
    expect(cityKey('San  Antonio', ' tx ')).toBe('sanantonio|TX')
    expect(cityKey('san antonio', 'TX')).toBe(cityKey('SanAntonio', 'tx'))
  })
})

describe('the inspection gate on marking a step done', () => {
  it('gates excavation on the layout inspection, and no gate on a step without one', () => {
    expect(gateOf('excavation')?.slug).toBe('layout')
    expect(gateOf('permits')).toBeUndefined()
  })

  it('holds the step until its gate has passed, whatever the other inspections', () => {
    const layout = gateOf('excavation')
    expect(doneHeldBy('excavation', [])).toBe(layout)
    expect(doneHeldBy('excavation', [{ slug: 'layout', status: 'scheduled' }])).toBe(layout)
    expect(doneHeldBy('excavation', [{ slug: 'pre-deck', status: 'passed' }])).toBe(layout)
    expect(doneHeldBy('excavation', [{ slug: 'layout', status: 'passed' }])).toBeNull()
    expect(doneHeldBy('permits', [])).toBeNull()
  })

  it('names the step and the gate in the refusal', () => {
    expect(gateRefusal('excavation', { title: 'Layout inspection' })).toBe(
      'Excavation can be marked done once the Layout inspection has passed.',
    )
  })
})

describe('the lowest levelled quote', () => {
  it('is marked once two quotes have a levelled amount, and only then', () => {
    expect(lowestLevelled([])).toBeNull()
    expect(
      lowestLevelled([
        { id: 'a', levelled: 100 },
        { id: 'b', levelled: null },
      ]),
    ).toBeNull()
    expect(
      lowestLevelled([
        { id: 'a', levelled: 300 },
        { id: 'b', levelled: null },
        { id: 'c', levelled: 200 },
        { id: 'd', levelled: 250 },
      ]),
    ).toBe('c')
  })

  it('keeps the first of two equal amounts', () => {
    expect(
      lowestLevelled([
        { id: 'a', levelled: 200 },
        { id: 'b', levelled: 200 },
      ]),
    ).toBe('a')
  })
})

describe("a size check's message", () => {
  it.each<[Parameters<typeof limitMessage>[0], string]>([
    [{ code: 'too_big', origin: 'string', maximum: 80 }, 'Use at most 80 characters'],
    [{ code: 'too_big', origin: 'string', maximum: 1, inclusive: true }, 'Use at most 1 character'],
    [{ code: 'too_big', origin: 'array', maximum: 5, inclusive: false }, 'Use fewer than 5 items'],
    [{ code: 'too_small', origin: 'set', minimum: 2 }, 'Use at least 2 items'],
    [{ code: 'too_small', origin: 'file', minimum: 1, inclusive: false }, 'Use more than 1 byte'],
    [{ code: 'too_small', origin: 'string', minimum: 1 }, 'Required'],
    [
      { code: 'too_small', origin: 'string', minimum: 1, inclusive: false },
      'Use more than 1 character',
    ],
    [{ code: 'too_small', origin: 'string', minimum: 2 }, 'Use at least 2 characters'],
    [{ code: 'too_big', origin: 'number', maximum: 600 }, 'Use 600 or less'],
    [
      { code: 'too_big', origin: 'number', maximum: 1234.5, inclusive: false },
      'Use less than 1,234.5',
    ],
    [{ code: 'too_small', origin: 'int', minimum: 0 }, 'Use 0 or more'],
    [{ code: 'too_small', origin: 'number', minimum: 0, inclusive: false }, 'Use more than 0'],
    [
      { code: 'too_big', origin: 'date', maximum: Date.UTC(2030, 0, 31) },
      'Use January 31, 2030 or earlier',
    ],
    [
      { code: 'too_big', origin: 'date', maximum: Date.UTC(2030, 0, 31), inclusive: false },
      'Use a date before January 31, 2030',
    ],
    [
      { code: 'too_small', origin: 'date', minimum: Date.UTC(2030, 0, 1) },
      'Use January 1, 2030 or later',
    ],
    [
      { code: 'too_small', origin: 'date', minimum: Date.UTC(2030, 0, 1), inclusive: false },
      'Use a date after January 1, 2030',
    ],
  ])('%j reads %j', (issue, message) => {
    expect(limitMessage(issue)).toBe(message)
  })
})

describe("a project's time zone", () => {
  it("defaults from the state, in any case, and to the central zone for a state it doesn't know", () => {
    expect(zoneOfState('ca')).toBe('America/Los_Angeles')
    expect(zoneOfState('HI')).toBe('Pacific/Honolulu')
    expect(zoneOfState('ZZ')).toBe(DEFAULT_TIME_ZONE)
  })

  it("takes its day from the zone, not the machine's", () => {
    const instant = new Date('2030-03-01T03:30:00Z')
    expect(dayIn(instant, 'America/Los_Angeles')).toBe('2030-02-28')
    expect(dayIn(instant, 'Asia/Tokyo')).toBe('2030-03-01')
    expect(dayIn(new Date('2030-12-09T12:00:00Z'), 'UTC')).toBe('2030-12-09')
  })

  it('accepts an IANA name, trimmed, and refuses another', () => {
    expect(TimeZone.parse(' America/Denver ')).toBe('America/Denver')
    const refused = TimeZone.safeParse('Mars/Olympus')
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.message).toBe('Choose a time zone such as America/Chicago')
  })
})

describe('lien waivers', () => {
  it('lists each name once, joined as a sentence', () => {
    expect(namesOf(['Dig Co'])).toBe('Dig Co')
    expect(namesOf(['Dig Co', 'Rebar Supply', 'Dig Co'])).toBe('Dig Co and Rebar Supply')
    expect(namesOf(['A', 'B', 'C'])).toBe('A, B, and C')
  })

  it("names who has not sent a conditional waiver: the trade first, then the notices' claimants", () => {
    const noticeWaivers = [
      { claimant: 'Rebar Supply', conditionalWaiverFileId: null },
      { claimant: 'Concrete Co', conditionalWaiverFileId: 'file' },
    ]
    expect(missingConditional({ conditionalWaiverFileId: null, noticeWaivers }, 'Dig Co')).toEqual([
      'Dig Co',
      'Rebar Supply',
    ])
    expect(
      missingConditional({ conditionalWaiverFileId: 'file', noticeWaivers }, 'Dig Co'),
    ).toEqual(['Rebar Supply'])
  })

  it('says who is missing when a payment is refused', () => {
    expect(waiverRequiredMessage('Draw 1', ['Dig Co', 'Rebar Supply'])).toBe(
      'Before paying “Draw 1”, get a conditional waiver from Dig Co and Rebar Supply: without one, they may still lien your home for this money.',
    )
  })

  const draw = (change: Partial<WaiverFacts['draws'][number]> = {}) => ({
    conditionalWaiverFileId: 'conditional',
    unconditionalWaiverFileId: null,
    noticeWaivers: [
      {
        claimant: 'Rebar Supply',
        conditionalWaiverFileId: 'notice-conditional',
        unconditionalWaiverFileId: null,
      },
    ],
    payments: [],
    ...change,
  })
  const facts = (draws: WaiverFacts['draws']): WaiverFacts => ({
    title: 'Excavation',
    today: '2030-03-11',
    company: 'Dig Co',
    draws,
  })

  it('warns nothing before a payment, nor in the nine days after one', () => {
    expect(waiverWarnings(facts([draw()]))).toEqual([])
    expect(
      waiverWarnings(facts([draw({ payments: [{ paidOn: '2030-03-02', acknowledged: false }] })])),
    ).toEqual([])
  })

  it("warns of a notice's claimant without an unconditional waiver from the tenth day", () => {
    expect(
      waiverWarnings(facts([draw({ payments: [{ paidOn: '2030-03-01', acknowledged: false }] })])),
    ).toEqual([
      {
        code: 'NOTICE_UNWAIVED',
        message:
          'Rebar Supply sent a preliminary notice and has no unconditional waiver for a payment on Excavation made 10 or more days ago.',
      },
    ])
  })

  it('warns of a payment made anyway without the conditional waivers', () => {
    expect(
      waiverWarnings(
        facts([
          draw({
            conditionalWaiverFileId: null,
            payments: [{ paidOn: '2030-03-10', acknowledged: true }],
          }),
          draw({ payments: [{ paidOn: '2030-03-10', acknowledged: false }] }),
        ]),
      ),
    ).toEqual([
      {
        code: 'CONDITIONAL_MISSING',
        message: 'Excavation was paid without a conditional waiver from Dig Co: ask for it.',
      },
    ])
  })

  it('reads the conditional waivers only of the draws paid anyway, by any of their payments', () => {
    const unpaid = draw({ conditionalWaiverFileId: null })
    const oneOfTwo = draw({
      conditionalWaiverFileId: null,
      payments: [
        { paidOn: '2030-03-10', acknowledged: false },
        { paidOn: '2030-03-10', acknowledged: true },
      ],
    })
    expect(waiverWarnings(facts([unpaid]))).toEqual([])
    expect(waiverWarnings(facts([unpaid, oneOfTwo])).map((w) => w.message)).toEqual([
      'Excavation was paid without a conditional waiver from Dig Co: ask for it.',
    ])
  })

  it('warns of no claimant whose unconditional waiver came, even long after the payment', () => {
    const waived = draw({
      noticeWaivers: [
        {
          claimant: 'Rebar Supply',
          conditionalWaiverFileId: 'notice-conditional',
          unconditionalWaiverFileId: 'notice-unconditional',
        },
      ],
      payments: [{ paidOn: '2030-01-01', acknowledged: false }],
    })
    expect(waiverWarnings(facts([waived]))).toEqual([])
  })
})

describe("a draw's waiver forms and the downloads' addresses", () => {
  it('offers the final forms for the last draw, the progress forms before', () => {
    expect(waiverFormsOf(true)).toEqual({
      conditional: 'conditional-final',
      unconditional: 'unconditional-final',
    })
    expect(waiverFormsOf(false)).toEqual({
      conditional: 'conditional-progress',
      unconditional: 'unconditional-progress',
    })
  })

  it('escapes what goes in the query', () => {
    expect(waiverPath('conditional-final', 'a b&c')).toBe(
      '/waivers/conditional-final.pdf?drawId=a%20b%26c',
    )
    expect(tradeWaiverPath('unconditional-progress', 'd1')).toBe(
      '/trade/waivers/unconditional-progress.pdf?drawId=d1',
    )
    expect(schedulePath('csv', '2030-03-01&x')).toBe(
      '/exports/schedule-of-values.csv?through=2030-03-01%26x',
    )
  })
})

describe('what a refusal or a warning is, from its fields', () => {
  it('tells a missing waiver and a trade warning from other fields', () => {
    expect(isWaiverRequired({ WAIVER_REQUIRED: ['Get one'] })).toBe(true)
    expect(isWaiverRequired({ amount: ['Too much'] })).toBe(false)
    expect(areTradeWarnings({ LICENCE_MISSING: ['No licence'] })).toBe(true)
    expect(areTradeWarnings({ company: ['Required'] })).toBe(false)
  })

  it('says how much a draw still owes when a payment is more', () => {
    expect(paymentTooLargeMessage('Draw 1', 123_456)).toBe(
      '“Draw 1” still owes $1,234.56: a payment cannot be more than that.',
    )
  })

  it('marks a reading outside its target, its ends inside', () => {
    expect(outOfRange('ph', null)).toBe(false)
    expect(outOfRange('ph', 7.4)).toBe(false)
    expect(outOfRange('ph', 7.6)).toBe(false)
    expect(outOfRange('ph', 7.3)).toBe(true)
    expect(outOfRange('ph', 7.7)).toBe(true)
  })

  it('tells a blocker with a date from one without', () => {
    expect(isDatedBlocker('Layout inspection + 2 days')).toBe(true)
    expect(isDatedBlocker('Start agreed for 2030-03-01')).toBe(true)
    expect(isDatedBlocker('Layout inspection')).toBe(false)
    expect(isDatedBlocker('Layout inspection + 2 days later')).toBe(false)
    expect(isDatedBlocker('Not the Start agreed for 2030-03-01')).toBe(false)
  })
})

describe("a page of a thread's query", () => {
  const before = '2030-03-01T09:00:00.000Z'
  const beforeId = '00000000-0000-4000-8000-000000000001'

  it('takes nothing, a time, or a time and an id', () => {
    for (const query of [{}, { before }, { before, beforeId }]) {
      expect(MessagesQuery.safeParse(query).success, JSON.stringify(query)).toBe(true)
    }
  })

  it('refuses an id without the time it was written, saying so on beforeId', () => {
    const parsed = MessagesQuery.safeParse({ beforeId })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['beforeId'], 'Send before with beforeId'],
    ])
  })
})
