import { expect } from 'vitest'
import type { TestParam } from 'xstate/graph'
import { NETWORK_DETAIL } from '../../src/adapters/api-error'
import type { AdminEvent, AdminSnapshot } from './admin.model'
import type { Driver } from './driver'

/** The city the admin serves, and the one another admin adds meanwhile. */
export const CITY = { name: 'Austin', state: 'TX', stateName: 'Texas' }
export const OTHER_CITY = { name: 'Reno', state: 'NV' }
/** The client whose builder request each server holds. */
export const REQUESTER = 'Bo Park'
const POLL_INTERVAL = 5 * 60_000
const STALE = /^The latest data could not be loaded/

/**
 * How an admin does each event of the admin model, and what each of its states shows, through
 * a driver: the same walk runs in jsdom and in Chromium.
 */
export function adminWalk(d: Driver): TestParam<AdminSnapshot, AdminEvent> {
  const row = `${CITY.name}, ${CITY.state}`
  const addCity = async () => {
    await d.click('button', 'Add city')
    await d.fill('City', CITY.name)
    await d.select('State', CITY.stateName)
    await d.fill('Permit fee ($)', '450')
    await d.click('button', 'Add city')
  }
  const cities = () => d.expectScreen('Cities', '/admin/city')
  const status = (label: string) => d.select(`Status of the request from ${REQUESTER}`, label)
  const requests = async (label: string) => {
    await d.expectScreen('Builder requests', '/admin/builder-requests')
    expect(await d.valueOf('combobox', `Status of the request from ${REQUESTER}`)).toBe(label)
  }

  return {
    events: {
      OPEN_CITIES: () => d.click('link', 'Cities'),
      ADD_CITY: addCity,
      ADD_SAME_CITY: addCity,
      CANCEL_DIALOG: () => d.click('button', 'Cancel'),
      EDIT_CITY: async () => {
        await d.click('button', `Edit ${row}`)
        await d.fill('Permit fee ($)', '500')
        await d.click('button', 'Save changes')
      },
      DELETE_CITY: async () => {
        await d.click('button', `Delete ${row}`)
        await d.click('button', 'Delete city')
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
      REFRESH: () => d.click('button', 'Refresh'),
      OPEN_AND_CLOSE_MENU: () =>
        d.onPhone(async () => {
          await d.click('button', 'Menu')
          await d.click('button', 'Menu')
        }),
      OPEN_BUILDER_REQUESTS: () => d.click('link', 'Builder requests'),
      MARK_CONTACTED: () => status('Contacted'),
      MARK_CLOSED: () => status('Closed'),
    },
    states: {
      pricing: async () => {
        await d.expectScreen('Pricing', '/admin/pricing')
        await d.expectRole('navigation', 'Admin sections')
      },
      noCity: async () => {
        await cities()
        await d.expectNoRole('button', `Edit ${row}`)
        await d.expectNoRole('alert')
      },
      oneCity: async () => {
        await cities()
        await d.expectRole('button', `Edit ${row}`)
        await d.expectText('$450')
        await d.expectNoRole('alert')
        await d.expectNoRole('dialog')
      },
      cityRefused: async () => {
        await cities()
        await d.expectRole('dialog', 'Add city')
        await d.expectRole('alert', `We already serve ${row}.`)
      },
      cityEdited: async () => {
        await cities()
        await d.expectText('$500')
        await d.expectNoRole('dialog')
      },
      otherCityShown: async () => {
        await cities()
        await d.expectRole('button', `Edit ${OTHER_CITY.name}, ${OTHER_CITY.state}`)
      },
      pollFailed: async () => {
        await cities()
        await d.expectRole('alert', STALE)
        await d.expectText(NETWORK_DETAIL)
      },
      requestOpen: () => requests('open'),
      requestContacted: () => requests('contacted'),
      requestClosed: () => requests('closed'),
    },
  }
}
