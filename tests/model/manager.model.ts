import { setup, type SnapshotFrom } from 'xstate'
import { keyedTestModel } from './paths'

/**
 * A pure model of a manager's Projects in the back office (PRODUCT.md §18–§19): the list of the
 * one project it manages, flagged as running late, searched, read again (or not, the network
 * down), its sections' menu on a phone; that project read tab by tab, a bid a trade phoned in
 * entered on its Budget (or refused, the network down, and saved again), a message on its
 * Project thread; and the address of a project it does not manage, which it cannot tell from one
 * that does not exist.
 * manager.walk.ts says how the manager does each event and what each state shows; its paths run
 * in jsdom (manager.model.test.tsx) and in Chromium (tests/e2e/manager-paths.test.ts). Free of
 * test-runner imports: the QA script loads it.
 */

export type ManagerModelEvent =
  /** "Search projects" with a name no project has. */
  | { type: 'SEARCH_NO_MATCH' }
  /** "Search projects" with the owner's name. */
  | { type: 'SEARCH_OWNER' }
  /** "Refresh": the list is read again; the search stays. */
  | { type: 'REFRESH' }
  /** "Refresh" while the network is down: the list read before stays. */
  | { type: 'REFRESH_OFFLINE' }
  /** On a phone-wide window, the Menu opens and closes the sections. */
  | { type: 'OPEN_AND_CLOSE_MENU' }
  | { type: 'OPEN_PROJECT' }
  /** The manager types the address of another owner's project. */
  | { type: 'OPEN_UNASSIGNED_PROJECT' }
  | { type: 'OPEN_TIMELINE' }
  | { type: 'OPEN_BUDGET' }
  | { type: 'OPEN_DOCUMENTS' }
  | { type: 'OPEN_TRADES' }
  | { type: 'OPEN_MESSAGES' }
  /** "Enter a bid": the step, the vendor, the amount, "Save bid". */
  | { type: 'ENTER_BID' }
  /** The same bid, saved while the network is down. */
  | { type: 'ENTER_BID_OFFLINE' }
  /** "Save bid" again, the network back. */
  | { type: 'SAVE_BID_AGAIN' }
  /** "Message", "Send" on the Project thread. */
  | { type: 'SEND_MESSAGE' }

export const managerModel = setup({
  types: { events: {} as ManagerModelEvent },
}).createMachine({
  id: 'manager',
  // The manager, signed in before with "Remember me", opens /admin/projects.
  initial: 'list',
  states: {
    /** "Projects": the owner's row, "Running late", and the Projects the one section. */
    list: {
      on: {
        SEARCH_NO_MATCH: 'noMatch',
        OPEN_PROJECT: 'overview',
        OPEN_UNASSIGNED_PROJECT: 'notFound',
        REFRESH_OFFLINE: 'listRefused',
        OPEN_AND_CLOSE_MENU: 'list',
      },
    },
    /** The owner's row still, under an alert that the list could not be read again. */
    listRefused: { on: { REFRESH: 'list' } },
    /** The table says nothing matches; no row. */
    noMatch: { on: { REFRESH: 'noMatch', SEARCH_OWNER: 'list' } },
    /** "Project not found", saying there is no such project, and "All projects". */
    notFound: {},
    /** "{owner}'s project" on its Overview: the owner, its managers, "Enter a bid". */
    overview: { on: { OPEN_TIMELINE: 'timeline' } },
    /** The schedule and the inspections. */
    timeline: { on: { OPEN_BUDGET: 'budget' } },
    /** The budget table, no quotes yet. */
    budget: {
      on: {
        OPEN_DOCUMENTS: 'documents',
        ENTER_BID: 'bidEntered',
        ENTER_BID_OFFLINE: 'bidRefused',
      },
    },
    /** The bid's dialog still open, what was typed kept, saying the network failed. */
    bidRefused: { on: { SAVE_BID_AGAIN: 'bidEntered' } },
    /** The Budget again, with the bid entered by the manager. */
    bidEntered: {},
    /** The owner's file, by its caption. */
    documents: { on: { OPEN_TRADES: 'trades' } },
    /** The owner's trade. */
    trades: { on: { OPEN_MESSAGES: 'messages' } },
    /** The Project thread open, the owner's newest note last. */
    messages: { on: { SEND_MESSAGE: 'messageSent' } },
    /** The manager's message on the thread. */
    messageSent: {},
  },
})

export type ManagerSnapshot = SnapshotFrom<typeof managerModel>

export const createManagerTestModel = () => keyedTestModel(managerModel, [])
