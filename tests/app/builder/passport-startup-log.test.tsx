// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import type { ClientCall } from '../../../machines/client/client.machine'
import { designEntry, emptyPoolData, renderBuilder } from './harness'
import type { PassportSeed } from './passport-fake'

afterEach(cleanup)
document.documentElement.lang = 'en'
document.title = 'PoolPath'

async function logOn(path: string, seed: PassportSeed = {}) {
  const app = await renderBuilder(path, {
    poolData: emptyPoolData({ nonStages: [designEntry()] }),
    passport: seed,
  })
  await screen.findByLabelText('pH, day 1')
  await app.idle()
  return app
}

const log = () => within(screen.getByRole('region', { name: 'Start-up readings' }))
const row = (day: number) => screen.getByRole('row', { name: new RegExp(`^Day ${day} `) })

/** A control's accessible description: the texts its aria-describedby names. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ')

const sent = (calls: { mock: { calls: [ClientCall][] } }) =>
  calls.mock.calls.map(([call]) => call).filter((call) => call.name === 'setStartupDay')

describe('the start-up log', () => {
  it('has a row per day, each reading named by day, the targets in the header', async () => {
    await logOn('/builder/passport')
    const headers = log()
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
    expect(headers).toEqual([
      'Day',
      'pHTarget 7.4–7.6',
      'Free chlorineTarget 1–3 ppm',
      'AlkalinityTarget 80–120 ppm',
      'CalciumTarget 200–400 ppm',
      'CYATarget 30–50 ppm',
      'Brushed',
      'Note',
      'Save',
    ])
    expect(log().getAllByRole('row')).toHaveLength(29)
    for (const name of ['pH', 'Free chlorine', 'Alkalinity', 'Calcium', 'CYA', 'Note'])
      expect(screen.getByRole('textbox', { name: `${name}, day 28` })).toBeTruthy()
    expect(screen.getByRole('checkbox', { name: 'Brushed, day 28' })).toBeTruthy()
    // Before the pool-startup step starts, no day has a date.
    expect(within(row(1)).getByText('—')).toBeTruthy()
  })

  it('dates each day from the pool-startup step’s start', async () => {
    await logOn('/builder/passport', { startupStart: '2030-05-30' })
    expect(within(row(1)).getByText('May 30')).toBeTruthy()
    expect(within(row(3)).getByText('Jun 1')).toBeTruthy()
    expect(within(row(28)).getByText('Jun 26')).toBeTruthy()
  })

  it('marks a reading out of its target range, in colour and in words', async () => {
    const { user } = await logOn('/builder/passport', { days: { 2: { freeChlorine: 6 } } })
    const saved = screen.getByRole('textbox', { name: 'Free chlorine, day 2' })
    expect(description(saved)).toBe('Out of range')
    expect(saved.classList.contains('startup-off')).toBe(true)
    const ph = screen.getByRole('textbox', { name: 'pH, day 3' })
    await user.type(ph, '7.5')
    expect(description(ph)).toBe('')
    await user.clear(ph)
    await user.type(ph, '8.2')
    expect(description(ph)).toBe('Out of range')
    expect(within(row(3)).getByText('Out of range')).toBeTruthy()
  })

  it('saves a day’s row with its Save button, and says what to fix first', async () => {
    const { user, passportCalls } = await logOn('/builder/passport', {
      startupStart: '2030-05-30',
    })
    const save = screen.getByRole('button', { name: 'Save day 3' })
    expect(save).toHaveProperty('disabled', true)
    const ph = screen.getByRole('textbox', { name: 'pH, day 3' })
    await user.type(ph, '12')
    await user.click(screen.getByRole('checkbox', { name: 'Brushed, day 3' }))
    await user.type(screen.getByRole('textbox', { name: 'Note, day 3' }), 'Cloudy ')
    await user.click(save)
    expect(description(ph)).toBe('Enter pH from 6 to 9')
    expect(sent(passportCalls)).toEqual([])
    await user.clear(ph)
    await user.type(ph, '7.8')
    await user.type(screen.getByRole('textbox', { name: 'Calcium, day 3' }), '250')
    await user.click(save)
    await waitFor(() =>
      expect(sent(passportCalls)).toEqual([
        {
          name: 'setStartupDay',
          day: '3',
          body: {
            ph: 7.8,
            freeChlorine: null,
            alkalinity: null,
            calcium: 250,
            cya: null,
            brushed: true,
            note: 'Cloudy',
          },
        },
      ]),
    )
    await waitFor(() => expect(save).toHaveProperty('disabled', true))
    expect(ph).toHaveProperty('value', '7.8')
  })

  it('is the same table on the Pool Startup page', async () => {
    await logOn('/builder/pool-startup', { days: { 1: { ph: 7.5, brushed: true } } })
    expect(screen.getByRole('heading', { level: 2, name: 'Start-up log' })).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'pH, day 1' })).toHaveProperty('value', '7.5')
    expect(screen.getByRole('checkbox', { name: 'Brushed, day 1' })).toHaveProperty('checked', true)
    const result = await axe.run(screen.getByRole('region', { name: 'Start-up readings' }), {
      rules: { 'color-contrast': { enabled: false } },
    })
    expect(result.violations.map((v) => v.id)).toEqual([])
  })
})
