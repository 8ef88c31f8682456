// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { excavationWith, renderBuilder, stageId } from './harness'

afterEach(cleanup)

describe('a step page’s quotes (PRODUCT.md §19 Freshness)', () => {
  it('shows a quote the server gained while the page was closed as soon as it opens', async () => {
    const { router, calls, refreshes } = await renderBuilder('/builder/pool-design', {
      poolData: excavationWith(),
    })
    // A trade's bid (or a manager's quote) arrives elsewhere: this tab holds no quote.
    await calls({
      name: 'addQuote',
      body: { StageId: stageId('excavation'), vendor: 'Dig Co', amount: 1_200_000 },
    })
    await router.navigate({ to: '/builder/$page', params: { page: 'excavation' } })
    const quotes = await screen.findByRole('region', { name: 'Quotes' })
    await waitFor(() =>
      expect(within(quotes).getByRole('article', { name: 'Dig Co' })).toBeTruthy(),
    )
    expect(refreshes).toHaveBeenCalledTimes(0)
  })
})
