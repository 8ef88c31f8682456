import { expect } from 'vitest'
import type { TestParam } from 'xstate/graph'
import { PROJECT_NOTES } from './builder-messages.walk'
import type { Driver } from './driver'
import type { ManagerModelEvent, ManagerSnapshot } from './manager.model'

/** The owner's one trade, recorded for the excavation. */
export const OWNER_TRADE = 'Deep Dig Co'
/** The caption of the owner's one file, a plan. */
export const OWNER_FILE = 'Survey of the yard'
const PROJECT_PATH = /^\/admin\/projects\/[0-9a-f-]+$/
const NOBODY = 'Nobody Here'
const BID = { step: 'Excavation', vendor: 'Rock Solid Digging', typed: '9,800', shown: '$9,800' }
const QUOTES = `Quotes for ${BID.step}`
/** What the page says while the network is down, after what it could not do. */
const OFFLINE = /Check your connection and try again\./
/** The owner's newest note on the Project thread, which the thread opens on. */
export const OWNER_NOTE = PROJECT_NOTES.at(-1) ?? ''
const NEWEST_NOTE = new RegExp(`^${OWNER_NOTE}$`)
const SENT = 'The crew starts on Monday at seven.'

/**
 * How a manager does each event of the manager model, and what each of its states shows, through
 * a driver: the same walk runs in jsdom and in Chromium. The manager is `person('manager')`, the
 * project it manages `person('clientWithFlag')`'s, and `person('clientWithoutFlag')` an owner it
 * does not manage.
 */
export function managerWalk(d: Driver): TestParam<ManagerSnapshot, ManagerModelEvent> {
  const owner = () => d.person('clientWithFlag')
  const project = async (tab: string) => {
    await d.expectScreen(`${owner().name}'s project`, PROJECT_PATH)
    await d.expectRole('heading', tab)
    await d.expectRole('button', 'Enter a bid')
  }
  const listed = async () => {
    await d.expectScreen('Projects', '/admin/projects')
    await d.expectRole('navigation', 'Admin sections')
    await d.expectNoRole('link', 'Pricing')
  }
  const enterBid = async () => {
    await d.click('button', 'Enter a bid')
    await d.select('Step', BID.step)
    await d.fill('Vendor', BID.vendor)
    await d.fill('Amount', BID.typed)
    await d.click('button', 'Save bid')
  }
  const budget = async () => {
    await project('Budget')
    await d.expectRole('heading', 'Quotes')
    await d.expectNoRole('dialog')
  }

  return {
    events: {
      SEARCH_NO_MATCH: () => d.fill('Search projects', NOBODY),
      SEARCH_OWNER: () => d.fill('Search projects', owner().name),
      REFRESH: () => d.click('button', 'Refresh'),
      REFRESH_OFFLINE: async () => {
        await d.cutNext('projects')
        await d.click('button', 'Refresh')
      },
      OPEN_AND_CLOSE_MENU: () =>
        d.onPhone(async () => {
          // Named for what it does: "Menu" while folded, "Close menu" while open.
          await d.click('button', /^(Menu|Close menu)$/)
          await d.click('button', /^(Menu|Close menu)$/)
        }),
      OPEN_PROJECT: () => d.click('link', owner().name),
      OPEN_UNASSIGNED_PROJECT: async () =>
        d.open(`/admin/projects/${await d.clientIdOf('clientWithoutFlag')}`),
      OPEN_TIMELINE: () => d.click('tab', 'Timeline'),
      OPEN_BUDGET: () => d.click('tab', 'Budget'),
      OPEN_DOCUMENTS: () => d.click('tab', 'Documents'),
      OPEN_TRADES: () => d.click('tab', 'Trades'),
      OPEN_MESSAGES: () => d.click('tab', 'Messages'),
      ENTER_BID: enterBid,
      ENTER_BID_OFFLINE: async () => {
        await d.cutNext('enterQuote')
        await enterBid()
      },
      SAVE_BID_AGAIN: () => d.click('button', 'Save bid'),
      SEND_MESSAGE: async () => {
        await d.fill('Message', SENT)
        await d.click('button', 'Send')
      },
    },
    states: {
      list: async () => {
        await listed()
        await d.expectRole('link', owner().name)
        await d.expectText('Running late')
        await d.expectNoRole('status', /^Nothing matches/)
        await d.expectNoRole('alert')
      },
      listRefused: async () => {
        await listed()
        await d.expectRole('link', owner().name)
        await d.expectRole(
          'alert',
          /^The projects could not be loaded: .*What you see is from the last refresh\.$/,
        )
        await d.expectRole('alert', OFFLINE)
      },
      noMatch: async () => {
        await listed()
        await d.expectRole('status', `Nothing matches “${NOBODY}”.`)
        await d.expectRole('button', 'Refresh')
        await d.expectNoRole('link', owner().name)
      },
      notFound: async () => {
        await d.expectScreen('Project not found', PROJECT_PATH)
        await d.expectRole('alert', 'No such project.')
        // Its arrow, drawn by CSS, is part of the name in a browser.
        await d.expectRole('link', /All projects$/)
        await d.expectNoRole('button', 'Enter a bid')
      },
      overview: async () => {
        await project('Overview')
        await d.expectText(owner().email)
        await d.expectText('Project managers')
      },
      timeline: async () => {
        await project('Timeline')
        await d.expectRole('heading', 'Inspections')
        await d.expectNoRole('heading', 'Overview')
      },
      budget: async () => {
        await budget()
        await d.expectNoRole('region', QUOTES)
      },
      bidRefused: async () => {
        await d.expectRole('dialog', 'Enter a bid')
        await d.expectRole('alert', OFFLINE)
        expect(await d.valueOf('textbox', 'Vendor')).toBe(BID.vendor)
        await d.expectNoRole('region', QUOTES)
      },
      bidEntered: async () => {
        await budget()
        await d.expectRole('region', QUOTES)
        await d.expectText(BID.vendor)
        await d.expectText(BID.shown)
        await d.expectText(`entered by ${d.person('manager').name}`)
      },
      documents: async () => {
        await project('Documents')
        await d.expectRole('link', OWNER_FILE)
      },
      trades: async () => {
        await project('Trades')
        await d.expectText(OWNER_TRADE)
      },
      messages: async () => {
        await project('Messages')
        await d.expectRole('heading', 'Project')
        await d.expectText(NEWEST_NOTE)
        await d.expectRole('button', 'Send')
      },
      messageSent: async () => {
        await project('Messages')
        await d.expectText(NEWEST_NOTE)
        await d.expectText(new RegExp(`^${SENT}$`))
      },
    },
  }
}
