// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { waitFor } from 'xstate'
import { VerifyPage } from '../../../src/features/auth'
import { apiProblem, awaitCode, renderPage, startSession } from './harness'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const codeField = () => screen.getByRole('textbox', { name: 'Verification code' })

/** The verify page of a session (with `ports`) whose code was sent. */
async function verifyPage(ports?: Parameters<typeof startSession>[0]) {
  const session = startSession(ports)
  await awaitCode(session.actor)
  const preload = vi.fn()
  const { user } = await renderPage(session.actor, <VerifyPage preload={preload} />)
  return { ...session, user, preload }
}

describe('VerifyPage', () => {
  it('says where the code went and sends it with Remember me', async () => {
    const { actor, ports } = startSession()
    await awaitCode(actor, 'pat@example.com')
    const { user } = await renderPage(actor, <VerifyPage preload={() => {}} />)

    expect(screen.getByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy()
    expect(screen.getByText('We sent a 6-digit code to pat@example.com.')).toBeTruthy()
    expect(codeField().getAttribute('inputmode')).toBe('numeric')
    expect(codeField().getAttribute('autocomplete')).toBe('one-time-code')
    expect(codeField().getAttribute('maxlength')).toBe('6')

    await user.type(codeField(), '123456')
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }))
    await user.click(screen.getByRole('button', { name: 'Verify' }))

    await waitFor(actor, (s) => s.hasTag('authenticated'))
    expect(ports.verify).toHaveBeenCalledWith(
      expect.objectContaining({ code: '123456', rememberMe: true, tempToken: 'temp-1' }),
    )
  })

  it('asks for all 6 digits before sending anything', async () => {
    const { sent, user } = await verifyPage()

    await user.type(codeField(), '12a34')
    expect(codeField()).toHaveProperty('value', '1234')
    await user.click(screen.getByRole('button', { name: 'Verify' }))

    expect(screen.getByRole('alert').textContent).toBe('Enter the 6-digit code from the email')
    expect(codeField().getAttribute('aria-invalid')).toBe('true')
    expect(sent).not.toContain('auth.codeSubmitted')
  })

  it('shows a wrong code with the tries left, on the code field', async () => {
    const { actor, user } = await verifyPage({
      verify: async () => {
        throw apiProblem(401, 'CODE_INVALID', 'That code is not right. 4 tries left.', 4)
      },
    })

    await user.type(codeField(), '000000')
    await user.click(screen.getByRole('button', { name: 'Verify' }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('That code is not right. 4 tries left.')
    expect(codeField().getAttribute('aria-describedby')).toBe(alert.id)
    expect(actor.getSnapshot().matches('awaitingCode')).toBe(true)
  })

  it('points to Resend code when the code has expired', async () => {
    const { user } = await verifyPage({
      verify: async () => {
        throw apiProblem(401, 'CODE_EXPIRED', 'This code has expired. Request a new one.')
      },
    })

    await user.type(codeField(), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('This code has expired.')
    expect(alert.textContent).toContain('Press Resend code')
  })

  it('says once that a locked code needs a new one, and disables Verify until it is sent', async () => {
    const locked = 'Too many wrong tries. Request a new code.'
    const { actor, ports, user } = await verifyPage({
      verify: async () => {
        throw apiProblem(401, 'CODE_LOCKED', locked, 0)
      },
    })

    await user.type(codeField(), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))

    const alerts = await screen.findAllByRole('alert')
    expect(alerts.map((alert) => alert.textContent)).toEqual([locked])
    const verify = screen.getByRole('button', { name: 'Verify' })
    expect(verify).toHaveProperty('disabled', true)
    await user.click(screen.getByRole('button', { name: 'Resend code' }))
    await waitFor(actor, (s) => s.matches('awaitingCode') && s.context.problem === null)
    expect(ports.requestCode).toHaveBeenCalledTimes(2)
    expect(verify).toHaveProperty('disabled', false)
  })

  it('resends the code, then waits 30 seconds before allowing it again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { actor, ports, sent, user } = await verifyPage()

    await user.click(screen.getByRole('button', { name: 'Resend code' }))
    expect(sent).toContain('auth.codeResent')
    await waitFor(actor, (s) => s.matches('awaitingCode'))
    expect(ports.requestCode).toHaveBeenCalledTimes(2)

    const resend = screen.getByRole('button', { name: 'Resend code' })
    expect(resend).toHaveProperty('disabled', true)
    expect(
      document.getElementById(resend.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Another code in 30 s')
    expect(await screen.findByText('We sent a new code to pat@example.com.')).toBeTruthy()

    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(screen.getByText('Another code in', { exact: false }).textContent).toBe(
      'Another code in 29 s',
    )
    await act(() => vi.advanceTimersByTimeAsync(28_000))
    expect(resend).toHaveProperty('disabled', true)
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(screen.getByRole('button', { name: 'Resend code' })).toHaveProperty('disabled', false)
    expect(screen.queryByText('Another code in', { exact: false })).toBeNull()
  })

  it('starts loading the signed-in area with the first digit typed, once', async () => {
    const { user, preload } = await verifyPage()
    expect(preload).not.toHaveBeenCalled()
    await user.type(codeField(), '1')
    expect(preload).toHaveBeenCalledTimes(1)
    await user.type(codeField(), '23456')
    expect(preload).toHaveBeenCalledTimes(1)
  })

  it('goes back to choosing an email', async () => {
    const { actor, user } = await verifyPage()

    await user.click(screen.getByRole('button', { name: 'Use another email' }))
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true)
  })
})
