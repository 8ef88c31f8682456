// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { Message, MessageBody } from '../../../contract/messages'
import type { TradePortalPorts } from '../../../machines/trade-portal/trade-portal.types'
import { PortalMessages } from '../../../src/features/trade-portal/portal-messages'
import { fileId, storedFile } from '../../support/documents'
import { message } from '../../support/messages'

afterEach(cleanup)

/** The trade's calls on its step's thread; the rest of the portal is not used here. */
function tradeThread(held: Message[]) {
  const sent: MessageBody[] = []
  const unused = async (): Promise<never> => {
    throw new Error('not a message call')
  }
  const ports: TradePortalPorts = {
    link: unused,
    login: unused,
    verify: unused,
    view: unused,
    answer: unused,
    upload: unused,
    signOut: unused,
    messages: async () => held,
    postMessage: async (body) => {
      sent.push(body)
      return { ...message(700, 'excavation', body.text), author: { role: 'TRADE', name: 'Dig Co' } }
    },
  }
  return { ports, sent }
}

describe("the trade portal's Messages", () => {
  it('shows the step thread under h2 "Messages" and sends with "Message" and "Send"', async () => {
    const user = userEvent.setup()
    const { ports, sent } = tradeThread([message(1, 'excavation', 'Gate code is 1234')])
    render(<PortalMessages ports={ports} step="excavation" files={[]} />)
    expect(screen.getByRole('heading', { level: 2, name: 'Messages' })).toBeTruthy()
    expect(await screen.findByText('Gate code is 1234')).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: 'Threads' })).toBeNull()
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Thanks, see you Monday')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Thanks, see you Monday')).toBeTruthy()
    expect(screen.getByText('Trade')).toBeTruthy()
    expect(sent).toEqual([{ text: 'Thanks, see you Monday' }])
  })

  it('opens an attachment among the files shared with the trade; another is only named', async () => {
    const shared = storedFile(4, { kind: 'plan', contentType: 'application/pdf' })
    const { ports } = tradeThread([
      { ...message(1, 'excavation', 'Updated plan'), fileIds: [fileId(8), shared.id] },
    ])
    render(<PortalMessages ports={ports} step="excavation" files={[shared]} />)
    const attachments = await screen.findByRole('list', { name: 'Attachments' })
    expect(
      within(attachments).getByRole('link', { name: 'document-4.pdf' }).getAttribute('href'),
    ).toBe(shared.urls.original)
    expect(
      within(attachments)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['A file of the project', 'document-4.pdf'])
  })
})
