// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { PoolDesignChoices, PoolShape } from '../../../contract/choices'
import { PX_PER_FT } from '../../../src/features/builder/steps/design/drawing-layout'
import { PoolDrawing } from '../../../src/features/builder/steps/design/pool-drawing'
import { REFERENCE_POOL } from '../../../contract/estimator'

afterEach(cleanup)

const draw = (over: Partial<PoolDesignChoices> = {}) => {
  render(<PoolDrawing design={{ ...REFERENCE_POOL, ...over }} />)
  return screen.getByRole('img')
}
const label = (svg: Element, dimension: string) =>
  svg.querySelector(`[data-dimension="${dimension}"] text`)?.textContent

describe('pool drawing', () => {
  it('describes the plan and the profile in words', () => {
    const svg = draw()
    expect(svg.getAttribute('aria-label')).toBe(
      'Plan view: 32 by 16 ft rectangle with a 4 ft deck. ' +
        'Depth profile: 3.5 ft at the shallow end to 6 ft at the deep end.',
    )
    expect(svg.querySelector('title')?.textContent).toBe(svg.getAttribute('aria-label'))
  })

  it('labels every dimension', () => {
    const svg = draw({ lengthFt: 40.5, widthFt: 20, shallowDepthFt: 3, deepDepthFt: 8.5 })
    expect(label(svg, 'length')).toBe('40.5 ft')
    expect(label(svg, 'width')).toBe('20 ft')
    expect(label(svg, 'deck')).toBe('4 ft deck')
    expect(label(svg, 'shallow')).toBe('3 ft')
    expect(label(svg, 'deep')).toBe('8.5 ft')
  })

  it('draws plan and profile at one scale, and scales down with its container', () => {
    const svg = draw()
    const outline = svg.querySelector('.pool-outline')
    expect(Number(outline?.getAttribute('width'))).toBe(32 * PX_PER_FT)
    expect(Number(outline?.getAttribute('height'))).toBe(16 * PX_PER_FT)
    const deep = svg.querySelector('[data-dimension="deep"] line')
    const depth = Number(deep?.getAttribute('y2')) - Number(deep?.getAttribute('y1'))
    expect(depth).toBe(6 * PX_PER_FT)
    expect(svg.getAttribute('width')).toBe('100%')
    expect(svg.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/)
  })

  it('draws each shape with its own outline, and the deck around it in the same shape', () => {
    const outlines = (['rectangle', 'oval', 'kidney', 'freeform'] as PoolShape[]).map((shape) => {
      const svg = draw({ shape })
      const pool = svg.querySelector('.pool-outline')
      const deck = svg.querySelector('.deck')
      expect(pool?.getAttribute('data-shape')).toBe(shape)
      expect(deck?.getAttribute('data-shape')).toBe(shape)
      const drawn = `${pool?.tagName}:${pool?.getAttribute('d') ?? ''}`
      cleanup()
      return drawn
    })
    expect(outlines[0]).toBe('rect:')
    expect(outlines[1]).toBe('ellipse:')
    expect(new Set(outlines).size).toBe(4)
  })

  it('draws no deck ring when there is no deck', () => {
    const svg = draw({ deckWidthFt: 0 })
    expect(svg.querySelector('.deck')).toBeNull()
    expect(label(svg, 'deck')).toBeUndefined()
    expect(svg.getAttribute('aria-label')).toContain('rectangle with no deck')
  })
})
