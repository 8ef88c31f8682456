import { assign, setup, type SnapshotFrom } from 'xstate'
import { keyedTestModel } from './paths'

/**
 * A pure model of what a client with Flag sees in the builder: the pool design, a step's choice
 * and quotes, a step marked done and not done, its evidence (a daily log entry, a photo uploaded
 * or refused, a warranty once done), the requests for a builder and a manager, and the owner's
 * Messages (builder-messages.walk.ts). The Timeline and the Budget have models of their own
 * (timeline.model.ts, budget.model.ts). Quotes are a bounded counter: 0 to 5, the 6th refused by
 * the page. Steps are independent, so the quotes live on Excavation and the progress and evidence
 * on Steel, and their counts do not multiply.
 * builder.walk.ts says how a client does each event and what each state shows; its paths run in
 * jsdom (builder.model.test.tsx) and Chromium (tests/e2e/builder-paths.test.ts). Free of
 * test-runner imports: the QA script loads it too.
 */

export const MAX_QUOTES = 5

export type BuilderEvent =
  | { type: 'SAVE_INVALID_DESIGN' }
  | { type: 'SAVE_DESIGN' }
  | { type: 'OPEN_EXCAVATION' }
  | { type: 'CHOOSE_ROCKY_SOIL' }
  | { type: 'ADD_QUOTE' }
  /** "Add quote" while the network is down: nothing is added, the form says why. */
  | { type: 'ADD_QUOTE_OFFLINE' }
  | { type: 'ACCEPT_QUOTE' }
  | { type: 'REMOVE_QUOTE' }
  | { type: 'OPEN_STEEL' }
  | { type: 'MARK_DONE' }
  /** Marked done, but the new dates could not be fetched: the step is done all the same. */
  | { type: 'MARK_DONE_DATES_OFFLINE' }
  /** Marked done just as the access token expired: the dates come after one silent refresh. */
  | { type: 'MARK_DONE_AS_TOKEN_EXPIRES' }
  | { type: 'MARK_NOT_DONE' }
  | { type: 'ADD_LOG_ENTRY' }
  | { type: 'UPLOAD_PHOTO' }
  /** The photo's upload gets no answer: the page says why, until dismissed. */
  | { type: 'UPLOAD_PHOTO_OFFLINE' }
  | { type: 'DISMISS_UPLOAD' }
  | { type: 'SET_WARRANTY' }
  /** A log entry sent after the access token expired and the session was revoked elsewhere. */
  | { type: 'ADD_LOG_ENTRY_AFTER_SESSION_ENDED' }
  | { type: 'SIGN_IN_AGAIN' }
  /** Signed in again, but the kept entry, sent again, gets no answer. */
  | { type: 'SIGN_IN_AGAIN_LOG_FAILS' }
  /** On a phone-wide window, the Menu opens and closes the steps. */
  | { type: 'OPEN_AND_CLOSE_MENU' }
  | { type: 'OPEN_PROJECT_BUILDER' }
  | { type: 'REQUEST_BUILDER' }
  | { type: 'OPEN_MANAGER' }
  | { type: 'REQUEST_MANAGER' }
  | { type: 'OPEN_MESSAGES' }
  | { type: 'LOAD_EARLIER' }
  /** "Load earlier messages" while the network is down: the newest page stays, with the button. */
  | { type: 'LOAD_EARLIER_OFFLINE' }
  | { type: 'OPEN_STEP_THREAD' }
  /** A step's thread opened while the network is down: its messages do not come. */
  | { type: 'OPEN_STEP_THREAD_OFFLINE' }
  /** A step's thread opened while the page before the newest, on a slow network, is still coming. */
  | { type: 'OPEN_STEP_THREAD_WHILE_LOADING_EARLIER' }
  /** The owner comes back to the tab: the open thread is read again. */
  | { type: 'RETURN_TO_TAB' }
  | { type: 'SEND_MESSAGE' }
  /** Back to the tab on a slow network, a message sent before the threads are read again. */
  | { type: 'SEND_MESSAGE_WHILE_THREADS_LOAD' }

export type BuilderContext = {
  /** Quotes recorded on Excavation. */
  quotes: number
  /** Whether one of them is accepted (always the first added). */
  accepted: boolean
}

const addQuote = [
  { guard: 'hasRoom', target: '#builder.excavation.ready', actions: 'addQuote' },
  // The 6th: "Add quote" is disabled and nothing is sent.
  { target: '#builder.excavation.full' },
] as const

export const builderModel = setup({
  types: { context: {} as BuilderContext, events: {} as BuilderEvent },
  actions: {
    addQuote: assign({ quotes: ({ context }) => context.quotes + 1 }),
    acceptFirst: assign({ accepted: true }),
    // The newest goes; the accepted one is the first, so it goes only when it is the last.
    removeNewest: assign(({ context }) => ({
      quotes: context.quotes - 1,
      accepted: context.accepted && context.quotes > 1,
    })),
  },
  guards: {
    hasRoom: ({ context }) => context.quotes < MAX_QUOTES,
    hasQuotes: ({ context }) => context.quotes > 0,
    hasNoQuotes: ({ context }) => context.quotes === 0,
    canAccept: ({ context }) => context.quotes > 0 && !context.accepted,
  },
}).createMachine({
  id: 'builder',
  context: { quotes: 0, accepted: false },
  // A client with Flag and no design yet lands on the Pool Design step.
  initial: 'noDesign',
  states: {
    /** /builder/pool-design, "Not saved yet". */
    noDesign: { on: { SAVE_INVALID_DESIGN: 'designInvalid', SAVE_DESIGN: 'designSaved' } },
    /** The same form, saying what is wrong by each field; nothing was sent. */
    designInvalid: { on: { SAVE_DESIGN: 'designSaved' } },
    /** "Design saved", and the Project navigation shown. */
    designSaved: {
      on: {
        OPEN_EXCAVATION: 'excavation',
        OPEN_STEEL: 'steel',
        OPEN_PROJECT_BUILDER: 'projectBuilder',
        OPEN_MANAGER: 'manager',
        OPEN_AND_CLOSE_MENU: 'designSaved',
        OPEN_MESSAGES: 'messages',
      },
    },
    /** /builder/excavation: its choice, its estimate, "n of 5 quotes recorded" and the quotes. */
    excavation: {
      initial: 'ready',
      states: {
        ready: {},
        /** Five quotes: "Add quote" is disabled, the page says to remove one first. */
        full: {},
        /** The quote was not added, and the form says the network failed. */
        refused: {},
        /** Rocky soil chosen: the estimate is priced for it. */
        rocky: {},
      },
      on: {
        // Tried before any quote: the choice and a refused quote do not depend on the count.
        CHOOSE_ROCKY_SOIL: { guard: 'hasNoQuotes', target: '.rocky' },
        ADD_QUOTE: addQuote,
        ADD_QUOTE_OFFLINE: { guard: 'hasNoQuotes', target: '.refused' },
        ACCEPT_QUOTE: { guard: 'canAccept', target: '.ready', actions: 'acceptFirst' },
        REMOVE_QUOTE: { guard: 'hasQuotes', target: '.ready', actions: 'removeNewest' },
      },
    },
    /** /builder/steel: "Not done yet." and "Mark as done", its photos and its daily log. */
    steel: {
      on: {
        MARK_DONE: 'steelDone',
        MARK_DONE_DATES_OFFLINE: 'steelDone',
        MARK_DONE_AS_TOKEN_EXPIRES: 'steelDone',
        ADD_LOG_ENTRY: 'steelLogged',
        UPLOAD_PHOTO: 'steelPhotographed',
        UPLOAD_PHOTO_OFFLINE: 'steelUploadRefused',
        ADD_LOG_ENTRY_AFTER_SESSION_ENDED: 'sessionEnded',
      },
    },
    /** /login, the log entry kept as a draft for the next sign-in. */
    sessionEnded: {
      on: { SIGN_IN_AGAIN: 'steelLogReplayed', SIGN_IN_AGAIN_LOG_FAILS: 'steelLogLost' },
    },
    /** Back on Steel: the entry is in the log, and the page says it was saved after signing in. */
    steelLogReplayed: {},
    /** Back on Steel: no entry, and an alert says it was not saved, and why. */
    steelLogLost: {},
    /** The entry heads the step's daily log. */
    steelLogged: {},
    /** The photo is among the step's files. */
    steelPhotographed: {},
    /** The upload's alert says it was not uploaded and why; no file was stored. */
    steelUploadRefused: { on: { DISMISS_UPLOAD: 'steel' } },
    /** /builder/steel: "Done since …", "Mark as not done" and the Warranty form. */
    steelDone: { on: { MARK_NOT_DONE: 'steel', SET_WARRANTY: 'steelWarranty' } },
    /** The warranty's provider, term and expiry shown. */
    steelWarranty: {},
    /** /builder/project-builder with "Request a project builder". */
    projectBuilder: { on: { REQUEST_BUILDER: 'builderRequested' } },
    /** "Request sent", and no button to send another. */
    builderRequested: {},
    /** A manager's profile with "Request this manager". */
    manager: { on: { REQUEST_MANAGER: 'managerRequested' } },
    /** "Your request is open", and no button to send another. */
    managerRequested: {},
    /** /builder/messages, from the Project navigation: the threads, and one open. */
    messages: {
      initial: 'project',
      states: {
        /** The project's thread, opened first: its newest page, "Load earlier messages" above. */
        project: {
          on: {
            LOAD_EARLIER: 'wholeProject',
            LOAD_EARLIER_OFFLINE: 'earlierRefused',
            OPEN_STEP_THREAD: 'step',
            OPEN_STEP_THREAD_OFFLINE: 'stepRefused',
            OPEN_STEP_THREAD_WHILE_LOADING_EARLIER: 'step',
          },
        },
        /** Its oldest message too, and no more to load. */
        wholeProject: {},
        /** Still its newest page, and "Load earlier messages" to try again. */
        earlierRefused: {},
        /** Steel's thread, from the Threads navigation: "No messages yet". */
        step: { on: { SEND_MESSAGE: 'sent', SEND_MESSAGE_WHILE_THREADS_LOAD: 'sent' } },
        /** Steel's thread, its messages still loading. */
        stepRefused: { on: { RETURN_TO_TAB: 'step' } },
        /** The message sent shows on Steel's thread, and the field is empty again. */
        sent: {},
      },
    },
  },
})

export type BuilderSnapshot = SnapshotFrom<typeof builderModel>

export const createBuilderTestModel = () => keyedTestModel(builderModel, [])
