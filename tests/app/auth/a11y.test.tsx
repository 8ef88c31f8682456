// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ComingSoonPage, LoginPage, OnboardingPage, VerifyPage } from '../../../src/features/auth'
import { apiProblem, awaitCode, renderPage, signIn, startSession } from './harness'
import { likeTheRealPage, violations } from '../../support/axe-jsdom'

likeTheRealPage()

describe('sign-in screens have no axe violations', () => {
  it('login, with a field error and a problem', async () => {
    const { actor } = startSession({
      requestCode: async () => {
        throw apiProblem(429, 'RATE_LIMITED', 'Too many codes requested.')
      },
    })
    const { user } = await renderPage(actor, <LoginPage />)
    expect(await violations()).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Send code' }))
    expect(await violations()).toEqual([])
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'pat@example.com{Enter}')
    await screen.findByRole('alert')
    expect(await violations()).toEqual([])
  })

  it('onboarding, with every field in error and an answer', async () => {
    const { actor } = startSession()
    const validate = async () => ({ Flag: false })
    const { user } = await renderPage(actor, <OnboardingPage validate={validate} />)
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    expect(await violations()).toEqual([])

    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Austin')
    await user.type(screen.getByRole('textbox', { name: 'State' }), 'TX{Enter}')
    await screen.findByText(/We don't build in Austin, TX yet/)
    expect(await violations()).toEqual([])
  })

  it('onboarding after verify proved an email with no account', async () => {
    const { actor } = startSession({
      verify: async () => {
        throw apiProblem(404, 'ACCOUNT_NOT_FOUND', 'No account uses this email.')
      },
    })
    await awaitCode(actor, 'new@example.com')
    actor.send({ type: 'auth.codeSubmitted', code: '123456', rememberMe: false })
    const validate = async () => ({ Flag: true })
    const { user } = await renderPage(actor, <OnboardingPage validate={validate} />)
    await screen.findByRole('button', { name: 'Create account' })
    expect(await violations()).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await violations()).toEqual([])
  })

  it('verify, with a wrong code', async () => {
    const { actor } = startSession({
      verify: async () => {
        throw apiProblem(401, 'CODE_INVALID', 'That code is not right. 4 tries left.', 4)
      },
    })
    await awaitCode(actor)
    const { user } = await renderPage(actor, <VerifyPage preload={() => {}} />)
    expect(await violations()).toEqual([])

    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '111111{Enter}')
    await screen.findByRole('alert')
    expect(await violations()).toEqual([])
  })

  it('coming soon, with the city form in error', async () => {
    const { actor } = startSession()
    await signIn(actor)
    const { user } = await renderPage(actor, <ComingSoonPage />)
    expect(await violations()).toEqual([])
    await user.clear(screen.getByRole('textbox', { name: 'City' }))
    await user.click(screen.getByRole('button', { name: 'Save city' }))
    expect(await violations()).toEqual([])
  })
})
