// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import { LogOutButton } from '../../../src/components/log-out-button'
import { ComingSoonPage } from '../../../src/features/auth'
import { apiProblem, renderPage, signIn, startSession } from './harness'

afterEach(cleanup)

describe('ComingSoonPage', () => {
  it('tells a visitor who is not signed in how to find out about their city', async () => {
    const { actor } = startSession()
    await renderPage(actor, <ComingSoonPage />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Coming soon to more cities')
    expect(screen.getByRole('link', { name: 'Check your city' }).getAttribute('href')).toBe(
      '/onboarding',
    )
    expect(
      screen.getByRole('link', { name: 'Already have an account? Sign in' }).getAttribute('href'),
    ).toBe('/login')
    expect(screen.queryByRole('button', { name: 'Join the waiting list' })).toBeNull()
  })

  it('says which city is not served yet and toggles the waiting list', async () => {
    const { actor, ports } = startSession()
    await signIn(actor)
    const { user } = await renderPage(actor, <ComingSoonPage />)

    expect(screen.getByRole('heading', { level: 1, name: /Coming soon/ }).textContent).toBe(
      'Coming soon to Boise',
    )
    expect(screen.getByText(/does not build in Boise, ID yet/)).toBeTruthy()
    expect(screen.getByText("You're not on the waiting list.")).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }))
    const leave = await screen.findByRole('button', { name: 'Leave the waiting list' })
    expect(ports.editStatus).toHaveBeenLastCalledWith({ onWaiting: true })
    expect(
      screen.getByText("You're on the waiting list — we'll email you when we open in Boise."),
    ).toBeTruthy()

    await user.click(leave)
    await screen.findByRole('button', { name: 'Join the waiting list' })
    expect(ports.editStatus).toHaveBeenLastCalledWith({ onWaiting: false })
  })

  it('says where the client stands before the button that leaves the list', async () => {
    const { actor } = startSession()
    await signIn(actor)
    const { user } = await renderPage(actor, <ComingSoonPage />)
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }))
    const leave = await screen.findByRole('button', { name: 'Leave the waiting list' })
    const status = screen.getByText(/You're on the waiting list/)
    expect(status.compareDocumentPosition(leave) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('keeps the choice and explains when saving it fails', async () => {
    const { actor } = startSession({
      editStatus: async () => {
        throw apiProblem(0, 'NETWORK', "Can't reach PoolPath.")
      },
    })
    await signIn(actor)
    const { user } = await renderPage(actor, <ComingSoonPage />)

    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }))
    expect((await screen.findByRole('alert')).textContent).toContain("Can't reach PoolPath.")
    expect(screen.getByRole('button', { name: 'Join the waiting list' })).toBeTruthy()
  })

  it('logs out', async () => {
    const { actor, ports, sent } = startSession()
    await signIn(actor)
    const { user } = await renderPage(actor, <ComingSoonPage />)

    await user.click(screen.getByRole('button', { name: 'Log out' }))
    expect(sent).toContain('session.loggedOut')
    await waitFor(actor, (s) => s.matches('loggedOut'))
    expect(ports.logout).toHaveBeenCalledOnce()
  })
})

describe('LogOutButton', () => {
  it('is disabled while the session is busy', async () => {
    const { actor } = startSession({ logout: () => new Promise(() => {}) })
    await signIn(actor)
    const { user } = await renderPage(
      actor,
      <>
        <h1>Builder</h1>
        <LogOutButton />
      </>,
    )

    const button = screen.getByRole('button', { name: 'Log out' })
    await user.click(button)
    expect(button).toHaveProperty('disabled', true)
  })
})

describe('ComingSoonPage: correcting the city', () => {
  const box = (name: string) => screen.getByRole('textbox', { name })
  const saveCity = async (user: UserEvent, city: string, state: string) => {
    await user.clear(box('City'))
    await user.type(box('City'), city)
    await user.clear(box('State'))
    await user.type(box('State'), state)
    await user.click(screen.getByRole('button', { name: 'Save city' }))
  }

  it('leads with the waiting list, before the city form and Log out', async () => {
    const { actor } = startSession()
    await signIn(actor)
    await renderPage(actor, <ComingSoonPage />)

    const buttons = screen.getAllByRole('button').map((b) => b.textContent)
    expect(buttons).toEqual(['Join the waiting list', 'Save city', 'Log out'])
    const join = screen.getByRole('button', { name: 'Join the waiting list' })
    expect(
      join.compareDocumentPosition(box('City')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    expect(box('City')).toHaveProperty('value', 'Boise')
    expect(box('State')).toHaveProperty('value', 'ID')
  })

  it('goes on to the builder when the corrected city is served', async () => {
    const { actor, ports } = startSession()
    await signIn(actor)
    const { user } = await renderPage(actor, <ComingSoonPage />)

    await saveCity(user, 'Austin', 'tx')

    await waitFor(actor, (s) => s.hasTag('route:builder'))
    expect(ports.changeCity).toHaveBeenCalledWith({ city: 'Austin', state: 'TX' })
  })

  it('stays, for the new city, when we do not build there either', async () => {
    const { actor } = startSession()
    await signIn(actor)
    const { user } = await renderPage(actor, <ComingSoonPage />)

    await saveCity(user, 'Reno', 'NV')

    await screen.findByText("Saved. We don't build in Reno, NV yet either.")
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Coming soon to Reno')
    expect(actor.getSnapshot().hasTag('route:comingSoon')).toBe(true)
  })

  it('checks the place before sending it, and shows the server’s field errors', async () => {
    const { actor, sent } = startSession({
      changeCity: async () => {
        throw Object.assign(apiProblem(400, 'VALIDATION_FAILED', 'Some fields need attention.'), {
          fieldErrors: { city: ['Use at most 80 characters'] },
        })
      },
    })
    await signIn(actor)
    const { user } = await renderPage(actor, <ComingSoonPage />)

    await user.clear(box('City'))
    await user.clear(box('State'))
    await user.type(box('State'), 'Texas')
    await user.click(screen.getByRole('button', { name: 'Save city' }))
    expect(screen.getByText('Enter the city')).toBeTruthy()
    expect(screen.getByText('Choose one of the 50 states or DC')).toBeTruthy()
    expect(document.activeElement).toBe(box('City'))
    expect(sent).not.toContain('city.changed')

    await saveCity(user, 'Austin', 'TX')
    await screen.findByText('Use at most 80 characters')
    expect(box('City').getAttribute('aria-invalid')).toBe('true')
    // One message per field: no banner repeats it.
    expect(screen.queryByRole('alert')).toBeNull()
    expect(sent.filter((type) => type === 'city.changed')).toHaveLength(1)
  })
})
