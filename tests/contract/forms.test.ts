import { describe, expect, it } from 'vitest'
import { EngineerEditBody } from '../../contract/api-admin'
import { PoolDesignChoices } from '../../contract/choices'
import { REFERENCE_POOL } from '../../contract/estimator'
import { DrawsBody, SignedCents } from '../../contract/money'
import { StateCode } from '../../contract/people'
import { DateInput } from '../../contract/timeline'
import { WaiverParams } from '../../contract/waivers'
import { uuid } from '../machines/fixtures'
import { refusal } from './kit'

describe('what the forms and the API refuse, in the words the forms show', () => {
  it('takes a date in this century only', () => {
    expect(refusal(DateInput, '2000-01-01')).toBeNull()
    expect(refusal(DateInput, '2099-12-31')).toBeNull()
    expect(refusal(DateInput, '1999-12-31')).toBe('Enter a date in 2000–2099')
    expect(refusal(DateInput, '2100-01-01')).toBe('Enter a date in 2000–2099')
  })

  it('takes a change order of any amount but zero', () => {
    expect(refusal(SignedCents, -100)).toBeNull()
    expect(refusal(SignedCents, 0)).toBe('Enter an amount other than $0')
  })

  it('takes each draw of a plan once', () => {
    const draw = (id?: string) => ({
      ...(id && { id }),
      label: 'Deposit',
      amount: 100,
      due: 'signing',
    })
    expect(refusal(DrawsBody, { step: 'steel', draws: [draw(uuid(1)), draw(), draw()] })).toBeNull()
    expect(refusal(DrawsBody, { step: 'steel', draws: [draw(uuid(1)), draw(uuid(1))] })).toBe(
      'Each draw can appear only once',
    )
  })

  it('takes a pool no shallower at its deep end than at its shallow end', () => {
    expect(refusal(PoolDesignChoices, { ...REFERENCE_POOL, deepDepthFt: 3.5 })).toBeNull()
    expect(
      refusal(PoolDesignChoices, { ...REFERENCE_POOL, shallowDepthFt: 4, deepDepthFt: 3.5 }),
    ).toBe('Deep depth must be at least the shallow depth')
  })

  it('needs a change to at least one field of an engineer', () => {
    expect(refusal(EngineerEditBody, {})).toBe('Change at least one field')
    expect(refusal(EngineerEditBody, { name: 'Max' })).toBeNull()
  })

  it('reads a state in any case, with spaces around it', () => {
    expect(StateCode.parse(' ca ')).toBe('CA')
    expect(refusal(StateCode, 'XX')).toBe('Choose one of the 50 states or DC')
  })

  it('names the four waiver forms when another is asked for', () => {
    expect(refusal(WaiverParams, { form: 'final' })).toBe(
      'Choose conditional-progress, unconditional-progress, conditional-final or unconditional-final',
    )
  })
})
