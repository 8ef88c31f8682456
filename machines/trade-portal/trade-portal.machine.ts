/**
 * The trade portal's actor (PRODUCT.md §14, STYLE.md §13): a link and an emailed code make a
 * trade session, which reads the bid package and answers it. Its own small machine, never the
 * signed-in session's: it resumes a session from its cookie, and a link that no longer works
 * is a state of its own.
 */
import { assign, fromPromise, setup } from 'xstate'
import type { StoredFile } from '../../contract/documents'
import type { TradeLinkData, TradeView } from '../../contract/bids'
import { callFailure } from '../shared/call-failure'
import type {
  PortalCall,
  TradeAnswer,
  TradePortalContext,
  TradePortalEvent,
  TradePortalInput,
  TradePortalPorts,
} from './trade-portal.types'

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`)
}

const statusOf = (error: unknown): unknown => Reflect.get(Object(error), 'status')
const SORRY = 'Something went wrong. Please try again.'

export const tradePortalMachine = setup({
  types: {
    context: {} as TradePortalContext,
    events: {} as TradePortalEvent,
    input: {} as TradePortalInput,
  },
  actors: {
    link: fromPromise<TradeLinkData, { token: string }>(notProvided('link')),
    login: fromPromise<{ sentTo: string }, { token: string }>(notProvided('login')),
    verify: fromPromise<TradeView, { token: string; code: string }>(notProvided('verify')),
    view: fromPromise<TradeView>(notProvided('view')),
    answer: fromPromise<TradeView, TradeAnswer>(notProvided('answer')),
    upload: fromPromise<StoredFile, File>(notProvided('upload')),
    signOut: fromPromise<unknown>(notProvided('signOut')),
  },
  guards: {
    linkGone: ({ event }) => statusOf(Reflect.get(event, 'error')) === 410,
    sessionEnded: ({ event }) => statusOf(Reflect.get(event, 'error')) === 401,
  },
  actions: {
    fail: assign({
      failure: ({ event }, params: { call: PortalCall }) =>
        callFailure(params.call, Reflect.get(event, 'error'), SORRY),
    }),
    clearFailure: assign({ failure: null }),
    // Back to "Send me a code": signedOut takes no code, and the one sent before is used up.
    forgetSignIn: assign({ sentTo: null, view: null }),
    showView: assign({ view: (_, params: { view: TradeView }) => params.view }),
  },
}).createMachine({
  id: 'tradePortal',
  context: ({ input }) => ({
    token: input.token,
    link: null,
    sentTo: null,
    view: null,
    answer: null,
    proposal: null,
    failure: null,
  }),
  initial: 'opening',
  states: {
    // What the link is for, or that it no longer works, before anything else.
    opening: {
      tags: ['pending'],
      invoke: {
        src: 'link',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'resuming', actions: assign({ link: ({ event }) => event.output }) },
        onError: [
          { guard: 'linkGone', target: 'gone' },
          { target: 'unavailable', actions: { type: 'fail', params: { call: 'link' } } },
        ],
      },
    },
    unavailable: {
      on: { 'portal.retried': { target: 'opening', actions: 'clearFailure' } },
    },
    // A session cookie from earlier (a reload) is tried first: without one, sign in.
    resuming: {
      tags: ['pending'],
      invoke: {
        src: 'view',
        onDone: {
          target: 'signedIn',
          actions: { type: 'showView', params: ({ event }) => ({ view: event.output }) },
        },
        onError: [{ guard: 'linkGone', target: 'gone' }, { target: 'signedOut' }],
      },
    },
    signedOut: {
      on: { 'auth.codeRequested': { target: 'sendingCode', actions: 'clearFailure' } },
    },
    sendingCode: {
      tags: ['pending'],
      invoke: {
        src: 'login',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'codeSent',
          actions: assign({ sentTo: ({ event }) => event.output.sentTo }),
        },
        onError: [
          { guard: 'linkGone', target: 'gone' },
          { target: 'signedOut', actions: { type: 'fail', params: { call: 'login' } } },
        ],
      },
    },
    codeSent: {
      on: {
        'auth.codeRequested': { target: 'sendingCode', actions: 'clearFailure' },
        'auth.codeSubmitted': { target: 'verifying', actions: 'clearFailure' },
      },
    },
    verifying: {
      tags: ['pending'],
      invoke: {
        src: 'verify',
        input: ({ context, event }) => ({
          token: context.token,
          code: event.type === 'auth.codeSubmitted' ? event.code : '',
        }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'showView', params: ({ event }) => ({ view: event.output }) },
        },
        onError: [
          { guard: 'linkGone', target: 'gone' },
          { target: 'codeSent', actions: { type: 'fail', params: { call: 'verify' } } },
        ],
      },
    },
    signedIn: {
      initial: 'idle',
      on: { 'trade.signedOut': '.signingOut' },
      states: {
        idle: {
          on: {
            'trade.answered': {
              target: 'answering',
              actions: ['clearFailure', assign({ answer: ({ event }) => event.answer })],
            },
            'trade.proposalChosen': { target: 'uploading', actions: 'clearFailure' },
          },
        },
        answering: {
          tags: ['busy'],
          invoke: {
            src: 'answer',
            input: ({ context }) => {
              if (!context.answer) throw new Error('an answer was sent without one')
              return context.answer
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'showView', params: ({ event }) => ({ view: event.output }) },
                assign({ proposal: null }),
              ],
            },
            onError: [
              { guard: 'linkGone', target: '#tradePortal.gone' },
              {
                guard: 'sessionEnded',
                target: '#tradePortal.signedOut',
                actions: ['forgetSignIn', { type: 'fail', params: { call: 'login' } }],
              },
              {
                target: 'idle',
                actions: {
                  type: 'fail',
                  params: ({ context }) => ({ call: context.answer?.kind ?? 'bid' }),
                },
              },
            ],
          },
        },
        uploading: {
          tags: ['busy'],
          invoke: {
            src: 'upload',
            input: ({ event }) => {
              if (event.type !== 'trade.proposalChosen') throw new Error('an upload without a file')
              return event.file
            },
            onDone: { target: 'idle', actions: assign({ proposal: ({ event }) => event.output }) },
            onError: [
              { guard: 'linkGone', target: '#tradePortal.gone' },
              {
                guard: 'sessionEnded',
                target: '#tradePortal.signedOut',
                actions: ['forgetSignIn', { type: 'fail', params: { call: 'login' } }],
              },
              { target: 'idle', actions: { type: 'fail', params: { call: 'upload' } } },
            ],
          },
        },
        signingOut: {
          tags: ['busy'],
          invoke: {
            src: 'signOut',
            onDone: { target: '#tradePortal.signedOut', actions: 'forgetSignIn' },
            onError: { target: '#tradePortal.signedOut', actions: 'forgetSignIn' },
          },
        },
      },
    },
    gone: { type: 'final' },
  },
})

/** The machine with its effects: the app's trade calls, or a test's fakes. */
export const portalWithPorts = (ports: TradePortalPorts) =>
  tradePortalMachine.provide({
    actors: {
      link: fromPromise(({ input }) => ports.link(input.token)),
      login: fromPromise(({ input }) => ports.login(input.token)),
      verify: fromPromise(({ input }) => ports.verify(input.token, input.code)),
      view: fromPromise(() => ports.view()),
      answer: fromPromise(({ input }) => ports.answer(input)),
      upload: fromPromise(({ input }) => ports.upload(input)),
      signOut: fromPromise(() => ports.signOut()),
    },
  })
