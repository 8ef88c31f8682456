// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import Papa from 'papaparse'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_SCHEDULE, STEP_SLUGS, type ScheduleRow } from '../../../contract'
import { stepTitle } from '../../../contract/scheduling'
import type { AdminCall, AdminCallResult } from '../../../machines/admin/admin.machine'
import { ScheduleSection } from '../../../src/features/admin/schedule-section'
import { blobText, captureDownloads, refusal, renderSection, startAdmin } from './harness'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const SCHEDULE: ScheduleRow[] = STEP_SLUGS.map((step) => ({
  step,
  title: stepTitle(step),
  ...DEFAULT_SCHEDULE[step],
}))

/** The server's answer to an edit: the row with the new numbers. */
async function answer(call: AdminCall): Promise<AdminCallResult> {
  if (call.name !== 'editSchedule') throw new Error(`unexpected ${call.name}`)
  const row = SCHEDULE.find((r) => r.step === call.step)
  if (!row) throw refusal(404, 'No such step')
  return { name: 'editSchedule', data: { ...row, ...call.body } }
}

async function open(adminCall = answer) {
  const admin = await startAdmin({ Schedule: SCHEDULE }, adminCall)
  const view = renderSection(<ScheduleSection actor={admin.actor} />)
  return { ...admin, ...view }
}

describe('the Schedule section', () => {
  it('lists the 13 steps with their duration and wait', async () => {
    await open()
    const table = screen.getByRole('table', { name: 'Durations and waits by step' })
    expect(within(table).getAllByRole('row')).toHaveLength(14)
    expect(screen.getByRole('textbox', { name: 'Duration for Shotcrete' })).toHaveProperty(
      'value',
      '1',
    )
    expect(screen.getByRole('textbox', { name: 'Wait for Shotcrete' })).toHaveProperty('value', '7')
  })

  it('saves a row through editSchedule and keeps the answer', async () => {
    const { user, call, actor } = await open()
    const duration = screen.getByRole('textbox', { name: 'Duration for Tile & Coping' })
    await user.clear(duration)
    await user.type(duration, '9')
    await user.click(screen.getByRole('button', { name: 'Save Tile & Coping' }))
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith({
        name: 'editSchedule',
        step: 'tile',
        body: { durationDays: 9, waitDays: 0 },
      }),
    )
    await screen.findByText('Saved')
    expect(actor.getSnapshot().context.Schedule.find((r) => r.step === 'tile')?.durationDays).toBe(
      9,
    )
  })

  it('says what is wrong by the field and sends nothing', async () => {
    const { user, call } = await open()
    const duration = screen.getByRole('textbox', { name: 'Duration for Steel' })
    const wait = screen.getByRole('textbox', { name: 'Wait for Steel' })
    await user.clear(duration)
    await user.type(duration, '121')
    await user.clear(wait)
    await user.type(wait, '2.5')
    await user.click(screen.getByRole('button', { name: 'Save Steel' }))
    expect(duration.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('A duration is a whole number of days from 0 to 120.')).toBeTruthy()
    expect(screen.getByText('A wait is a whole number of days from 0 to 60.')).toBeTruthy()
    expect(call).not.toHaveBeenCalled()
  })

  it('shows the server’s refusal by the field it names', async () => {
    const refuse = async () => {
      throw refusal(400, 'Check the fields', { waitDays: ['Too long a wait'] })
    }
    const { user } = await open(refuse)
    await user.click(screen.getByRole('button', { name: 'Save Steel' }))
    await screen.findByText('Too long a wait')
    expect(
      screen.getByRole('textbox', { name: 'Wait for Steel' }).getAttribute('aria-invalid'),
    ).toBe('true')
  })
})

describe('the Schedule list', () => {
  /** The step of each row, top to bottom. */
  const steps = () =>
    within(screen.getByRole('table', { name: 'Durations and waits by step' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent)

  it('sorts by any column, either way, in step order at first', async () => {
    const { user } = await open()
    expect(steps()).toEqual(SCHEDULE.map((row) => row.title))
    await user.click(screen.getByRole('button', { name: /^Duration/ }))
    expect(steps().slice(0, 2)).toEqual(['Electrical', 'Shotcrete'])
    await user.click(screen.getByRole('button', { name: /^Duration/ }))
    expect(steps().slice(0, 2)).toEqual(['Permits', 'Engineering'])
    expect(screen.getByRole('columnheader', { name: /^Duration/ }).getAttribute('aria-sort')).toBe(
      'descending',
    )
    await user.click(screen.getByRole('button', { name: /^Wait/ }))
    expect(steps().at(-1)).toBe('Shotcrete')
  })

  it('finds steps by what they are called, and keeps what is typed in a row it hides', async () => {
    const { user } = await open()
    await user.type(screen.getByRole('textbox', { name: 'Duration for Tile & Coping' }), '0')
    await user.type(screen.getByRole('searchbox', { name: /^Search/ }), 'ing')
    expect(steps()).toEqual(['Engineering', 'Plumbing', 'Tile & Coping', 'Decking'])
    await user.clear(screen.getByRole('searchbox', { name: /^Search/ }))
    expect(screen.getByRole('textbox', { name: 'Duration for Tile & Coping' })).toHaveProperty(
      'value',
      '40',
    )
  })

  it('exports what it shows as CSV, the saved numbers as numbers', async () => {
    const files = captureDownloads()
    const { user } = await open()
    await user.type(screen.getByRole('searchbox', { name: /^Search/ }), 's')
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    const [file] = files
    if (!file) throw new Error('no file was downloaded')
    expect(file.name).toBe('schedule.csv')
    const { data } = Papa.parse<string[]>(await blobText(file.blob), { skipEmptyLines: true })
    const shown = SCHEDULE.filter((row) => row.title.toLowerCase().includes('s'))
    expect(data).toEqual([
      ['Step', 'Duration (working days)', 'Wait (calendar days)'],
      ...shown.map((row) => [row.title, String(row.durationDays), String(row.waitDays)]),
    ])
  })
})
