import { beforeAll, describe, expect, it } from 'vitest'
import { MAX_CENTS } from '../../contract/pricing'
import { accounts } from './support/accounts'
import { axeViolations, describeViolations } from './support/axe'
import { DESKTOP, PHONE, type WatchedPage } from './support/browser'
import { useE2e } from './support/e2e'
import { horizontalOverflow, undersizedTargets } from './support/layout-checks'
import { cast, PROJECT, screens, show, type Screen, type Story, type Viewer } from './support/tour'

// Every route at both widths, over the sample data and a realistic project (the same ones
// `npm run screenshots` shows), then every route again with words that cannot wrap.
const e2e = useE2e({ env: { SAMPLE_DATA: 'true', LOGIN_LIMIT_PER_EMAIL: '100' } })
const { asAdmin } = accounts(e2e)

const WIDTHS = [
  ['1280×800', DESKTOP],
  ['390×844', PHONE],
] as const

/**
 * One unbreakable word of `length` letters. Notes, messages, bios, tips and log entries take
 * 300; captions 200; names, companies, vendors, providers and file names at most 100 and cities
 * 80, so those get the longest word they take.
 */
const word = (length: number) =>
  'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(8).slice(0, length)

/** A client whose name, city, address, vendors, note and message are single long words. */
const LONG: Story = {
  client: {
    city: word(80),
    state: 'TX',
    name: word(100),
    email: 'long.words@example.com',
    address: word(200),
  },
  waiting: {
    city: `${word(79)}x`,
    state: 'ID',
    name: `${word(99)}x`,
    email: 'long.wait@example.com',
    address: word(200),
  },
  quotes: [
    { step: 'Steel', vendor: word(100), amount: '9,999,999', note: word(300) },
    { step: 'Steel', vendor: `${word(99)}x`, amount: '9,999,998.99', note: word(300) },
  ],
  accepted: word(100),
  startDate: '2026-11-02',
  manager: word(100),
  message: word(300),
  evidence: {
    files: [
      { name: `${word(100)}.jpg`, kind: 'Photo', caption: word(200) },
      { name: `${word(99)}x.jpg`, kind: 'Photo', caption: `${word(199)}x` },
      { name: `${word(100)}.pdf`, kind: 'Lien waiver', caption: '' },
    ],
    log: word(300),
    warrantyProvider: word(100),
    lienWaiver: `${word(98)}xx.pdf`,
  },
}

async function adminCall(method: string, url: string, body?: unknown) {
  const response = await asAdmin(method, url, body)
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { Data: unknown }).Data
}

type AdminData = {
  Stages: { title: string; designTip: { id: string } }[]
  Clients: { id: string; email: string }[]
}

/** What only the back office can write: a served long-named city, a long manager, engineer,
 * design tip and perk, so the admin's tables carry long words too. */
async function seedLongWords() {
  await adminCall('POST', 'cities/create', { name: LONG.client.city, state: 'TX', permitFee: 1 })
  const person = { company: word(100), phone: '+1 512 555 0100' }
  await adminCall('POST', 'managers/create', {
    ...person,
    name: LONG.manager,
    email: 'long.manager@example.com',
    bio: word(300),
    yearsExperience: 80,
    fee: MAX_CENTS,
  })
  await adminCall('POST', 'engineers/create', {
    ...person,
    name: word(100),
    email: 'long.engineer@example.com',
    licenseNo: word(40),
    fee: MAX_CENTS,
  })
  const data = (await adminCall('GET', 'fetch')) as AdminData
  const excavation = data.Stages.find((stage) => stage.title === 'Excavation')
  if (!excavation) throw new Error('no Excavation stage')
  await adminCall('PUT', `tips/edit/${excavation.designTip.id}`, { text: word(300) })
}

async function givePerk(email: string) {
  const data = (await adminCall('GET', 'fetch')) as AdminData
  const client = data.Clients.find((c) => c.email === email)
  if (!client) throw new Error(`no client ${email}`)
  await adminCall('PUT', `client/edit/${client.id}`, { perk: word(200) })
}

let project: { viewers: Record<Viewer, WatchedPage>; managerId: string }

beforeAll(async () => {
  project = await cast(e2e.server, e2e.browser).everyone(PROJECT)
}, 300_000)

/** Shows the screen; a failure names the route, the width and what is wrong where. */
async function visit(viewer: WatchedPage, screen: Screen, viewport: typeof DESKTOP, id: string) {
  const { page, problems } = viewer
  problems.length = 0
  await page.setViewportSize(viewport)
  await show(page, screen, id)
  const where = `${page.url().replace(e2e.server.url, '')} at ${viewport.width}×${viewport.height}`
  return { page, problems, where }
}

describe.each(WIDTHS)('every route at %s', (_, viewport) => {
  it.each(screens(PROJECT).map((screen) => [screen.name, screen] as const))(
    '%s: fits the screen, axe-clean, targets at least 24×24 px or spaced',
    async (_name, screen) => {
      const { page, problems, where } = await visit(
        project.viewers[screen.viewer],
        screen,
        viewport,
        project.managerId,
      )
      const overflow = await horizontalOverflow(page)
      expect.soft(overflow, `${where}: wider than the screen: ${overflow.join('; ')}`).toEqual([])
      const violations = await axeViolations(page)
      expect.soft(violations, `${where}: axe\n${describeViolations(violations)}`).toEqual([])
      const small = await undersizedTargets(page)
      expect
        .soft(small, `${where}: targets under 24×24 px (WCAG 2.5.8): ${small.join('; ')}`)
        .toEqual([])
      expect.soft(problems, `${where}: console errors`).toEqual([])
    },
  )
})

/**
 * Names PRODUCT.md §6 and §12 give QA's tests, found the way such a test finds them by default:
 * Playwright takes every element whose name contains the text (any case), and refuses to act
 * when two do. Each must find the one element meant, or none where the count says 0.
 */
type NameQuery = readonly [
  by: 'label' | 'link' | 'button' | 'heading',
  name: string,
  count?: number,
]
const QA_NAMES: Record<string, readonly NameQuery[]> = {
  'builder-overview': [
    ['heading', 'Overview'],
    ['link', 'Budget'],
    ['link', 'Documents'],
    ['button', 'View budget'],
  ],
  'builder-timeline': [
    ['heading', 'Timeline'],
    ['link', 'Timeline'],
    ['label', 'Project start date'],
    ['button', 'Re-plan'],
    ['button', 'Subscribe in your calendar'],
  ],
  'builder-budget': [
    ['heading', 'Budget'],
    ['link', 'Budget'],
    // The fields are the payment dialog's; the chart's name must not answer for them.
    ['label', 'Amount', 0],
    ['button', 'View budget', 0],
  ],
  'builder-documents': [
    ['heading', 'Documents'],
    ['link', 'Documents'],
    ['label', 'Kind'],
    ['label', 'Add files'],
    ['button', 'View budget'],
  ],
  'builder-trades': [
    ['heading', 'Trades'],
    ['link', 'Trades'],
    ['button', 'Add trade'],
  ],
  'builder-excavation': [
    ['link', 'Timeline'],
    ['link', 'Budget'],
    ['label', 'Vendor'],
    ['label', 'Amount'],
    ['label', 'Kind'],
    ['label', 'Add files'],
    ['label', 'Date'],
    ['button', 'View budget'],
  ],
  // Its accepted quote is Austin Steel Co's.
  'builder-steel': [['heading', 'Steel']],
  'builder-project-builder': [['heading', 'Project builder']],
}

describe('the names QA drives', () => {
  it.each(Object.entries(QA_NAMES))('%s: each finds what it names', async (name, queries) => {
    const screen = screens(PROJECT).find((s) => s.name === name)
    if (!screen) throw new Error(`no screen ${name}`)
    const { page, where } = await visit(
      project.viewers[screen.viewer],
      screen,
      DESKTOP,
      project.managerId,
    )
    const found: Record<string, number> = {}
    const expected: Record<string, number> = {}
    for (const [by, text, count = 1] of queries) {
      const key = `${by} "${text}"`
      const locator = by === 'label' ? page.getByLabel(text) : page.getByRole(by, { name: text })
      found[key] = await locator.count()
      expected[key] = count
    }
    expect(found, where).toEqual(expected)
  })
})

// After the realistic project, so that its screens above show none of this.
describe('with words too long for any line', () => {
  let longViewers: Record<Viewer, WatchedPage>
  let longManagerId = ''

  beforeAll(async () => {
    await seedLongWords()
    const people = cast(e2e.server, e2e.browser)
    const client = await people.client(LONG)
    await givePerk(LONG.client.email)
    longManagerId = client.managerId
    longViewers = { ...project.viewers, client, waiting: await people.waiting(LONG) }
  }, 300_000)

  describe.each(WIDTHS)('at %s', (_, viewport) => {
    it.each(screens(LONG).map((screen) => [screen.name, screen] as const))(
      '%s: still fits the screen',
      async (_name, screen) => {
        const { page, where } = await visit(
          longViewers[screen.viewer],
          screen,
          viewport,
          longManagerId,
        )
        const overflow = await horizontalOverflow(page)
        expect(overflow, `${where}: wider than the screen: ${overflow.join('; ')}`).toEqual([])
      },
    )
  })
})

describe('the layout checks', () => {
  const at = (left: number, top = 100, size = 16) =>
    `position:absolute;top:${top}px;left:${left}px;width:${size}px;height:${size}px;padding:0`

  it('flags a target under 24×24 px only when another target or its circle is too close', async () => {
    const { page } = await e2e.openPage()
    await page.setContent(`
      <button style="${at(10)}">a</button><button style="${at(30)}">b</button>
      <button style="${at(200)}">c</button>
      <button style="${at(300, 100, 40)}">d</button><button style="${at(342)}">e</button>
      <p style="position:absolute;top:0;left:0;margin:0;font:16px/20px sans-serif">
        Read the <a href="#terms">terms</a> first.</p>
      <button style="${at(80, 20)}">f</button>
      <a href="#alone" style="position:absolute;top:200px;font-size:10px">alone</a>`)
    expect(await undersizedTargets(page)).toEqual([
      'button "a" is 16×16 px and too close to button "b"',
      'button "b" is 16×16 px and too close to button "a"',
      'button "e" is 16×16 px and too close to button "d"',
      'button "f" is 16×16 px and too close to a "terms"',
    ])
  })

  it('names what sticks out past the right edge, not what scrolls or is clipped inside a box', async () => {
    const { page } = await e2e.openPage({ viewport: PHONE })
    await page.setContent(`
      <div style="overflow-x:auto"><div style="width:900px">scrolls</div></div>
      <div style="overflow-x:auto"><span style="position:absolute;left:700px">escapes</span></div>
      <p style="margin:0">${word(300)}</p>`)
    const [line, ...more] = await horizontalOverflow(page)
    expect(more).toEqual([])
    expect(line).toMatch(/^page is \d+ px wide in a 390 px window: /)
    expect(line).toContain('span "escapes" reaches')
    expect(line).toContain(`text of p "${word(40)}…" reaches`)
    expect(line).not.toContain('scrolls')
  })
})
