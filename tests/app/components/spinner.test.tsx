// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { MainLandmark } from '../../../src/components/main-landmark'
import { FullPageSpinner } from '../../../src/components/spinner'

afterEach(cleanup)

describe('FullPageSpinner', () => {
  it('is the main landmark of a page that has nothing else yet', () => {
    render(<FullPageSpinner />)
    expect(screen.getByRole('main').contains(screen.getByRole('status'))).toBe(true)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Loading PoolPath')
  })

  it('draws no second main landmark inside a page’s own', () => {
    render(
      <MainLandmark className="area-main">
        <FullPageSpinner />
      </MainLandmark>,
    )
    expect(screen.getAllByRole('main')).toHaveLength(1)
    expect(screen.getByRole('main').contains(screen.getByRole('status'))).toBe(true)
  })
})
