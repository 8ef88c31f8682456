import { assign, setup, type SnapshotFrom, type StateValue } from 'xstate'
import { createTestModel, type StatePath } from 'xstate/graph'

/**
 * A pure model of what a visitor sees of the session (STYLE.md pattern 7): screens as states,
 * user actions as events. It has no invoke and no after, so `createTestModel` can walk it; the
 * paths it generates are run against the real app in session.model.test.tsx, and printed for QA
 * by `npm run test:paths`. Keep this file free of test-runner imports: the script loads it too.
 */

/** Whose email the visitor types on the login page. */
export type EmailKind = 'admin' | 'clientWithFlag' | 'clientWithoutFlag' | 'newEmail'
/** Where a new visitor's pool will be: a city we build in, or one we do not yet. */
export type CityKind = 'served' | 'unserved'
/** Whom the emailed code signs in: a login email, or the account onboarding creates. */
export type Account = EmailKind | 'servedCity' | 'unservedCity'

export type ModelEvent =
  | { type: 'OPEN_LOGIN' }
  | { type: 'SEND_LOGIN_CODE'; kind: EmailKind }
  | { type: 'ENTER_WRONG_CODE' }
  | { type: 'ENTER_RIGHT_CODE' }
  | { type: 'RESEND_CODE' }
  | { type: 'FILL_ONBOARDING_AND_SEND'; city: CityKind }
  | { type: 'FILL_ONBOARDING_AND_CREATE'; city: CityKind }
  | { type: 'MOVE_TO_SERVED_CITY' }
  | { type: 'JOIN_WAITING_LIST' }
  | { type: 'LEAVE_WAITING_LIST' }
  | { type: 'LOG_OUT' }
  | { type: 'RELOAD' }
  /** The browser reopened an hour later: the access token expired, the refresh cookie lives. */
  | { type: 'REOPEN_LATER' }
  /** Reopened an hour later without "Remember me": the refresh cookie went with the browser. */
  | { type: 'REOPEN_LATER_WITHOUT_COOKIE' }
  /** The access token expired unnoticed (a laptop asleep); then a quote is added to Excavation. */
  | { type: 'ADD_QUOTE_WITH_EXPIRED_TOKEN' }
  /** The session ended (token expired, no refresh cookie); then a quote is added to Excavation. */
  | { type: 'ADD_QUOTE_AFTER_SESSION_ENDED' }
  /** On /login after that: the same person signs in again, or someone else does. */
  | { type: 'SIGN_IN_AGAIN' }
  | { type: 'SIGN_IN_AS_SOMEONE_ELSE' }

export type ModelContext = {
  /** Whom the last code was for; forgotten on logout, so every logged-out screen is one state. */
  account: Account | null
}

const accountOfCity = (city: CityKind): Account =>
  city === 'served' ? 'servedCity' : 'unservedCity'

/** Where the right code leads depends only on whom it was sent for. */
const signIn = [
  { guard: 'isAdmin', target: '#model.admin' },
  { guard: 'hasFlag', target: '#model.builder' },
  { guard: 'hasNoAccount', target: '#model.needsAccount' },
  { target: '#model.comingSoon' },
] as const

const logOut = { target: '#model.loggedOut', actions: 'forget' } as const

export const sessionModel = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  actions: {
    codeSentFor: assign((_, params: { account: Account }) => ({ account: params.account })),
    forget: assign({ account: null }),
  },
  guards: {
    isAdmin: ({ context }) => context.account === 'admin',
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
      },
    },
    /** /verify, saying where the code went. */
    verify: {
      on: {
        ENTER_WRONG_CODE: 'verifyWrongCode',
        ENTER_RIGHT_CODE: signIn,
        RELOAD: 'verifyAfterReload',
      },
    },
    /** /verify with "That code is not right. 4 tries left." on the code field. */
    verifyWrongCode: { on: { ENTER_RIGHT_CODE: signIn } },
    /** /verify restored from storage: the same code still signs in, and can be resent. */
    verifyAfterReload: { on: { ENTER_RIGHT_CODE: signIn, RESEND_CODE: 'verifyCodeResent' } },
    /** /verify saying a new code is on its way. */
    verifyCodeResent: { on: { ENTER_RIGHT_CODE: signIn } },
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
      },
    },
    /** /coming-soon: a client whose city is not served yet. */
    comingSoon: {
      initial: 'notWaiting',
      states: {
        notWaiting: { on: { JOIN_WAITING_LIST: 'waiting', RELOAD: 'notWaiting' } },
        waiting: { on: { LEAVE_WAITING_LIST: 'notWaiting', RELOAD: 'waiting' } },
      },
      // The city was wrong: corrected to one we build in, the builder opens.
      on: { LOG_OUT: logOut, MOVE_TO_SERVED_CITY: 'builder' },
    },
    /** /builder/pool-design: a client whose city is served. */
    builder: {
      on: {
        LOG_OUT: logOut,
        RELOAD: 'builder',
        REOPEN_LATER: 'builderConfirmed',
        REOPEN_LATER_WITHOUT_COOKIE: { target: 'signedOutEmpty', actions: 'forget' },
        ADD_QUOTE_WITH_EXPIRED_TOKEN: 'quoteSavedSilently',
        ADD_QUOTE_AFTER_SESSION_ENDED: 'sessionEnded',
      },
    },
    /** /login, the quote kept as a draft. */
    sessionEnded: {
      on: {
        SIGN_IN_AGAIN: 'draftSaved',
        SIGN_IN_AS_SOMEONE_ELSE: {
          target: 'someoneElse',
          actions: { type: 'codeSentFor', params: { account: 'clientWithoutFlag' } },
        },
      },
    },
    /** Back on /builder/excavation with the quote saved, and a note saying so. */
    draftSaved: { on: { LOG_OUT: logOut } },
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
    admin: { on: { LOG_OUT: logOut, RELOAD: 'admin' } },
    /** Back on the sign-in page with nothing stored; a reload keeps it that way. */
    loggedOut: { on: { RELOAD: 'loggedOut' } },
  },
})

export type ModelSnapshot = SnapshotFrom<typeof sessionModel>

/** The payloads the model tries; events without one are tried as they are. */
export const MODEL_EVENTS: ModelEvent[] = [
  { type: 'SEND_LOGIN_CODE', kind: 'admin' },
  { type: 'SEND_LOGIN_CODE', kind: 'clientWithFlag' },
  { type: 'SEND_LOGIN_CODE', kind: 'clientWithoutFlag' },
  { type: 'SEND_LOGIN_CODE', kind: 'newEmail' },
  { type: 'FILL_ONBOARDING_AND_SEND', city: 'served' },
  { type: 'FILL_ONBOARDING_AND_SEND', city: 'unserved' },
  { type: 'FILL_ONBOARDING_AND_CREATE', city: 'served' },
  { type: 'FILL_ONBOARDING_AND_CREATE', city: 'unserved' },
]

/**
 * The code screen behaves the same whoever the code is for, so its own actions are tried for
 * one login and one onboarding only; trying them for all six accounts would double the paths
 * and find nothing new.
 */
const TRIED_ON_VERIFY_FOR: Partial<Record<ModelEvent['type'], readonly Account[]>> = {
  ENTER_WRONG_CODE: ['admin', 'unservedCity'],
  RELOAD: ['clientWithFlag', 'servedCity'],
}

export function worthTrying(snapshot: ModelSnapshot, event: ModelEvent): boolean {
  const accounts = TRIED_ON_VERIFY_FOR[event.type]
  if (!accounts || !snapshot.matches('verify')) return true
  return snapshot.context.account !== null && accounts.includes(snapshot.context.account)
}

/** The test model both the test and the QA script walk. */
export const createSessionTestModel = () =>
  createTestModel(sessionModel, { events: MODEL_EVENTS, filterEvents: worthTrying })

type ModelPath = StatePath<ModelSnapshot, ModelEvent>

/** `comingSoon.waiting` for `{ comingSoon: 'waiting' }`. */
const stateLabel = (value: StateValue): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value)
        .map(([key, child]) => (child ? `${key}.${stateLabel(child)}` : key))
        .join(',')

const eventLabel = (event: ModelEvent) => {
  const { type, ...payload } = event
  const values = Object.values(payload)
  return values.length ? `${type}(${values.join(', ')})` : type
}

/** One path as QA reads it: `onboarding → OPEN_LOGIN → login → … → admin`. */
export function formatPath(path: ModelPath): string {
  const [first, ...rest] = path.steps
  const parts = first ? [stateLabel(first.state.value)] : []
  for (const step of rest) parts.push(eventLabel(step.event), stateLabel(step.state.value))
  return parts.join(' → ')
}
