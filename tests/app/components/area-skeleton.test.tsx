// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AreaSkeleton, PageSkeleton } from '../../../src/components/area-skeleton'
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

  it('has a page-sized form for a page whose chunk loads inside the area, busy and headed', async () => {
    const { container } = render(
      <main>
        <PageSkeleton />
      </main>,
    )
    const page = screen.getByRole('heading', { level: 1 }).parentElement
    expect(page?.getAttribute('aria-busy')).toBe('true')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Loading page')
    expect(container.textContent).toBe('Loading page')
    expect(container.querySelectorAll('.skeleton')).toHaveLength(4)
    expect(await violations()).toEqual([])
  })
})
