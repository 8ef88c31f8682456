// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ClientCall, ClientCallResult } from '../../../machines/client/client.machine'
import { designEntry, emptyPoolData, renderBuilder } from './harness'
import { createFakeTimelineApi } from './timeline-fake'
import { REFERENCE_POOL } from '../../../contract/estimator'

afterEach(cleanup)

beforeAll(() => {
  // What index.html gives the real page.
  document.documentElement.lang = 'en'
  document.title = 'PoolPath'
})

const MEASUREMENTS = [
  'Length (ft)',
  'Width (ft)',
  'Shallow depth (ft)',
  'Deep depth (ft)',
  'Deck width (ft)',
]

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label)
const shape = () => screen.getByLabelText<HTMLSelectElement>('Shape')
const drawing = () => screen.getByRole('img', { name: /^Plan view/ })
const saveButton = () =>
  screen.getByRole<HTMLButtonElement>('button', { name: /Save design|Saving/ })
/** The shape, then each measurement in the form's order. */
const formValues = () => [shape().value, ...MEASUREMENTS.map((label) => input(label).value)]
/** The message shown for a field: the element its input says describes its error. */
const errorOf = (label: string) => {
  const ids = input(label).getAttribute('aria-describedby')?.split(' ') ?? []
  const error = ids.find((id) => id.endsWith('-error'))
  return error ? document.getElementById(error)?.textContent : undefined
}
const quantity = (term: string) => screen.getByText(term).nextElementSibling?.textContent

async function retype(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.clear(input(label))
  await user.type(input(label), text)
}

describe('pool design', () => {
  it('prefills the form from the saved design', async () => {
    const saved = { ...REFERENCE_POOL, shape: 'kidney', lengthFt: 40.5, deckWidthFt: 0 }
    await renderBuilder('/builder/pool-design', {
      poolData: emptyPoolData({ nonStages: [designEntry(saved)] }),
    })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pool Design')
    expect(formValues()).toEqual(['kidney', '40.5', '16', '3.5', '6', '0'])
    expect(drawing().getAttribute('aria-label')).toContain('40.5 by 16 ft kidney')
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('starts a first visit from the reference pool, not saved yet', async () => {
    await renderBuilder('/builder/pool-design')
    expect(formValues()).toEqual(['rectangle', '32', '16', '3.5', '6', '4'])
    expect(screen.getByRole('status').textContent).toContain('Not saved yet')
  })

  it('shows the quantities of the reference design', async () => {
    await renderBuilder('/builder/pool-design')
    expect(quantity('Area')).toBe('512 ft²')
    expect(quantity('Perimeter')).toBe('96 ft')
    expect(quantity('Surface (floor and walls)')).toBe('968 ft²')
    expect(quantity('Dig volume')).toBe('130.3 yd³')
    expect(quantity('Shell volume')).toBe('26.9 yd³')
    expect(quantity('Deck area')).toBe('448 ft²')
    expect(quantity('Water')).toBe('18,191 gal')
    expect(quantity('Average depth')).toBe('4.75 ft')
  })

  it('redraws as the design is typed, keeping the last valid drawing meanwhile', async () => {
    const { user } = await renderBuilder('/builder/pool-design', {
      poolData: emptyPoolData({ nonStages: [designEntry()] }),
    })
    const lengthLabel = () => drawing().querySelector('[data-dimension="length"] text')?.textContent
    const outlineWidth = () =>
      Number(drawing().querySelector('.pool-outline')?.getAttribute('width'))
    const before = outlineWidth()

    await user.clear(input('Length (ft)'))
    await user.type(input('Length (ft)'), '4')
    // 4 ft is too short to be a design: the drawing stays at 32 ft until the input makes sense.
    expect(lengthLabel()).toBe('32 ft')
    expect(screen.queryByText(/Showing your last valid design/)).not.toBeNull()
    await user.type(input('Length (ft)'), '8')
    expect(lengthLabel()).toBe('48 ft')
    expect(screen.queryByText(/Showing your last valid design/)).toBeNull()
    expect(outlineWidth()).toBe(before * 1.5)
    expect(drawing().getAttribute('aria-label')).toContain('48 by 16 ft rectangle with a 4 ft deck')
    expect(quantity('Area')).toBe('768 ft²')
    expect(screen.getByRole('status').textContent).toBe(
      'Unsaved changes — the estimates use your saved design',
    )

    await user.selectOptions(shape(), 'Oval')
    expect(drawing().getAttribute('aria-label')).toContain('48 by 16 ft oval')
    expect(drawing().querySelector('ellipse.pool-outline')).not.toBeNull()
  })

  it('shows what is wrong next to each field and sends nothing', async () => {
    const { user, calls } = await renderBuilder('/builder/pool-design')
    await retype(user, 'Length (ft)', '61')
    await retype(user, 'Deep depth (ft)', '3')
    await user.click(saveButton())
    expect(errorOf('Length (ft)')).toBe('Length must be at most 60 ft')
    expect(errorOf('Deep depth (ft)')).toBe('Deep depth must be at least the shallow depth')
    expect(errorOf('Width (ft)')).toBeUndefined()
    expect(document.activeElement).toBe(input('Length (ft)'))
    expect(calls).not.toHaveBeenCalled()

    // Editing a field clears its message; the other stays until the next check.
    await retype(user, 'Length (ft)', '60')
    expect(errorOf('Length (ft)')).toBeUndefined()
    expect(errorOf('Deep depth (ft)')).toBe('Deep depth must be at least the shallow depth')
  })

  it('saves exactly the choices and says so', async () => {
    const { user, calls, idle } = await renderBuilder('/builder/pool-design')
    await retype(user, 'Width (ft)', '18.5')
    await user.selectOptions(shape(), 'Freeform')
    await user.click(saveButton())
    await idle()
    expect(calls).toHaveBeenCalledTimes(1)
    expect(calls.mock.calls[0]?.[0]).toEqual({
      name: 'editPool',
      body: {
        Title: 'Pool Design',
        choices: { ...REFERENCE_POOL, shape: 'freeform', widthFt: 18.5 },
      },
    })
    expect((await screen.findByRole('status')).textContent).toBe('Design saved')

    await retype(user, 'Deck width (ft)', '6')
    expect(screen.getByRole('status').textContent).toBe(
      'Unsaved changes — the estimates use your saved design',
    )
  })

  it("shows the server's refusal, its field message next to Length", async () => {
    const detail = 'The pool design is not valid.'
    const clientCall = vi.fn(async (): Promise<ClientCallResult> => {
      throw Object.assign(new Error(detail), {
        status: 400,
        code: 'VALIDATION_FAILED',
        detail,
        fieldErrors: { 'choices.lengthFt': ['Length must be at most 60 ft'] },
      })
    })
    const { user, idle } = await renderBuilder('/builder/pool-design', { clientCall })
    await user.click(saveButton())
    await idle()
    expect((await screen.findByRole('alert')).textContent).toBe(detail)
    expect(errorOf('Length (ft)')).toBe('Length must be at most 60 ft')
    expect(screen.getByRole('status').textContent).not.toBe('Design saved')
  })

  it('disables Save design while the save is in flight', async () => {
    let answer: (result: ClientCallResult) => void = () => {}
    const timeline = createFakeTimelineApi()
    // The save waits for the test; the page's timeline is answered at once.
    const clientCall = vi.fn((call: ClientCall) =>
      call.name === 'editPool'
        ? new Promise<ClientCallResult>((resolve) => {
            answer = resolve
          })
        : timeline.handle(call),
    )
    const { user, idle } = await renderBuilder('/builder/pool-design', { clientCall })
    await idle()
    await user.click(saveButton())
    expect(saveButton().disabled).toBe(true)
    expect(saveButton().textContent).toBe('Saving…')
    answer({ name: 'editPool', data: designEntry() })
    await idle()
    expect(saveButton().disabled).toBe(false)
    expect(screen.getByRole('status').textContent).toBe('Design saved')
  })

  it('has one h1, sections with h2, and no axe violations', async () => {
    const { user } = await renderBuilder('/builder/pool-design')
    await user.click(saveButton())
    await retype(user, 'Length (ft)', '70')
    await user.click(saveButton())
    const main = screen.getByRole('main')
    expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1)
    const sections = within(main)
      .getAllByRole('region')
      .map((r) => r.getAttribute('aria-labelledby'))
    const titles = sections.map((id) => (id ? document.getElementById(id)?.textContent : null))
    expect(titles).toEqual([
      'Your design',
      'To scale',
      'Quantities',
      'Schedule',
      'Quotes',
      'Progress',
      'Photos & documents',
      'Daily log',
    ])
    const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations.map((v) => v.id)).toEqual([])
  })
})
