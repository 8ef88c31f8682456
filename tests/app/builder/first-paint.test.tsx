// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Stage } from '../../../contract'
import { designEntry, emptyPoolData, renderBuilder, STAGES } from './harness'

afterEach(cleanup)

/** Every text the page showed from now on, frame by frame as the DOM changed. */
function recordTexts() {
  const shown: string[] = []
  const observer = new MutationObserver(() => shown.push(document.body.textContent ?? ''))
  observer.observe(document.body, { childList: true, subtree: true, characterData: true })
  return {
    shown,
    stop: () => {
      shown.push(...observer.takeRecords().map(() => document.body.textContent ?? ''))
      observer.disconnect()
    },
  }
}

describe('the builder before its first read answers', () => {
  it('shows the area skeleton with its heading, never a bare Loading…, then the Overview', async () => {
    let answer: (stages: Stage[]) => void = () => {}
    const stagesRead = new Promise<Stage[]>((resolve) => {
      answer = resolve
    })
    const texts = recordTexts()
    await renderBuilder('/builder/overview', {
      poolData: emptyPoolData({ nonStages: [designEntry()] }),
      stagesRead,
    })

    const main = screen.getByRole('main')
    expect(main.getAttribute('aria-busy')).toBe('true')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Loading PoolPath')
    expect(screen.queryByRole('status')).toBeNull()

    await act(async () => answer(STAGES))
    // The builder's chunk may still be loading, as in the harness.
    await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 5000 })
    texts.stop()
    expect(texts.shown.length).toBeGreaterThan(0)
    expect(texts.shown.filter((text) => text.includes('Loading…'))).toEqual([])
  })
})
