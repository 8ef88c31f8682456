// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RootError, SUPPORT_EMAIL } from '../../src/routes/root-pages'

afterEach(cleanup)

describe('the root error page', () => {
  it("says the seed's words, reloads on Try Again, and links to support", async () => {
    const reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, reload })
    render(<RootError />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oops! Something went wrong')
    expect(
      screen.getByText(
        'We encountered an unexpected error. Please try refreshing the page or contact support if the problem persists.',
      ),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(reload).toHaveBeenCalledOnce()
    vi.unstubAllGlobals()
  })
})
