import { setup, type SnapshotFrom } from 'xstate'
import { keyedTestModel } from './paths'

/**
 * A pure model of what an admin sees of the back office: the Cities list added to, refused,
 * edited and emptied; the data kept current by the 5-minute poll and the Refresh button, and
 * what a failed poll says; a builder request's status moved along. admin.walk.ts says how an
 * admin does each event and what each state shows; its paths run in jsdom
 * (admin.model.test.tsx) and in Chromium (tests/e2e/admin-paths.test.ts). Free of test-runner
 * imports: the QA script loads it too.
 */

export type AdminEvent =
  | { type: 'OPEN_CITIES' }
  | { type: 'ADD_CITY' }
  /** The same city again: the server refuses it, the dialog says why. */
  | { type: 'ADD_SAME_CITY' }
  /** Cancel closes the dialog, and the refusal with it. */
  | { type: 'CANCEL_DIALOG' }
  | { type: 'EDIT_CITY' }
  | { type: 'DELETE_CITY' }
  /** Another admin adds a city; this page shows it after the 5-minute poll. */
  | { type: 'OTHER_ADMIN_ADDS_CITY_THEN_POLL' }
  /** The same, shown at once by Refresh. */
  | { type: 'OTHER_ADMIN_ADDS_CITY_THEN_REFRESH' }
  /** The 5-minute poll while the network is down. */
  | { type: 'POLL_OFFLINE' }
  | { type: 'REFRESH' }
  /** On a phone-wide window, the Menu opens and closes the sections. */
  | { type: 'OPEN_AND_CLOSE_MENU' }
  | { type: 'OPEN_BUILDER_REQUESTS' }
  | { type: 'MARK_CONTACTED' }
  | { type: 'MARK_CLOSED' }

export const adminModel = setup({
  types: { events: {} as AdminEvent },
}).createMachine({
  id: 'admin',
  // An admin lands on Pricing.
  initial: 'pricing',
  states: {
    pricing: {
      on: {
        OPEN_CITIES: 'noCity',
        OPEN_BUILDER_REQUESTS: 'requestOpen',
        OPEN_AND_CLOSE_MENU: 'pricing',
      },
    },
    /** /admin/city with no city served. */
    noCity: {
      on: {
        ADD_CITY: 'oneCity',
        OTHER_ADMIN_ADDS_CITY_THEN_POLL: 'otherCityShown',
        OTHER_ADMIN_ADDS_CITY_THEN_REFRESH: 'otherCityShown',
        POLL_OFFLINE: 'pollFailed',
      },
    },
    /** Austin, TX with its permit fee of $450. */
    oneCity: {
      on: { ADD_SAME_CITY: 'cityRefused', EDIT_CITY: 'cityEdited', DELETE_CITY: 'noCity' },
    },
    /** The Add city dialog still open, saying the city is already served; one row behind it. */
    cityRefused: { on: { CANCEL_DIALOG: 'oneCity' } },
    /** Austin, TX with its new permit fee of $500. */
    cityEdited: { on: { DELETE_CITY: 'noCity' } },
    /** The other admin's city in the list. */
    otherCityShown: {},
    /** The list as it was, saying the latest data could not be loaded. */
    pollFailed: { on: { REFRESH: 'noCity' } },
    /** /admin/builder-requests: one request, open. */
    requestOpen: { on: { MARK_CONTACTED: 'requestContacted' } },
    requestContacted: { on: { MARK_CLOSED: 'requestClosed' } },
    requestClosed: {},
  },
})

export type AdminSnapshot = SnapshotFrom<typeof adminModel>

export const createAdminTestModel = () => keyedTestModel(adminModel, [])
