// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { MESSAGE_PAGE } from '../../../contract/messages'
import { storedFile } from '../../support/documents'
import { message, messages } from '../../support/messages'
import { designEntry, emptyPoolData, renderBuilder } from './harness'

afterEach(cleanup)

const designed = emptyPoolData({ nonStages: [designEntry()] })
const threadLink = async (name: string) =>
  within(await screen.findByRole('navigation', { name: 'Threads' })).findByRole('link', { name })
const threadLinks = () =>
  within(screen.getByRole('navigation', { name: 'Threads' })).getAllByRole('link')
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim()

describe('Messages (/builder/messages)', () => {
  it('lists a link per thread named by its title, the unread count its description', async () => {
    await renderBuilder('/builder/messages', {
      poolData: designed,
      messages: {
        messages: [message(1, 'excavation', 'Dig starts Monday')],
        unread: { excavation: 3 },
      },
    })
    await threadLink('Excavation')
    const links = threadLinks()
    expect(links).toHaveLength(14)
    expect(links[0]?.getAttribute('href')).toBe('/builder/messages?thread=project')
    const excavation = await threadLink('Excavation')
    expect(description(excavation)).toBe('3 unread')
    expect(screen.getByText('Morgan Lee: Dig starts Monday')).toBeTruthy()
    const project = await threadLink('Project')
    expect(project.getAttribute('aria-current')).toBe('page')
    expect(project.getAttribute('aria-describedby')).toBeNull()
  })

  it('opens a thread from the address, marks it read and shows its messages with author, role and time', async () => {
    await renderBuilder('/builder/messages?thread=excavation', {
      poolData: designed,
      messages: {
        messages: [message(1, 'excavation', 'Dig starts Monday')],
        unread: { excavation: 1 },
      },
    })
    expect(await screen.findByRole('heading', { level: 2, name: 'Excavation' })).toBeTruthy()
    expect(await screen.findByText('Dig starts Monday')).toBeTruthy()
    expect(screen.getByText('Project manager')).toBeTruthy()
    expect(screen.getByText('Morgan Lee')).toBeTruthy()
    const messagesLink = screen.getByRole('link', { name: 'Messages' })
    await waitFor(() => expect(messagesLink.getAttribute('aria-describedby')).toBeNull())
    expect(description(await threadLink('Excavation'))).toBe('')
  })

  it('sends a message on the open thread with "Message" and "Send"', async () => {
    const { user } = await renderBuilder('/builder/messages?thread=excavation', {
      poolData: designed,
    })
    await screen.findByText('No messages yet. Write the first one.')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.getByText('Write a message first')).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Can we start Monday?')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    const sent = await screen.findByText('Can we start Monday?', { selector: '.message-text' })
    expect(within(sent.closest('li') as HTMLElement).getByText('Owner')).toBeTruthy()
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('')
    expect(await screen.findByText('Pat Doe: Can we start Monday?')).toBeTruthy()
  })

  it('sends a message written while the opened thread is being marked read once that answers', async () => {
    let release = () => {}
    const marking = new Promise<void>((resolve) => (release = resolve))
    const { user } = await renderBuilder('/builder/messages?thread=excavation', {
      poolData: designed,
      holdCall: (call) => (call.name === 'readThread' ? marking : undefined),
    })
    await screen.findByText('No messages yet. Write the first one.')
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Is the dig on?')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    // The actor runs one write at a time: the message waits its turn, and Send says so.
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeTruthy()
    expect(screen.queryByText('Is the dig on?', { selector: '.message-text' })).toBeNull()
    release()
    expect(await screen.findByText('Is the dig on?', { selector: '.message-text' })).toBeTruthy()
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('')
  })

  it('attaches a file of the project, shown as a link to it', async () => {
    const file = storedFile(1, { contentType: 'application/pdf' })
    const { user } = await renderBuilder('/builder/messages', {
      poolData: designed,
      documents: { files: [file] },
    })
    await screen.findByText('No messages yet. Write the first one.')
    await user.click(screen.getByText('Attach files', { selector: 'summary' }))
    await user.click(await screen.findByRole('checkbox', { name: file.name }))
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'The plan')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    const link = await screen.findByRole('link', { name: file.name })
    expect(link.getAttribute('href')).toBe(file.urls.original)
  })

  it('pages in earlier messages with "Load earlier messages"', async () => {
    const { user } = await renderBuilder('/builder/messages', {
      poolData: designed,
      messages: { messages: messages(1, MESSAGE_PAGE + 2) },
    })
    await screen.findByText(`Message ${MESSAGE_PAGE + 2}`)
    expect(screen.queryByText('Message 1')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }))
    expect(await screen.findByText('Message 1')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull()
  })

  it('opens another thread from its link, in the address too', async () => {
    const { user, router } = await renderBuilder('/builder/messages', { poolData: designed })
    await user.click(await threadLink('Excavation'))
    expect(await screen.findByRole('heading', { level: 2, name: 'Excavation' })).toBeTruthy()
    expect(router.state.location.search).toEqual({ thread: 'excavation' })
  })
})

describe('the Project navigation and a step page', () => {
  it('describes Messages with the unread total, never in its name, and shows a badge', async () => {
    await renderBuilder('/builder/overview', {
      poolData: designed,
      messages: { unread: { project: 1, excavation: 2 } },
    })
    const nav = screen.getByRole('navigation', { name: 'Project' })
    const link = await within(nav).findByRole('link', { name: 'Messages' })
    await waitFor(() => expect(description(link)).toBe('3 unread'))
    expect(link.querySelector('.unread-badge')?.textContent).toBe('3')
  })

  it('links a step to its thread', async () => {
    await renderBuilder('/builder/excavation', { poolData: designed })
    const link = await screen.findByRole('link', { name: 'Messages about Excavation' })
    expect(link.getAttribute('href')).toBe('/builder/messages?thread=excavation')
  })
})
