import { assign, setup, type SnapshotFrom } from 'xstate'
import { keyedTestModel } from './paths'

/**
 * A pure model of what a visitor sees of the session: screens as states, user actions as
 * events. It has no invoke and no after, so `createTestModel` can walk it; session.walk.ts says
 * how a user does each event and what each state shows, and its paths run in jsdom
 * (session.model.test.tsx) and in Chromium (tests/e2e/session-paths.test.ts). README, "Testing
 * from the models". Keep this file free of test-runner imports: the QA script loads it too.
 */

/** Whose email the visitor types on the login page. */
export type EmailKind = 'admin' | 'manager' | 'clientWithFlag' | 'clientWithoutFlag' | 'newEmail'
/** Where a new visitor's pool will be: a city we build in, or one we do not yet. */
export type CityKind = 'served' | 'unserved'
/** Whom the emailed code signs in: a login email, or the account onboarding creates. */
export type Account = EmailKind | 'servedCity' | 'unservedCity'

export type ModelEvent =
  | { type: 'OPEN_LOGIN' }
  | { type: 'SEND_LOGIN_CODE'; kind: EmailKind }
  /** An email whose codes for the last 15 minutes are used up: the server refuses another. */
  | { type: 'SEND_CODE_REFUSED' }
  | { type: 'ENTER_WRONG_CODE' }
  | { type: 'ENTER_RIGHT_CODE' }
  /** The right code with "Remember me" ticked: the session outlives the browser. */
  | { type: 'ENTER_RIGHT_CODE_AND_REMEMBER' }
  | { type: 'RESEND_CODE' }
  /** Resend once the email's codes are used up: refused, the code already sent still works. */
  | { type: 'RESEND_CODE_REFUSED' }
  /** "Use another email" on /verify: back to the start. */
  | { type: 'USE_ANOTHER_EMAIL' }
  | { type: 'FILL_ONBOARDING_AND_SEND'; city: CityKind }
  | { type: 'FILL_ONBOARDING_AND_CREATE'; city: CityKind }
  /** "Create account" while the network is down; then again once it is back. */
  | { type: 'CREATE_ACCOUNT_OFFLINE' }
  | { type: 'RETRY_CREATE_ACCOUNT' }
  | { type: 'MOVE_TO_SERVED_CITY' }
  | { type: 'MOVE_TO_SERVED_CITY_OFFLINE' }
  | { type: 'JOIN_WAITING_LIST' }
  | { type: 'JOIN_WAITING_LIST_OFFLINE' }
  | { type: 'LEAVE_WAITING_LIST' }
  | { type: 'LOG_OUT' }
  /** "Log out" while the network is down: this browser signs out all the same. */
  | { type: 'LOG_OUT_OFFLINE' }
  | { type: 'RELOAD' }
  /** The browser reopened an hour later: the access token expired, the refresh cookie lives. */
  | { type: 'REOPEN_LATER' }
  /** Reopened an hour later without "Remember me": the refresh cookie went with the browser. */
  | { type: 'REOPEN_LATER_WITHOUT_COOKIE' }
  /** The site's storage was cleared, its cookies kept; then the builder is opened again. */
  | { type: 'REOPEN_WITH_STORAGE_CLEARED' }
  /** The page stays open until the access token is due: it is refreshed on time. */
  | { type: 'WAIT_OUT_TOKEN' }
  /** The same, after the session was revoked on the server: the timed refresh is refused. */
  | { type: 'WAIT_OUT_REVOKED_TOKEN' }
  /** The access token expired unnoticed (a laptop asleep); then a quote is added to Excavation. */
  | { type: 'ADD_QUOTE_WITH_EXPIRED_TOKEN' }
  /** The session ended (token expired, no refresh cookie); then a quote is added to Excavation. */
  | { type: 'ADD_QUOTE_AFTER_SESSION_ENDED' }
  /** On /login after that: the same person signs in again, or someone else does. */
  | { type: 'SIGN_IN_AGAIN' }
  /** The same person signs in again, and the kept quote is sent while the network is down. */
  | { type: 'SIGN_IN_AGAIN_QUOTE_FAILS' }
  | { type: 'SIGN_IN_AS_SOMEONE_ELSE' }
  /** Another tab of this browser signs in the client with Flag. */
  | { type: 'OTHER_TAB_SIGNS_IN' }
  /** Another tab signs in another client, whose city is not served yet. */
  | { type: 'OTHER_TAB_SIGNS_IN_ANOTHER_CLIENT' }
  /** Another tab, signed in as the same person, refreshes the access token. */
  | { type: 'OTHER_TAB_REFRESHES' }
  | { type: 'OTHER_TAB_SIGNS_OUT' }
  /** On Excavation's page, the user looks at another tab and comes back. */
  | { type: 'RETURN_TO_STEP_PAGE' }
  /** Another tab signs in the project manager. */
  | { type: 'OTHER_TAB_SIGNS_IN_MANAGER' }
  /** A manager types the address of an admin section it may not use. */
  | { type: 'OPEN_ADMIN_SECTION_BY_ADDRESS' }
  /** A manager opens its project from the Projects table. */
  | { type: 'OPEN_PROJECT' }

export type ModelContext = {
  /** Whom the last code was for; forgotten on logout, so every logged-out screen is one state. */
  account: Account | null
}

const accountOfCity = (city: CityKind): Account =>
  city === 'served' ? 'servedCity' : 'unservedCity'

/** Where the right code leads depends only on whom it was sent for. */
const signIn = [
  { guard: 'isAdmin', target: '#model.admin' },
  { guard: 'isManager', target: '#model.projects' },
  { guard: 'hasFlag', target: '#model.builder' },
  { guard: 'hasNoAccount', target: '#model.needsAccount' },
  { target: '#model.comingSoon' },
] as const

const logOut = { target: '#model.loggedOut', actions: 'forget' } as const
const otherTabSignsIn = {
  target: '#model.builder',
  actions: { type: 'codeSentFor', params: { account: 'clientWithFlag' } },
} as const

export const sessionModel = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  actions: {
    codeSentFor: assign((_, params: { account: Account }) => ({ account: params.account })),
    forget: assign({ account: null }),
  },
  guards: {
    isAdmin: ({ context }) => context.account === 'admin',
    isManager: ({ context }) => context.account === 'manager',
    hasFlag: ({ context }) =>
      context.account === 'clientWithFlag' || context.account === 'servedCity',
    hasNoAccount: ({ context }) => context.account === 'newEmail',
    createsInServedCity: ({ event }) =>
      event.type === 'FILL_ONBOARDING_AND_CREATE' && event.city === 'served',
  },
}).createMachine({
  id: 'model',
  context: { account: null },
  // A first visit to `/` lands on onboarding.
  initial: 'onboarding',
  states: {
    onboarding: {
      on: {
        OPEN_LOGIN: 'login',
        FILL_ONBOARDING_AND_SEND: {
          target: 'verify',
          actions: {
            type: 'codeSentFor',
            params: ({ event }) => ({ account: accountOfCity(event.city) }),
          },
        },
      },
    },
    login: {
      on: {
        SEND_LOGIN_CODE: {
          target: 'verify',
          actions: { type: 'codeSentFor', params: ({ event }) => ({ account: event.kind }) },
        },
        SEND_CODE_REFUSED: 'loginRefused',
        OTHER_TAB_SIGNS_IN: otherTabSignsIn,
      },
    },
    /** /login saying the email's codes are used up for now; no code was sent. */
    loginRefused: {},
    /** /verify, saying where the code went. */
    verify: {
      on: {
        ENTER_WRONG_CODE: 'verifyWrongCode',
        ENTER_RIGHT_CODE: signIn,
        // Tried for every account; only a client with Flag is followed further.
        ENTER_RIGHT_CODE_AND_REMEMBER: { guard: 'hasFlag', target: 'builderRemembered' },
        RELOAD: 'verifyAfterReload',
        USE_ANOTHER_EMAIL: { target: 'login', actions: 'forget' },
        OTHER_TAB_SIGNS_IN: otherTabSignsIn,
      },
    },
    /** /verify with "That code is not right. 4 tries left." on the code field. */
    verifyWrongCode: { on: { ENTER_RIGHT_CODE: signIn } },
    /** /verify restored from storage: the same code still signs in, and can be resent. */
    verifyAfterReload: {
      on: {
        ENTER_RIGHT_CODE: signIn,
        RESEND_CODE: 'verifyCodeResent',
        RESEND_CODE_REFUSED: 'verifyResendRefused',
      },
    },
    /** /verify saying a new code is on its way. */
    verifyCodeResent: { on: { ENTER_RIGHT_CODE: signIn } },
    /** /verify saying no new code was sent; the first one still signs in. */
    verifyResendRefused: { on: { ENTER_RIGHT_CODE: signIn } },
    /**
     * /onboarding after verify proved an email with no account: the email is kept and the
     * reason shown, and "Create account" signs up with no second code.
     */
    needsAccount: {
      on: {
        FILL_ONBOARDING_AND_CREATE: [
          {
            guard: 'createsInServedCity',
            target: 'builder',
            actions: { type: 'codeSentFor', params: { account: 'servedCity' } },
          },
          {
            target: 'comingSoon',
            actions: { type: 'codeSentFor', params: { account: 'unservedCity' } },
          },
        ],
        CREATE_ACCOUNT_OFFLINE: 'needsAccountRefused',
      },
    },
    /** The same form, filled in for Austin, saying the account was not created. */
    needsAccountRefused: {
      on: {
        RETRY_CREATE_ACCOUNT: {
          target: 'builder',
          actions: { type: 'codeSentFor', params: { account: 'servedCity' } },
        },
      },
    },
    /** /coming-soon: a client whose city is not served yet. */
    comingSoon: {
      initial: 'notWaiting',
      states: {
        notWaiting: {
          on: {
            JOIN_WAITING_LIST: 'waiting',
            JOIN_WAITING_LIST_OFFLINE: 'notWaitingRefused',
            RELOAD: 'notWaiting',
          },
        },
        /** Still not on the list, saying why. */
        notWaitingRefused: { on: { JOIN_WAITING_LIST: 'waiting' } },
        waiting: { on: { LEAVE_WAITING_LIST: 'notWaiting', RELOAD: 'waiting' } },
        /** The city is unchanged, saying why. */
        cityRefused: {},
      },
      // The city was wrong: corrected to one we build in, the builder opens.
      on: {
        LOG_OUT: logOut,
        MOVE_TO_SERVED_CITY: 'builder',
        MOVE_TO_SERVED_CITY_OFFLINE: '.cityRefused',
      },
    },
    /** /builder/pool-design: a client whose city is served. */
    builder: {
      on: {
        LOG_OUT: logOut,
        LOG_OUT_OFFLINE: logOut,
        RELOAD: 'builder',
        REOPEN_LATER: 'builderConfirmed',
        REOPEN_LATER_WITHOUT_COOKIE: { target: 'signedOutEmpty', actions: 'forget' },
        // Without "Remember me" nothing says a refresh is worth trying.
        REOPEN_WITH_STORAGE_CLEARED: { target: 'signedOutEmpty', actions: 'forget' },
        WAIT_OUT_TOKEN: 'builderRefreshed',
        WAIT_OUT_REVOKED_TOKEN: { target: 'refreshRefused', actions: 'forget' },
        ADD_QUOTE_WITH_EXPIRED_TOKEN: 'quoteSavedSilently',
        ADD_QUOTE_AFTER_SESSION_ENDED: 'sessionEnded',
        OTHER_TAB_REFRESHES: 'builderSynced',
        RETURN_TO_STEP_PAGE: 'stepPageBack',
        OTHER_TAB_SIGNS_IN_ANOTHER_CLIENT: {
          target: 'comingSoon',
          actions: { type: 'codeSentFor', params: { account: 'clientWithoutFlag' } },
        },
        OTHER_TAB_SIGNS_OUT: logOut,
      },
    },
    /** The builder, signed in with "Remember me" (a lasting refresh cookie). */
    builderRemembered: {
      on: { LOG_OUT: logOut, REOPEN_WITH_STORAGE_CLEARED: 'builderResumed' },
    },
    /** The builder again, resumed by one refresh with nothing stored. */
    builderResumed: { on: { LOG_OUT: logOut } },
    /** Still the builder, after one timed refresh. */
    builderRefreshed: { on: { LOG_OUT: logOut } },
    /** Still the builder, holding the other tab's new token without a refresh of its own. */
    builderSynced: { on: { LOG_OUT: logOut } },
    /** Excavation's page after the tab came back: read afresh, with one refresh. */
    stepPageBack: {},
    /** /login after the timed refresh was refused, nothing stored. */
    refreshRefused: {},
    /** /login, the quote kept as a draft. */
    sessionEnded: {
      on: {
        SIGN_IN_AGAIN: 'draftSaved',
        SIGN_IN_AGAIN_QUOTE_FAILS: 'draftRefused',
        SIGN_IN_AS_SOMEONE_ELSE: {
          target: 'someoneElse',
          actions: { type: 'codeSentFor', params: { account: 'clientWithoutFlag' } },
        },
      },
    },
    /** Back on /builder/excavation with the quote saved, and a note saying so. */
    draftSaved: { on: { LOG_OUT: logOut } },
    /** Back on /builder/excavation without the quote, saying it was not saved. */
    draftRefused: { on: { LOG_OUT: logOut } },
    /** Another client's /coming-soon: the draft was not theirs, so it was dropped. */
    someoneElse: { on: { LOG_OUT: logOut } },
    /** The builder again, shown only after one refresh confirmed the stored session. */
    builderConfirmed: { on: { LOG_OUT: logOut } },
    /**
     * /login after the stored session could not be confirmed: nothing of the previous user is
     * left in storage.
     */
    signedOutEmpty: { on: { RELOAD: 'signedOutEmpty' } },
    /** /builder/excavation with the quote: the 401 led to one silent refresh and a retry. */
    quoteSavedSilently: { on: { LOG_OUT: logOut } },
    /** /admin/pricing. */
    admin: {
      on: {
        LOG_OUT: logOut,
        RELOAD: 'admin',
        // Issue 15: the admin tab follows into the client's builder.
        OTHER_TAB_SIGNS_IN: otherTabSignsIn,
        // An admin's page the manager may not see: the tab follows into the Projects.
        OTHER_TAB_SIGNS_IN_MANAGER: {
          target: 'projects',
          actions: { type: 'codeSentFor', params: { account: 'manager' } },
        },
      },
    },
    /** /admin/projects: a manager's one section, listing the project it manages. */
    projects: {
      on: {
        LOG_OUT: logOut,
        RELOAD: 'projects',
        OPEN_PROJECT: 'project',
        OPEN_ADMIN_SECTION_BY_ADDRESS: 'projects',
        OTHER_TAB_SIGNS_IN: otherTabSignsIn,
      },
    },
    /** /admin/projects/{clientId}: the owner's project, read-only, with "Enter a bid". */
    project: { on: { LOG_OUT: logOut } },
    /** Back on the sign-in page with nothing stored; a reload keeps it that way. */
    loggedOut: { on: { RELOAD: 'loggedOut' } },
  },
})

export type ModelSnapshot = SnapshotFrom<typeof sessionModel>

/** The payloads the model tries; events without one are tried as they are. */
export const MODEL_EVENTS: ModelEvent[] = [
  { type: 'SEND_LOGIN_CODE', kind: 'admin' },
  { type: 'SEND_LOGIN_CODE', kind: 'manager' },
  { type: 'SEND_LOGIN_CODE', kind: 'clientWithFlag' },
  { type: 'SEND_LOGIN_CODE', kind: 'clientWithoutFlag' },
  { type: 'SEND_LOGIN_CODE', kind: 'newEmail' },
  { type: 'FILL_ONBOARDING_AND_SEND', city: 'served' },
  { type: 'FILL_ONBOARDING_AND_SEND', city: 'unserved' },
  { type: 'FILL_ONBOARDING_AND_CREATE', city: 'served' },
  { type: 'FILL_ONBOARDING_AND_CREATE', city: 'unserved' },
]

/** The test model the tests, the Chromium run and the QA script walk. */
export const createSessionTestModel = () => keyedTestModel(sessionModel, MODEL_EVENTS)
