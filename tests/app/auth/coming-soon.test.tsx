// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import { LogOutButton } from '../../../src/components/log-out-button'
import { ComingSoonPage } from '../../../src/features/auth'
import { apiProblem, renderPage, signIn, startSession } from './harness'

afterEach(cleanup)

describe('ComingSoonPage', () => {
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
