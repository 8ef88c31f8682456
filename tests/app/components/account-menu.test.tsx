// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AccountMenu } from '../../../src/components/account-menu'
import { admin } from '../../machines/fixtures'
import { renderPage, sessionData, signIn, startSession } from '../auth/harness'
import { renderBuilder } from '../builder/harness'

afterEach(cleanup)

const accountButton = () => screen.getByRole('button', { name: 'Account: pat@example.com' })
const panel = () => screen.queryByRole('dialog', { name: 'Account' })

describe('the account menu', () => {
  it('opens on who is signed in, focus inside; Escape closes it and returns focus', async () => {
    const { user } = await renderBuilder('/builder/excavation')
    const button = accountButton()
    expect(button.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('PD')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(panel()).toBeNull()

    await user.click(button)
    const open = panel()
    expect(open).not.toBeNull()
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(document.activeElement).toBe(open)
    expect(within(open as HTMLElement).getByText('Pat Doe')).toBeTruthy()
    expect(within(open as HTMLElement).getByText('Homeowner')).toBeTruthy()
    expect(within(open as HTMLElement).getByText('Boise, ID')).toBeTruthy()

    await user.keyboard('{Escape}')
    expect(panel()).toBeNull()
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
  })

  it('opens from the keyboard and closes when focus or a click goes elsewhere', async () => {
    const { user } = await renderBuilder('/builder/excavation')
    accountButton().focus()
    await user.keyboard('{Enter}')
    expect(document.activeElement).toBe(panel())
    // Shift+Tab from the panel lands on its button: still inside, still open.
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(accountButton())
    expect(panel()).not.toBeNull()
    await user.tab()
    await user.tab()
    expect(panel()).toBeNull()

    await user.click(accountButton())
    expect(panel()).not.toBeNull()
    await user.click(screen.getByRole('heading', { level: 1 }))
    expect(panel()).toBeNull()
  })

  it('leaves exactly one Log out, outside the menu, whether the menu is open or not', async () => {
    const { user } = await renderBuilder('/builder/excavation')
    expect(screen.getAllByRole('button', { name: 'Log out' })).toHaveLength(1)
    await user.click(accountButton())
    expect(screen.getAllByRole('button', { name: 'Log out' })).toHaveLength(1)
    expect(within(panel() as HTMLElement).queryByRole('button')).toBeNull()
  })

  it('names an admin’s role, and no place', async () => {
    const { actor } = startSession({
      verify: async () => sessionData({ role: 'ADMIN', userData: admin(1, 'Ada Admin') }),
    })
    await signIn(actor)
    const { user } = await renderPage(
      actor,
      <>
        <h1>Pricing</h1>
        <AccountMenu />
      </>,
    )
    await user.click(screen.getByRole('button', { name: 'Account: a1@example.com' }))
    const open = panel() as HTMLElement
    expect(within(open).getByText('Admin')).toBeTruthy()
    expect(within(open).queryByText('Pool in')).toBeNull()
    const avatar = screen.getByRole('button', { name: /Account/ }).querySelector('[data-initials]')
    expect(avatar?.getAttribute('data-initials')).toBe('AA')
  })
})
