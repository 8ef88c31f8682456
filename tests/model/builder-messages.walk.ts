import { expect } from 'vitest'
import { MESSAGE_PAGE } from '../../contract/messages'
import type { Driver } from './driver'

/** What the owner wrote on the project's thread before: one more than a page of it. */
export const PROJECT_NOTES = Array.from(
  { length: MESSAGE_PAGE + 1 },
  (_, n) => `Pool note ${n + 1}`,
)
const NEWEST = new RegExp(`^${PROJECT_NOTES.at(-1)}$`)
const OLDEST = new RegExp(`^${PROJECT_NOTES[0]}$`)
const EARLIER = 'Load earlier messages'
const SENT = 'Rebar delivery moved to Friday'
/** The step thread the owner opens from the Project one. */
const STEP = 'Steel'

/**
 * How the owner works the builder's Messages (builder.model.ts): the project's thread, one page
 * of it and then the page before, a step's thread opened from the Threads navigation, a message
 * sent on it — reads refused as if the network were down, and reads a slow network holds up
 * while the owner goes on.
 */
export function messagesWalk(d: Driver) {
  const loadEarlier = () => d.click('button', EARLIER)
  const openStep = () => d.clickIn('Threads', STEP)
  const send = async () => {
    await d.fill('Message', SENT)
    await d.click('button', 'Send')
  }
  const messages = async (thread: string, heading: string) => {
    await d.expectScreen('Messages', '/builder/messages')
    expect(await d.search()).toEqual(thread === 'project' ? {} : { thread })
    await d.expectRole('heading', heading)
  }
  const projectPage = async () => {
    await messages('project', 'Project')
    await d.expectText(NEWEST)
  }
  const step = () => messages(STEP.toLowerCase(), STEP)
  return {
    events: {
      OPEN_MESSAGES: () => d.clickIn('Project', 'Messages'),
      LOAD_EARLIER: loadEarlier,
      LOAD_EARLIER_OFFLINE: async () => {
        await d.cutNext('threadMessages')
        await loadEarlier()
      },
      OPEN_STEP_THREAD: openStep,
      OPEN_STEP_THREAD_OFFLINE: async () => {
        await d.cutNext('threadMessages')
        await openStep()
      },
      OPEN_STEP_THREAD_WHILE_LOADING_EARLIER: async () => {
        await d.stallNext('threadMessages')
        await loadEarlier()
        await openStep()
      },
      RETURN_TO_TAB: () => d.tabReturns(),
      SEND_MESSAGE: send,
      // The post makes the threads stale while they are read: they are read again after it.
      SEND_MESSAGE_WHILE_THREADS_LOAD: async () => {
        await d.stallNext('threads')
        await d.tabReturns()
        await send()
      },
    },
    states: {
      'messages.project': async () => {
        await projectPage()
        await d.expectRole('button', EARLIER)
      },
      'messages.wholeProject': async () => {
        await projectPage()
        await d.expectText(OLDEST)
        await d.expectNoRole('button', EARLIER)
      },
      'messages.earlierRefused': async () => {
        await projectPage()
        await d.expectRole('button', EARLIER)
      },
      'messages.step': async () => {
        await step()
        await d.expectText('No messages yet. Write the first one.')
      },
      'messages.stepRefused': async () => {
        await step()
        await d.expectRole('alert', /Check your connection/)
        await d.expectRole('button', 'Try again')
      },
      'messages.sent': async () => {
        await step()
        await d.expectText(new RegExp(`^${SENT}$`))
        // The threads are read again after the post: Steel's preview is the message, by its author.
        await d.expectText(new RegExp(`^.+: ${SENT}$`))
        // A re-read of the thread (the window regained focus) may show the message before the
        // post's own answer comes, which is when the field empties.
        await expect.poll(() => d.valueOf('textbox', 'Message')).toBe('')
      },
    },
  } as const
}
