import { expect } from 'vitest'
import type { TestParam } from 'xstate/graph'
import { NETWORK_DETAIL } from '../../src/adapters/api/api-error'
import { messagesWalk } from './builder-messages.walk'
import { MAX_QUOTES, type BuilderEvent, type BuilderSnapshot } from './builder.model'
import type { CutCall, Driver } from './driver'

/** The manager the builder's client may ask for; each server lists one. */
export const MANAGER = 'Max Manager 1'
/** Excavation for the reference design (32 × 16 ft) on rocky soil. */
const ROCKY_ESTIMATE = '$13,012'
const vendor = (n: number) => `Vendor ${n}`
const PHOTO = 'rebar.jpg'
const LOG_NOTES = 'Rebar tied, chairs set.'

/**
 * How a client with Flag does each event of the builder model, and what each of its states
 * shows, through a driver: the same walk runs in jsdom and in Chromium. Event handlers read the
 * quote count from the model state they lead to.
 */
export function builderWalk(d: Driver): TestParam<BuilderSnapshot, BuilderEvent> {
  const typeQuote = async (n: number) => {
    await d.fill('Vendor', vendor(n))
    await d.fill('Amount', String(8_000 + n * 100))
    await d.click('button', 'Add quote')
  }
  const quoteCount = (n: number) =>
    d.expectText(
      n === MAX_QUOTES
        ? `${n} of ${MAX_QUOTES} quotes recorded — remove one to add another.`
        : `${n} of ${MAX_QUOTES} quotes recorded.`,
    )
  const excavation = async ({ quotes, accepted }: BuilderSnapshot['context']) => {
    await d.expectScreen('Excavation', '/builder/excavation')
    await quoteCount(quotes)
    for (let n = 1; n <= quotes; n += 1) await d.expectRole('article', vendor(n))
    await d.expectNoRole('article', vendor(quotes + 1))
    if (quotes > 0 && accepted) await d.expectNoRole('button', `Accept the quote from ${vendor(1)}`)
    if (quotes > 0 && !accepted) await d.expectRole('button', `Accept the quote from ${vendor(1)}`)
  }
  const markDone = () => d.click('button', 'Mark as done')
  /** `act`, with its `call` failing once as if the network were down. */
  const offline = (call: CutCall, act: () => Promise<void>) => async () => {
    await d.cutNext(call)
    await act()
  }
  /** `act`, with its `call` answered 401 once, as if the access token had just expired. */
  const asTokenExpires = (call: CutCall, act: () => Promise<void>) => async () => {
    await d.refuseTokenNext(call)
    await act()
  }
  const uploadPhoto = () => d.upload(PHOTO)
  const addLogEntry = async () => {
    await d.fill('Notes', LOG_NOTES)
    await d.click('button', 'Add log entry')
  }
  const signInAgain = async () => {
    const { email } = d.person('clientWithFlag')
    await d.fill('Email', email)
    await d.click('button', 'Send code')
    await d.expectScreen('Check your email', '/verify')
    await d.fill('Verification code', await d.codeFor(email))
    await d.click('button', 'Verify')
  }
  /** The entry heads the daily log (its Delete button), the notes field emptied. */
  const logged = async () => {
    await d.expectRole('button', /^Delete the log entry of /)
    await d.expectText(LOG_NOTES)
    expect(await d.valueOf('textbox', 'Notes')).toBe('')
  }
  const steel = async () => {
    await d.expectScreen('Steel', '/builder/steel')
    await d.expectRole('heading', 'Photos & documents')
    await d.expectRole('heading', 'Daily log')
  }
  const messages = messagesWalk(d)

  return {
    events: {
      ...messages.events,
      SAVE_INVALID_DESIGN: async () => {
        await d.fill('Length (ft)', '61')
        await d.click('button', 'Save design')
      },
      SAVE_DESIGN: async () => {
        await d.fill('Length (ft)', '32')
        await d.click('button', 'Save design')
      },
      OPEN_EXCAVATION: () => d.click('link', 'Excavation'),
      CHOOSE_ROCKY_SOIL: () => d.click('radio', /Rocky soil/),
      ADD_QUOTE: async ({ state }) => {
        if (state.matches({ excavation: 'full' })) {
          // The 6th: the button stays disabled, so the click a client tries does nothing.
          expect(await d.isDisabled('button', 'Add quote')).toBe(true)
          return
        }
        await typeQuote(state.context.quotes)
      },
      ADD_QUOTE_OFFLINE: async ({ state }) => {
        await d.cutNext('addQuote')
        await typeQuote(state.context.quotes + 1)
      },
      ACCEPT_QUOTE: () => d.click('button', `Accept the quote from ${vendor(1)}`),
      REMOVE_QUOTE: async ({ state }) => {
        await d.click('button', `Remove the quote from ${vendor(state.context.quotes + 1)}`)
        await d.click('button', 'Remove quote')
      },
      OPEN_STEEL: () => d.click('link', 'Steel'),
      MARK_DONE: markDone,
      MARK_DONE_DATES_OFFLINE: offline('timeline', markDone),
      MARK_DONE_AS_TOKEN_EXPIRES: asTokenExpires('timeline', markDone),
      MARK_NOT_DONE: () => d.click('button', 'Mark as not done'),
      ADD_LOG_ENTRY: addLogEntry,
      // The entry is typed before the page's clock goes on, so the page's own timed refresh
      // cannot end the session before it is sent (see the session walk's quote).
      ADD_LOG_ENTRY_AFTER_SESSION_ENDED: () =>
        d.expireAccessTokens(async () => {
          await d.revokeSession()
          await addLogEntry()
        }),
      SIGN_IN_AGAIN: signInAgain,
      SIGN_IN_AGAIN_LOG_FAILS: offline('addLogEntry', signInAgain),
      UPLOAD_PHOTO: uploadPhoto,
      UPLOAD_PHOTO_OFFLINE: offline('upload', uploadPhoto),
      DISMISS_UPLOAD: () => d.click('button', `Dismiss the message about ${PHOTO}`),
      SET_WARRANTY: async () => {
        await d.fill('Provider', 'Steel Co')
        await d.fill('Term (months)', '24')
        await d.click('button', 'Save warranty')
      },
      OPEN_AND_CLOSE_MENU: () =>
        d.onPhone(async () => {
          // Named for what it does: "Menu" while folded, "Close menu" while open.
          await d.click('button', /^(Menu|Close menu)$/)
          await d.click('button', /^(Menu|Close menu)$/)
        }),
      OPEN_PROJECT_BUILDER: () => d.click('link', 'Project builder'),
      REQUEST_BUILDER: () => d.click('button', 'Request a project builder'),
      OPEN_MANAGER: async () => {
        await d.click('link', 'Project managers')
        await d.click('link', `View ${MANAGER}'s profile`)
      },
      REQUEST_MANAGER: async () => {
        await d.fill('Message', 'We hope to dig in July.')
        await d.click('button', 'Request this manager')
      },
    },
    states: {
      ...messages.states,
      noDesign: async () => {
        await d.expectScreen('Pool Design', '/builder/pool-design')
        await d.expectText('Not saved yet')
        await d.expectNoRole('link', 'Overview')
      },
      designInvalid: async () => {
        await d.expectScreen('Pool Design', '/builder/pool-design')
        await d.expectText('Length must be at most 60 ft')
        await d.expectNoRole('link', 'Overview')
      },
      designSaved: async () => {
        await d.expectScreen('Pool Design', '/builder/pool-design')
        await d.expectRole('status', 'Design saved')
        await d.expectRole('link', 'Overview')
        await d.expectRole('navigation', 'Build steps')
      },
      'excavation.ready': async ({ context }) => excavation(context),
      'excavation.full': async ({ context }) => {
        await excavation(context)
        expect(await d.isDisabled('button', 'Add quote')).toBe(true)
      },
      'excavation.refused': async ({ context }) => {
        await excavation(context)
        await d.expectRole('alert', NETWORK_DETAIL)
      },
      'excavation.rocky': async ({ context }) => {
        await excavation(context)
        expect(await d.valueOf('radio', /Rocky soil/)).toBe('on')
        await d.expectText(ROCKY_ESTIMATE)
      },
      steel: async () => {
        await d.expectScreen('Steel', '/builder/steel')
        await d.expectText('Not done yet.')
        await d.expectRole('button', 'Mark as done')
      },
      steelDone: async () => {
        await d.expectScreen('Steel', '/builder/steel')
        await d.expectText(/^Done since /)
        await d.expectRole('button', 'Mark as not done')
        await d.expectRole('button', 'Save warranty')
      },
      steelLogged: async () => {
        await steel()
        await logged()
      },
      sessionEnded: async () => {
        await d.expectScreen('Sign in', '/login')
        expect(await d.search()).toEqual({ redirect: '/builder/steel' })
      },
      steelLogReplayed: async () => {
        await steel()
        await d.expectRole('status', 'Your change to Steel was saved after you signed in again.')
        await logged()
      },
      steelLogLost: async () => {
        await steel()
        await d.expectRole(
          'alert',
          `Your change to Steel was not saved after you signed in again: ${NETWORK_DETAIL}`,
        )
        await d.expectText('Nothing logged yet. A line a day is enough.')
      },
      steelPhotographed: async () => {
        await steel()
        // Stored: among the step's files, with its Delete, and no longer uploading.
        await d.expectRole('button', `Delete ${PHOTO}`)
        await d.expectNoRole('alert')
      },
      steelUploadRefused: async () => {
        await steel()
        await d.expectRole('alert', `${PHOTO} was not uploaded: ${NETWORK_DETAIL}`)
      },
      steelWarranty: async () => {
        await d.expectText('Steel Co')
        await d.expectRole('button', 'Update warranty')
      },
      projectBuilder: async () => {
        await d.expectScreen('Project builder', '/builder/project-builder')
        await d.expectRole('button', 'Request a project builder')
      },
      builderRequested: async () => {
        await d.expectText('Request sent')
        await d.expectNoRole('button', 'Request a project builder')
      },
      manager: async () => {
        await d.expectScreen(MANAGER, /^\/builder\/manager\//)
        await d.expectRole('button', 'Request this manager')
      },
      managerRequested: async () => {
        await d.expectText(/^Your request is open/)
        await d.expectNoRole('button', 'Request this manager')
      },
    },
  }
}
