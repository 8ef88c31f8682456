// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { STATE_CODES } from '../../contract/people'
import { StateSelect, US_STATES } from '../../src/components/state-select'

afterEach(cleanup)

describe('StateSelect', () => {
  it('offers the 50 states and DC by name, each with its postal code', () => {
    expect(US_STATES).toHaveLength(51)
    expect(US_STATES.map(([code]) => code)).toEqual(STATE_CODES)
    // Names and codes are two lists kept in the same order: each name starts like its code.
    for (const [code, name] of US_STATES) expect(name?.[0]).toBe(code?.[0])
    expect(US_STATES).toContainEqual(['DC', 'District of Columbia'])
  })

  it('is named "State" and shows a stored code, whatever its case', () => {
    render(<StateSelect id="s" value="tx" onChange={() => {}} />)
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'State' })
    expect(select.value).toBe('TX')
    expect(select.selectedOptions[0]?.textContent).toBe('Texas')
  })
})
