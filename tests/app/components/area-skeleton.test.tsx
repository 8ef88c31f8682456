// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AreaSkeleton } from '../../../src/components/area-skeleton'
import { likeTheRealPage, violations } from '../../support/axe-jsdom'

likeTheRealPage()

describe('AreaSkeleton', () => {
  it('is a busy page that says it is loading, its shapes hidden from screen readers', async () => {
    const { container } = render(<AreaSkeleton />)
    expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('true')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Loading PoolPath')
    expect(container.textContent).toBe('Loading PoolPath')
    expect(await violations()).toEqual([])
  })
})
