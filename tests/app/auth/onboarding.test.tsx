// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { waitFor } from 'xstate'
import { OnboardingPage, type ValidateAvailability } from '../../../src/features/auth'
import { apiProblem, awaitCode, renderPage, startSession } from './harness'

afterEach(cleanup)

/** Boise is served; everywhere else is not. */
const validate = vi.fn<ValidateAvailability>(async ({ city }) => ({ Flag: city === 'Boise' }))
const box = (name: string) => screen.getByRole('textbox', { name })

describe('OnboardingPage', () => {
  it('checks availability and says whether we build there', async () => {
    const { actor } = startSession()
    const { user } = await renderPage(actor, <OnboardingPage validate={validate} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Tell us about your pool' })).toBeTruthy()

    await user.type(box('City'), 'Boise')
    await user.type(box('State'), 'id')
    await user.click(screen.getByRole('button', { name: 'Check availability' }))
    const status = screen.getByRole('status')
    await vi.waitFor(() => expect(status.textContent).toBe('Great news — we build in Boise, ID.'))
    expect(validate).toHaveBeenLastCalledWith({ city: 'Boise', state: 'ID' }, expect.anything())

    await user.clear(box('City'))
    expect(status.textContent).toBe('')
    await user.type(box('City'), 'Austin')
    await user.clear(box('State'))
    await user.type(box('State'), 'TX')
    await user.click(screen.getByRole('button', { name: 'Check availability' }))
    await vi.waitFor(() =>
      expect(status.textContent).toBe(
        "We don't build in Austin, TX yet. You can still sign up and join the waiting list.",
      ),
    )
  })

  it('explains a failed availability check', async () => {
    const { actor } = startSession()
    const failing = async () => {
      throw apiProblem(0, 'NETWORK', "Can't reach PoolPath.")
    }
    const { user } = await renderPage(actor, <OnboardingPage validate={failing} />)

    await user.type(box('City'), 'Boise')
    await user.type(box('State'), 'ID')
    await user.click(screen.getByRole('button', { name: 'Check availability' }))
    expect((await screen.findByRole('alert')).textContent).toContain("Can't reach PoolPath.")
  })

  it('sends the code with the details, in any order of filling', async () => {
    const { actor, ports } = startSession()
    const { user } = await renderPage(actor, <OnboardingPage validate={validate} />)

    await user.type(box('Street address'), '12 Elm St')
    await user.type(box('Phone'), '(208) 555-0100')
    await user.type(box('Email'), 'Sam@Example.com')
    await user.type(box('Full name'), 'Sam Lee')
    await user.type(box('State'), 'id')
    await user.type(box('City'), 'Boise')
    await user.click(screen.getByRole('button', { name: 'Send code' }))

    await waitFor(actor, (s) => s.matches('awaitingCode'))
    expect(ports.requestCode).toHaveBeenCalledWith({ email: 'sam@example.com' })
    expect(actor.getSnapshot().context.onboarding).toEqual({
      name: 'Sam Lee',
      phone: '(208) 555-0100',
      address: '12 Elm St',
      city: 'Boise',
      state: 'ID',
    })
  })

  it('shows what is missing next to each field and sends nothing', async () => {
    const { actor, sent } = startSession()
    const { user } = await renderPage(actor, <OnboardingPage validate={validate} />)

    await user.type(box('Email'), 'sam@')
    await user.type(box('State'), 'Idaho')
    await user.click(screen.getByRole('button', { name: 'Send code' }))

    expect(screen.getByText('Enter the city')).toBeTruthy()
    expect(screen.getByText('Choose one of the 50 states or DC')).toBeTruthy()
    expect(box('State').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Enter your full name')).toBeTruthy()
    expect(screen.getByText('Enter a valid email address')).toBeTruthy()
    expect(screen.getByText('Enter a valid phone number')).toBeTruthy()
    expect(screen.getByText('Enter your street address')).toBeTruthy()
    expect(box('Phone').getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(box('City'))
    expect(sent).not.toContain('auth.codeRequested')
  })

  it('fills in the email when verify found no account for it', async () => {
    const { actor } = startSession({
      verify: async () => {
        throw apiProblem(404, 'ACCOUNT_NOT_FOUND', 'No account uses this email.')
      },
    })
    await awaitCode(actor, 'new@example.com')
    actor.send({ type: 'auth.codeSubmitted', code: '123456', rememberMe: false })
    await waitFor(actor, (s) => s.matches({ loggedOut: 'needsAccount' }))

    await renderPage(actor, <OnboardingPage validate={validate} />)

    expect(box('Email')).toHaveProperty('value', 'new@example.com')
    expect(
      screen.getByText(
        'No account uses new@example.com yet — tell us about your pool to create one.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
