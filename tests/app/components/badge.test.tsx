// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Badge, type BadgeTone } from '../../../src/components/badge'
import { MoneyDifference } from '../../../src/components/money-difference'

afterEach(cleanup)

describe('Badge', () => {
  it.each<BadgeTone>(['neutral', 'info', 'success', 'warning', 'danger'])(
    'says its words in the %s tone',
    (tone) => {
      render(<Badge tone={tone}>Accepted</Badge>)
      const badge = screen.getByText('Accepted')
      expect(badge.className).toBe(`badge badge-${tone}`)
    },
  )

  it('is neutral unless told otherwise', () => {
    render(<Badge>Draft</Badge>)
    expect(screen.getByText('Draft').className).toBe('badge badge-neutral')
  })
})

describe('MoneyDifference', () => {
  it.each([
    [93_050, '+$930.50 over', 'difference difference-over'],
    [-22_000, '−$220 under', 'difference difference-under'],
    [0, 'On the estimate', 'difference difference-even'],
  ])('shows %i cents with its sign, its words and its tone', (cents, words, className) => {
    const { container } = render(<MoneyDifference cents={cents} />)
    const difference = container.firstElementChild
    expect(difference?.textContent).toBe(words)
    expect(difference?.className).toBe(className)
  })

  it('keeps the sign with its amount (one unbreakable piece) and lets the word wrap under it', () => {
    const { container } = render(<MoneyDifference cents={-9_991_679_00} />)
    const difference = container.firstElementChild
    expect(difference?.textContent).toBe('−$9,991,679 under')
    expect(difference?.querySelector('.difference-amount')?.textContent).toBe('−$9,991,679')
  })
})
