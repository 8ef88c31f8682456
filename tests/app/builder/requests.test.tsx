// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ManagerRequest } from '../../../contract'
import type { ClientCall, ClientCallResult } from '../../../machines/client/client.machine'
import { emptyPoolData, manager, renderBuilder } from './harness'

beforeAll(() => {
  document.documentElement.lang = 'en'
  document.title = 'PoolPath'
})

afterEach(cleanup)

async function violations() {
  const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } })
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)
}

/** A refusal as the API port throws it: the server's problem detail and field messages. */
const refusal = (detail: string, fieldErrors: Record<string, string[]> = {}) =>
  Object.assign(new Error(detail), { status: 400, detail, fieldErrors })

const requestTo = (n: number, over: Partial<ManagerRequest> = {}): ManagerRequest => ({
  id: `00000000-0000-4000-8000-00000000061${n}`,
  clientId: '00000000-0000-4000-8000-000000000001',
  clientName: 'Pat Doe',
  managerId: manager(n).id,
  managerName: manager(n).name,
  message: '',
  status: 'open',
  createdAt: '2026-05-20T12:00:00.000Z',
  ...over,
})

describe('project builder', () => {
  it('sends one request, disabled while it runs, then says it was sent', async () => {
    let answer = () => {}
    // The sidebar's Money read stays unanswered: only the request is under test.
    const clientCall = vi.fn(
      (call: ClientCall) =>
        new Promise<ClientCallResult>((resolve) => {
          if (call.name !== 'requestBuilder') return
          answer = () => resolve({ name: 'requestBuilder', data: { BuilderRequested: true } })
        }),
    )
    const { user } = await renderBuilder('/builder/project-builder', { clientCall })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Project builder')
    expect(await violations()).toEqual([])
    const button = screen.getByRole('button', { name: 'Request a project builder' })
    await user.click(button)
    expect(button.hasAttribute('disabled')).toBe(true)
    await user.click(button)
    answer()
    await screen.findByText('Request sent')
    expect(screen.queryByRole('button', { name: 'Request a project builder' })).toBeNull()
    const writes = clientCall.mock.calls.filter(([call]) => call.name !== 'money')
    expect(writes).toEqual([[{ name: 'requestBuilder' }]])
    expect(await violations()).toEqual([])
  })

  it('says "Request sent" from the start when the client already asked', async () => {
    const poolData = emptyPoolData({ BuilderRequested: true })
    await renderBuilder('/builder/project-builder', { poolData })
    expect(screen.getByText('Request sent')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Request a project builder' })).toBeNull()
  })

  it('shows why a request was refused', async () => {
    const clientCall = async (): Promise<ClientCallResult> => {
      throw refusal('We do not build in your city yet.')
    }
    const { user } = await renderBuilder('/builder/project-builder', { clientCall })
    await user.click(screen.getByRole('button', { name: 'Request a project builder' }))
    expect((await screen.findByRole('alert')).textContent).toBe('We do not build in your city yet.')
    expect(screen.queryByText('Request sent')).toBeNull()
  })
})

describe('project managers', () => {
  it('shows a card per manager with the fee and the status of the client’s request', async () => {
    const Managers = [manager(1), manager(2)]
    const poolData = emptyPoolData({ ManagerRequests: [requestTo(1)] })
    const { user, router } = await renderBuilder('/builder/project-managers', {
      Managers,
      poolData,
    })
    const cards = screen.getAllByRole('listitem').filter((item) => item.closest('main'))
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Max Manager 1',
      'Max Manager 2',
    ])
    expect(cards[0]?.textContent).toContain('$8,500')
    expect(cards[0]?.textContent).toContain('Request open')
    expect(cards[1]?.textContent).toContain('$9,000')
    expect(cards[1]?.textContent).not.toContain('Request')
    expect(await violations()).toEqual([])

    await user.click(screen.getByRole('link', { name: "View Max Manager 2's profile" }))
    await screen.findByRole('heading', { level: 1, name: 'Max Manager 2' })
    expect(router.state.location.pathname).toBe(`/builder/manager/${manager(2).id}`)
  })

  it('names the project manager once the back office accepted the request, on both pages', async () => {
    const Managers = [manager(1), manager(2)]
    const poolData = emptyPoolData({
      ManagerRequests: [requestTo(1, { status: 'accepted' }), requestTo(2)],
    })
    await renderBuilder('/builder/project-managers', { Managers, poolData })
    expect(screen.getAllByText(/^Your project manager: /).map((p) => p.textContent)).toEqual([
      'Your project manager: Max Manager 1',
    ])
    cleanup()
    await renderBuilder('/builder/overview', { Managers, poolData })
    expect(await screen.findByText('Your project manager: Max Manager 1')).toBeTruthy()
  })

  it('says so when no managers are listed', async () => {
    await renderBuilder('/builder/project-managers')
    expect(screen.getByText(/No project managers are listed/)).toBeTruthy()
  })
})

describe('a manager’s profile', () => {
  const profile = `/builder/manager/${manager(1).id}`

  it('sends the message, then shows the open request instead of the button', async () => {
    const { user, calls } = await renderBuilder(profile, { Managers: [manager(1)] })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Max Manager 1')
    expect(await violations()).toEqual([])
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'We hope to dig in July.')
    await user.click(screen.getByRole('button', { name: 'Request this manager' }))
    await screen.findByText('Your request is open — sent on June 1, 2026')
    expect(screen.queryByRole('button', { name: 'Request this manager' })).toBeNull()
    expect(calls.mock.calls).toEqual([
      [
        {
          name: 'requestManager',
          body: { managerId: manager(1).id, message: 'We hope to dig in July.' },
        },
      ],
    ])
  })

  it('lets the client ask again once an earlier request is closed', async () => {
    const poolData = emptyPoolData({ ManagerRequests: [requestTo(1, { status: 'closed' })] })
    await renderBuilder(profile, { Managers: [manager(1)], poolData })
    expect(screen.getByText(/Your request sent on May 20, 2026 is closed/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Request this manager' })).toBeTruthy()
  })

  it('shows the server’s message by the field it is about', async () => {
    const clientCall = async (): Promise<ClientCallResult> => {
      throw refusal('Check the highlighted field.', { message: ['Keep it under 1,000 characters'] })
    }
    const { user } = await renderBuilder(profile, { Managers: [manager(1)], clientCall })
    await user.click(screen.getByRole('button', { name: 'Request this manager' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Check the highlighted field.')
    const field = screen.getByRole('textbox', { name: 'Message' })
    expect(field.getAttribute('aria-invalid')).toBe('true')
    const errorId = field.getAttribute('aria-describedby')?.split(' ').pop() ?? ''
    expect(document.getElementById(errorId)?.textContent).toBe('Keep it under 1,000 characters')
    expect(await violations()).toEqual([])
  })

  it('says the manager is not found for an unknown id, with a way back', async () => {
    await renderBuilder('/builder/manager/00000000-0000-4000-8000-000000000999', {
      Managers: [manager(1)],
    })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Project manager')
    expect(screen.getByText(/We could not find this project manager/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'All project managers' })).toBeTruthy()
  })
})
