// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import { LoginPage } from '../../../src/features/auth'
import { apiProblem, renderPage, startSession } from './harness'

afterEach(cleanup)

describe('LoginPage', () => {
  it('sends the code to the email and the session awaits it', async () => {
    const { actor, ports } = startSession()
    const { user } = await renderPage(actor, <LoginPage />)

    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: 'Email' }), '  Pat@Example.com ')
    await user.click(screen.getByRole('button', { name: 'Send code' }))

    await waitFor(actor, (s) => s.matches('awaitingCode'))
    expect(ports.requestCode).toHaveBeenCalledWith({ email: 'pat@example.com' })
  })

  it('explains an invalid email next to the field and sends nothing', async () => {
    const { actor, ports, sent } = startSession()
    const { user } = await renderPage(actor, <LoginPage />)

    const email = screen.getByRole('textbox', { name: 'Email' })
    await user.type(email, 'pat@')
    await user.click(screen.getByRole('button', { name: 'Send code' }))

    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(email.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText('Enter a valid email address')).toBeTruthy()
    expect(document.activeElement).toBe(email)
    expect(sent).not.toContain('auth.codeRequested')
    expect(ports.requestCode).not.toHaveBeenCalled()

    await user.type(email, 'example.com')
    expect(email.getAttribute('aria-invalid')).toBeNull()
  })

  it('disables the button with a spinner while the code is being sent', async () => {
    let answer: (value: { tempToken: string }) => void = () => {}
    const { actor } = startSession({
      requestCode: () => new Promise((resolve) => (answer = resolve)),
    })
    const { user } = await renderPage(actor, <LoginPage />)

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'pat@example.com')
    await user.click(screen.getByRole('button', { name: 'Send code' }))

    const button = await screen.findByRole('button', { name: 'Sending…' })
    expect(button).toHaveProperty('disabled', true)
    answer({ tempToken: 'temp-1' })
    await waitFor(actor, (s) => s.matches('awaitingCode'))
  })

  it("shows the session's problem in an alert", async () => {
    const { actor } = startSession({
      requestCode: async () => {
        throw apiProblem(429, 'RATE_LIMITED', 'Too many codes requested. Try again in a minute.')
      },
    })
    const { user } = await renderPage(actor, <LoginPage />)

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'pat@example.com')
    await user.click(screen.getByRole('button', { name: 'Send code' }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Too many codes requested')
    expect(screen.getByRole('button', { name: 'Send code' })).toHaveProperty('disabled', false)
  })

  it('links new visitors to onboarding', async () => {
    const { actor } = startSession()
    await renderPage(actor, <LoginPage />)
    const link = screen.getByRole('link', { name: 'New here? Tell us about your pool' })
    expect(link.getAttribute('href')).toBe('/onboarding')
  })
})
