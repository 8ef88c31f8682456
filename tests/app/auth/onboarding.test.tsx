// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { waitFor } from 'xstate'
import type { SessionData } from '../../../contract'
import { OnboardingPage, type ValidateAvailability } from '../../../src/features/auth'
import { apiProblem, awaitCode, renderPage, sessionData, startSession } from './harness'

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

  it('creates the account without a second code once verify has proved the email', async () => {
    const { actor, ports, user } = await provedNewEmail(async () => sessionData({ Flag: true }))
    expect(
      screen.getByText(
        'No account uses new@example.com yet — tell us about your pool to create one.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    // The proved email is shown, not typed; nothing offers another code.
    expect(box('Email')).toHaveProperty('value', 'new@example.com')
    expect(box('Email')).toHaveProperty('readOnly', true)
    expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull()

    await fillDetails(user)
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }))
    await user.click(screen.getByRole('button', { name: 'Create account' }))

    await waitFor(actor, (s) => s.hasTag('authenticated'))
    expect(ports.requestCode).toHaveBeenCalledOnce()
    expect(ports.verify).toHaveBeenLastCalledWith(
      expect.objectContaining({
        code: '',
        rememberMe: true,
        tempToken: 'temp-1',
        onboarding: {
          name: 'Nia Lee',
          phone: '(208) 555-0100',
          address: '12 Elm St',
          city: 'Boise',
          state: 'ID',
        },
      }),
    )
  })

  it('offers a new code, the details kept, once the proved email can no longer create it', async () => {
    const { actor, ports, user } = await provedNewEmail(async () => {
      throw apiProblem(401, 'CODE_EXPIRED', 'Your email was confirmed too long ago.')
    })
    await fillDetails(user)
    await user.click(screen.getByRole('button', { name: 'Create account' }))

    expect((await screen.findByRole('alert')).textContent).toContain('confirmed too long ago')
    expect(box('Email')).toHaveProperty('readOnly', false)
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    await waitFor(actor, (s) => s.matches('awaitingCode'))
    expect(ports.requestCode).toHaveBeenLastCalledWith({ email: 'new@example.com' })
    expect(actor.getSnapshot().context.onboarding).toMatchObject({ name: 'Nia Lee', city: 'Boise' })
  })

  it('lets the visitor use another email, with a code for it', async () => {
    const { actor, ports, user } = await provedNewEmail(async () => sessionData())
    await user.click(screen.getByRole('button', { name: 'Use another email' }))
    expect(document.activeElement).toBe(box('Email'))
    expect(box('Email')).toHaveProperty('value', '')
    await user.type(box('Email'), 'other@example.com')
    await fillDetails(user)
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    await waitFor(actor, (s) => s.matches('awaitingCode'))
    expect(ports.requestCode).toHaveBeenLastCalledWith({ email: 'other@example.com' })
  })
})

/**
 * Onboarding after a code for new@example.com that verify proved right, finding no account;
 * the code-less call that creates the account answers with `created`.
 */
async function provedNewEmail(created: () => Promise<SessionData>) {
  const session = startSession({
    verify: vi.fn(async ({ code }) => {
      if (code) throw apiProblem(404, 'ACCOUNT_NOT_FOUND', 'No account uses this email.')
      return created()
    }),
  })
  await awaitCode(session.actor, 'new@example.com')
  session.actor.send({ type: 'auth.codeSubmitted', code: '123456', rememberMe: false })
  await waitFor(session.actor, (s) => s.matches({ loggedOut: 'needsAccount' }))
  const { user } = await renderPage(session.actor, <OnboardingPage validate={validate} />)
  return { ...session, user }
}

/** Where Nia's pool is and who she is; the email is left as it is. */
async function fillDetails(user: UserEvent) {
  await user.type(box('City'), 'Boise')
  await user.type(box('State'), 'id')
  await user.type(box('Full name'), 'Nia Lee')
  await user.type(box('Phone'), '(208) 555-0100')
  await user.type(box('Street address'), '12 Elm St')
}
