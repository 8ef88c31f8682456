import { expect } from 'vitest'
import type { TestParam } from 'xstate/graph'
import { STAGE_SLUGS, STEPS } from '../../contract/steps'
import { NETWORK_DETAIL } from '../../src/adapters/api/api-error'
import type { AdminEvent, AdminList, AdminSnapshot, RequestKind } from './admin.model'
import type { Driver } from './driver'

/** The city the admin serves, and the one another admin adds meanwhile. */
export const CITY = { name: 'Austin', state: 'TX', stateName: 'Texas' }
export const OTHER_CITY = { name: 'Reno', state: 'NV' }
/** The client whose builder and manager requests each server holds. */
export const REQUESTER = 'Bo Park'
/** The two clients each server holds: the one the walk edits, and the one whose email it takes. */
export const CLIENT = { name: 'Fran Diaz', email: 'fran@example.com' }
export const OTHER_CLIENT = { email: 'bo@example.com' }
const POLL_INTERVAL = 5 * 60_000
const STALE = /^The latest data could not be loaded/
const EMAIL_TAKEN = 'An account already uses this email.'
const FIRST_STAGE = STEPS.find((step) => step.route === STAGE_SLUGS[0])?.title ?? STAGE_SLUGS[0]

type Fields = Record<string, string>

/** How the walk works one list: its section, its item, and what each save types and shows. */
type ListWalk = {
  link: string
  path: string
  /** What one item is called in the dialogs ("Delete city"). */
  noun: string
  /** How the walk's item is named in its row's buttons ("Edit Austin, TX"). */
  row: string
  /** The Add dialog's fields; none where items are not added here. */
  added?: Fields
  /** What the row shows of the item as added or held. */
  shown?: string
  edit: Fields
  /** What the row shows after the edit. */
  edited: string
  /** The refused save: after the walk's `prepare`, the fields of the dialog `dialog` opens. */
  refused: { dialog: 'add' | 'edit'; fields: Fields; cutNetwork: boolean; says: string }
}

const LISTS: Record<AdminList, ListWalk> = {
  cities: {
    link: 'Cities',
    path: '/admin/city',
    noun: 'city',
    row: `${CITY.name}, ${CITY.state}`,
    added: { City: CITY.name, State: CITY.stateName, 'Permit fee ($)': '450' },
    shown: '$450',
    edit: { 'Permit fee ($)': '500' },
    edited: '$500',
    refused: {
      dialog: 'add',
      fields: { City: CITY.name, State: CITY.stateName, 'Permit fee ($)': '450' },
      cutNetwork: false,
      says: `We already serve ${CITY.name}, ${CITY.state}.`,
    },
  },
  engineers: {
    link: 'Engineers',
    path: '/admin/engineers',
    noun: 'engineer',
    row: 'Eve Stone',
    added: {
      Name: 'Eve Stone',
      Company: 'Structa',
      Email: 'eve@structa.test',
      Phone: '512 555 0110',
      'License number': 'PE-1234',
      'Fee ($)': '1200',
    },
    shown: '$1,200',
    edit: { 'Fee ($)': '1500' },
    edited: '$1,500',
    refused: {
      dialog: 'edit',
      fields: { 'Fee ($)': '900' },
      cutNetwork: true,
      says: NETWORK_DETAIL,
    },
  },
  managers: {
    link: 'Managers',
    path: '/admin/managers',
    noun: 'manager',
    row: 'Max Reyes',
    added: {
      Name: 'Max Reyes',
      Company: 'Reyes Builds',
      Email: 'max@reyes.test',
      Phone: '512 555 0120',
      'Years of experience': '12',
      'Fee ($)': '2000',
      Bio: 'Twenty pools a year.',
    },
    shown: '$2,000',
    edit: { 'Fee ($)': '2500' },
    edited: '$2,500',
    refused: {
      dialog: 'edit',
      fields: { 'Fee ($)': '900' },
      cutNetwork: true,
      says: NETWORK_DETAIL,
    },
  },
  admins: {
    link: 'Admins',
    path: '/admin/admins',
    noun: 'admin',
    row: 'Lee Admin',
    added: { Name: 'Lee Admin', Email: 'lee@poolpath.test' },
    shown: 'lee@poolpath.test',
    edit: { Email: 'lee.adams@poolpath.test' },
    edited: 'lee.adams@poolpath.test',
    refused: {
      dialog: 'add',
      fields: { Name: 'Lee Again', Email: 'lee@poolpath.test' },
      cutNetwork: false,
      says: EMAIL_TAKEN,
    },
  },
  clients: {
    link: 'Clients',
    path: '/admin/clients',
    noun: 'client',
    row: CLIENT.name,
    shown: CLIENT.email,
    edit: { Email: 'fran.diaz@example.com' },
    edited: 'fran.diaz@example.com',
    refused: {
      dialog: 'edit',
      fields: { Email: OTHER_CLIENT.email },
      cutNetwork: false,
      says: EMAIL_TAKEN,
    },
  },
  tips: {
    link: 'Design tips',
    path: '/admin/designing-tips',
    noun: 'tip',
    row: `tip for ${FIRST_STAGE}`,
    edit: { Tip: 'Dig after the rains.' },
    edited: 'Dig after the rains.',
    refused: {
      dialog: 'edit',
      fields: { Tip: 'Never saved.' },
      cutNetwork: true,
      says: NETWORK_DETAIL,
    },
  },
}

const REQUESTS: Record<RequestKind, { link: string; path: string }> = {
  builder: { link: 'Builder requests', path: '/admin/builder-requests' },
  manager: { link: 'Manager requests', path: '/admin/manager-requests' },
}

/** xstate/graph types the event a walk is handed by its type alone; the model's payload is there. */
const payload = <K extends AdminEvent['type']>(event: { type: K }) =>
  event as Extract<AdminEvent, { type: K }>

/**
 * How an admin does each event of the admin model, and what each of its states shows, through
 * a driver: the same walk runs in jsdom and in Chromium.
 */
export function adminWalk(d: Driver): TestParam<AdminSnapshot, AdminEvent> {
  const of = (state: AdminSnapshot) => LISTS[state.context.list]
  /** Fills the open dialog (a State is chosen, every other field typed) and submits it. */
  const submit = async (fields: Fields, label: string) => {
    for (const [name, value] of Object.entries(fields)) {
      await (name === 'State' ? d.select(name, value) : d.fill(name, value))
    }
    await d.click('button', label)
  }
  const openDialog = async (list: ListWalk, dialog: 'add' | 'edit') =>
    d.click('button', dialog === 'add' ? `Add ${list.noun}` : `Edit ${list.row}`)
  const save = async (list: ListWalk, dialog: 'add' | 'edit', fields: Fields) => {
    await openDialog(list, dialog)
    await submit(fields, dialog === 'add' ? `Add ${list.noun}` : 'Save changes')
  }
  const section = (list: ListWalk) => d.expectScreen(list.link, list.path)
  const settled = async (list: ListWalk) => {
    await section(list)
    await d.expectNoRole('alert')
    await d.expectNoRole('dialog')
  }
  // Seed §4: the back office is kept in IndexedDB under `admin`, written when the browser is
  // next idle; looked at again by hand, as expect.poll needs a test of its own.
  const stagesOnDevice = async () => {
    const admin = (await d.stored()).admin as { Stages?: { title: string }[] } | null
    return admin?.Stages?.map((stage) => stage.title) ?? []
  }
  const expectKeptOnDevice = async () => {
    const deadline = Date.now() + 5_000
    let stages = await stagesOnDevice()
    while (!stages.includes(FIRST_STAGE) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      stages = await stagesOnDevice()
    }
    expect(stages).toContain(FIRST_STAGE)
  }
  const requests = async (state: AdminSnapshot, label: string) => {
    const { link, path } = REQUESTS[state.context.kind]
    await d.expectScreen(link, path)
    expect(await d.valueOf('combobox', `Status of the request from ${REQUESTER}`)).toBe(label)
  }
  const status = (label: string) => d.select(`Status of the request from ${REQUESTER}`, label)

  return {
    events: {
      OPEN_LIST: ({ event }) => d.click('link', LISTS[payload(event).list].link),
      ADD: async ({ state }) => {
        const list = of(state)
        if (!list.added) throw new Error(`no item is added to ${state.context.list}`)
        await save(list, 'add', list.added)
      },
      SAVE_REFUSED: async ({ state }) => {
        const list = of(state)
        if (list.refused.cutNetwork) await d.cutNext('adminWrite')
        await save(list, list.refused.dialog, list.refused.fields)
      },
      CANCEL_DIALOG: () => d.click('button', 'Cancel'),
      EDIT: ({ state }) => save(of(state), 'edit', of(state).edit),
      DELETE: async ({ state }) => {
        const list = of(state)
        await d.click('button', `Delete ${list.row}`)
        await d.click('button', `Delete ${list.noun}`)
      },
      OTHER_ADMIN_ADDS_CITY_THEN_POLL: async () => {
        await d.otherAdminServes(OTHER_CITY.name, OTHER_CITY.state)
        await d.wait(POLL_INTERVAL)
      },
      OTHER_ADMIN_ADDS_CITY_THEN_REFRESH: async () => {
        await d.otherAdminServes(OTHER_CITY.name, OTHER_CITY.state)
        await d.click('button', 'Refresh')
      },
      POLL_OFFLINE: async () => {
        await d.cutNext('adminFetch')
        await d.wait(POLL_INTERVAL)
      },
      POLL_MISFIT: async () => {
        await d.misfitNextAdminFetch()
        await d.wait(POLL_INTERVAL)
      },
      REFRESH: () => d.click('button', 'Refresh'),
      OPEN_AND_CLOSE_MENU: () =>
        d.onPhone(async () => {
          // Named for what it does: "Menu" while folded, "Close menu" while open.
          await d.click('button', /^(Menu|Close menu)$/)
          await d.click('button', /^(Menu|Close menu)$/)
        }),
      OPEN_REQUESTS: ({ event }) => d.click('link', REQUESTS[payload(event).kind].link),
      MARK_CONTACTED: () => status('Contacted'),
      MARK_CLOSED: () => status('Closed'),
      STATUS_REFUSED: async () => {
        await d.cutNext('adminWrite')
        await status('Contacted')
      },
      DISMISS: () => d.click('button', 'Dismiss'),
    },
    states: {
      pricing: async () => {
        await d.expectScreen('Pricing', '/admin/pricing')
        await d.expectRole('navigation', 'Admin sections')
        await expectKeptOnDevice()
      },
      'list.none': async (state) => {
        const list = of(state)
        await settled(list)
        await d.expectNoRole('button', `Edit ${list.row}`)
      },
      'list.one': async (state) => {
        const list = of(state)
        await settled(list)
        await d.expectRole('button', `Edit ${list.row}`)
        if (list.shown) await d.expectText(list.shown)
      },
      'list.refused': async (state) => {
        const list = of(state)
        await section(list)
        await d.expectRole(
          'dialog',
          list.refused.dialog === 'add' ? `Add ${list.noun}` : `Edit ${list.row}`,
        )
        await d.expectRole('alert', list.refused.says)
      },
      'list.edited': async (state) => {
        const list = of(state)
        await settled(list)
        await d.expectText(list.edited)
      },
      'list.otherCityShown': async () => {
        await section(LISTS.cities)
        await d.expectRole('button', `Edit ${OTHER_CITY.name}, ${OTHER_CITY.state}`)
      },
      'list.pollMisfit': async () => {
        await section(LISTS.cities)
        await d.expectRole('alert', STALE)
        await d.expectText(/a row of BuilderRequests does not fit/)
      },
      'list.pollFailed': async () => {
        await section(LISTS.cities)
        await d.expectRole('alert', STALE)
        await d.expectText(NETWORK_DETAIL)
      },
      'requests.open': async (state) => {
        await requests(state, 'open')
        await d.expectNoRole('alert')
      },
      'requests.refused': async (state) => {
        await requests(state, 'open')
        await d.expectRole('alert', NETWORK_DETAIL)
      },
      'requests.contacted': (state) => requests(state, 'contacted'),
      'requests.closed': (state) => requests(state, 'closed'),
    },
  }
}
