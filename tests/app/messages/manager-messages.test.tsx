// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { MESSAGE_PAGE, type Message, type ThreadId } from '../../../contract/messages'
import type { ThreadsPorts } from '../../../machines/messages/threads.types'
import { ProjectThreadsProvider } from '../../../src/app/project-threads-context'
import { ManagerMessages } from '../../../src/features/messages/manager-messages'
import { fileId, storedFile } from '../../support/documents'
import { message, summary, threadList } from '../../support/messages'

afterEach(cleanup)

const CLIENT = '00000000-0000-4000-8000-000000000001'

/** One project's threads as the server holds them, the calls made on it recorded. */
function projectThreads(held: Message[], unread: Partial<Record<ThreadId, number>> = {}) {
  const asked: string[] = []
  const counts = { ...unread }
  const ports: ThreadsPorts = {
    threads: async () => threadList(counts),
    messages: async (thread) => held.filter((m) => m.thread === thread).slice(-MESSAGE_PAGE),
    post: async (thread, body) => {
      const written: Message = {
        ...message(800 + held.length, thread, body.text),
        author: { role: 'MANAGER', name: 'Morgan Lee' },
      }
      held.push(written)
      return written
    },
    read: async (thread) => {
      counts[thread] = 0
      return summary(thread, 0)
    },
  }
  const portsFor = (clientId: string) => (asked.push(clientId), ports)
  return { asked, portsFor }
}

describe('ManagerMessages', () => {
  it('shows the project thread first and reads it, then another thread from its link', async () => {
    const user = userEvent.setup()
    const { asked, portsFor } = projectThreads(
      [message(1, 'project', 'Welcome aboard'), message(2, 'excavation', 'Digger booked')],
      { project: 1, excavation: 1 },
    )
    render(
      <ProjectThreadsProvider portsFor={portsFor}>
        <ManagerMessages clientId={CLIENT} files={[]} />
      </ProjectThreadsProvider>,
    )
    expect(await screen.findByText('Welcome aboard')).toBeTruthy()
    expect(asked).toEqual([CLIENT])
    const threads = screen.getByRole('navigation', { name: 'Threads' })
    const excavation = within(threads).getByRole('link', { name: 'Excavation' })
    expect(excavation.getAttribute('aria-describedby')).toBeTruthy()
    await waitFor(() =>
      expect(
        within(threads).getByRole('link', { name: 'Project' }).getAttribute('aria-describedby'),
      ).toBeNull(),
    )
    await user.click(excavation)
    expect(await screen.findByRole('heading', { level: 2, name: 'Excavation' })).toBeTruthy()
    expect(await screen.findByText('Digger booked')).toBeTruthy()
  })

  it('sends with "Message" and "Send" on the open thread', async () => {
    const user = userEvent.setup()
    const { portsFor } = projectThreads([])
    render(
      <ProjectThreadsProvider portsFor={portsFor}>
        <ManagerMessages clientId={CLIENT} files={[]} />
      </ProjectThreadsProvider>,
    )
    await screen.findByText('No messages yet. Write the first one.')
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Inspection on Friday')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    const sent = await screen.findByText('Inspection on Friday', { selector: '.message-text' })
    expect(within(sent.closest('li') as HTMLElement).getByText('Project manager')).toBeTruthy()
  })

  it("opens an attachment from the project's files, and names one it cannot open", async () => {
    const plan = storedFile(3, { kind: 'plan', contentType: 'application/pdf' })
    const { portsFor } = projectThreads([
      { ...message(1, 'project', 'Plans attached'), fileIds: [plan.id, fileId(9)] },
    ])
    render(
      <ProjectThreadsProvider portsFor={portsFor}>
        <ManagerMessages clientId={CLIENT} files={[storedFile(2), plan]} />
      </ProjectThreadsProvider>,
    )
    const attachments = await screen.findByRole('list', { name: 'Attachments' })
    const link = within(attachments).getByRole('link', { name: 'document-3.pdf' })
    expect(link.getAttribute('href')).toBe(plan.urls.original)
    expect(
      within(attachments)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['document-3.pdf', 'A file of the project'])
  })
})
