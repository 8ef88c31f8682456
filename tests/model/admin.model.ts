import { assign, setup, type SnapshotFrom } from 'xstate'
import { keyedTestModel } from './paths'

/**
 * A pure model of what an admin sees of the back office: each list added to, refused, edited
 * and emptied (one set of states for every list, the list in the context); the data kept current
 * by the 5-minute poll and the Refresh button, and what a failed poll says; a request's status
 * moved along, refused and the refusal dismissed. admin.walk.ts says how an admin does each
 * event and what each state shows, per list; its paths run in jsdom (admin.model.test.tsx) and
 * in Chromium (tests/e2e/admin-paths.test.ts). Free of test-runner imports: the QA script loads
 * it too.
 */

/** The lists the back office edits through dialogs, by what the walk calls them. */
export const ADMIN_LISTS = ['cities', 'engineers', 'managers', 'admins', 'clients', 'tips'] as const
export type AdminList = (typeof ADMIN_LISTS)[number]
/** Where an admin adds items; clients sign up themselves and every stage has its one tip. */
const CREATABLE: readonly AdminList[] = ['cities', 'engineers', 'managers', 'admins']

export const REQUEST_KINDS = ['builder', 'manager'] as const
export type RequestKind = (typeof REQUEST_KINDS)[number]

export type AdminEvent =
  | { type: 'OPEN_LIST'; list: AdminList }
  /** Adds the walk's item of the list. */
  | { type: 'ADD' }
  /**
   * A save the server refuses, the dialog saying why: the same city or admin again, a client's
   * email another account uses, or (engineers, managers, tips) a save the network drops.
   */
  | { type: 'SAVE_REFUSED' }
  /** Cancel closes the dialog, and the refusal with it. */
  | { type: 'CANCEL_DIALOG' }
  | { type: 'EDIT' }
  | { type: 'DELETE' }
  /** Another admin adds a city; this page shows it after the 5-minute poll. */
  | { type: 'OTHER_ADMIN_ADDS_CITY_THEN_POLL' }
  /** The same, shown at once by Refresh. */
  | { type: 'OTHER_ADMIN_ADDS_CITY_THEN_REFRESH' }
  /** The 5-minute poll while the network is down. */
  | { type: 'POLL_OFFLINE' }
  | { type: 'POLL_MISFIT' }
  | { type: 'REFRESH' }
  /** On a phone-wide window, the Menu opens and closes the sections. */
  | { type: 'OPEN_AND_CLOSE_MENU' }
  | { type: 'OPEN_REQUESTS'; kind: RequestKind }
  | { type: 'MARK_CONTACTED' }
  | { type: 'MARK_CLOSED' }
  /** The status change the network drops: the page says why, the status stays. */
  | { type: 'STATUS_REFUSED' }
  | { type: 'DISMISS' }

export type AdminModelContext = { list: AdminList; kind: RequestKind }

export const adminModel = setup({
  types: { events: {} as AdminEvent, context: {} as AdminModelContext },
  guards: {
    creatable: ({ context }) => CREATABLE.includes(context.list),
    opensCreatable: ({ event }) => event.type === 'OPEN_LIST' && CREATABLE.includes(event.list),
    deletable: ({ context }) => context.list !== 'tips',
    isCities: ({ context }) => context.list === 'cities',
  },
  actions: {
    chooseList: assign({
      list: ({ event }) => (event.type === 'OPEN_LIST' ? event.list : 'cities'),
    }),
    chooseKind: assign({
      kind: ({ event }) => (event.type === 'OPEN_REQUESTS' ? event.kind : 'builder'),
    }),
  },
}).createMachine({
  id: 'admin',
  context: { list: 'cities', kind: 'builder' },
  // An admin lands on Pricing.
  initial: 'pricing',
  states: {
    pricing: {
      on: {
        OPEN_LIST: [
          { guard: 'opensCreatable', target: 'list.none', actions: 'chooseList' },
          { target: 'list.one', actions: 'chooseList' },
        ],
        OPEN_REQUESTS: { target: 'requests.open', actions: 'chooseKind' },
        OPEN_AND_CLOSE_MENU: 'pricing',
      },
    },
    /** The section of `context.list`. */
    list: {
      initial: 'none',
      states: {
        /** Without the walk's item (for clients and tips: it was deleted). */
        none: {
          on: {
            ADD: { guard: 'creatable', target: 'one' },
            OTHER_ADMIN_ADDS_CITY_THEN_POLL: { guard: 'isCities', target: 'otherCityShown' },
            OTHER_ADMIN_ADDS_CITY_THEN_REFRESH: { guard: 'isCities', target: 'otherCityShown' },
            POLL_OFFLINE: { guard: 'isCities', target: 'pollFailed' },
            POLL_MISFIT: { guard: 'isCities', target: 'pollMisfit' },
          },
        },
        /** The walk's item, as added (for clients and tips: as the server holds it). */
        one: {
          on: {
            EDIT: 'edited',
            DELETE: { guard: 'deletable', target: 'none' },
            SAVE_REFUSED: 'refused',
          },
        },
        /** The dialog still open, saying why; the item as it was behind it. */
        refused: { on: { CANCEL_DIALOG: 'one' } },
        edited: { on: { DELETE: { guard: 'deletable', target: 'none' } } },
        /** The other admin's city in the list. */
        otherCityShown: {},
        /** The list as it was, saying the latest data could not be loaded. */
        pollFailed: { on: { REFRESH: 'none' } },
        /** The answer's rows shown, saying a row did not fit; the next fetch asks for all again. */
        pollMisfit: { on: { REFRESH: 'none' } },
      },
    },
    /** The requests of `context.kind`: one request, from Bo Park. */
    requests: {
      initial: 'open',
      states: {
        open: { on: { MARK_CONTACTED: 'contacted', STATUS_REFUSED: 'refused' } },
        /** Still open, the page saying why the change was refused. */
        refused: { on: { DISMISS: 'open' } },
        contacted: { on: { MARK_CLOSED: 'closed' } },
        closed: {},
      },
    },
  },
})

export type AdminSnapshot = SnapshotFrom<typeof adminModel>

export const createAdminTestModel = () =>
  keyedTestModel(adminModel, [
    ...ADMIN_LISTS.map((list) => ({ type: 'OPEN_LIST', list }) as const),
    ...REQUEST_KINDS.map((kind) => ({ type: 'OPEN_REQUESTS', kind }) as const),
  ])
