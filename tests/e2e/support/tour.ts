import type { Browser, Page } from 'playwright-core'
import { ADMIN_SECTIONS } from '../../../src/features/admin/section-titles'
import { ALL_BUILDER_PAGES } from '../../../src/features/builder/builder-pages'
import { pdf, sitePhoto } from '../../support/sample-files'
import { accounts, type ClientDetails } from './accounts'
import { openPage, type WatchedPage } from './browser'
import type { RunningServer } from './server'
import { openStep, saveFirstDesign } from './pages'

/**
 * Every screen of the app and the people who see them, shared by `npm run screenshots` and the
 * every-route test: the same routes, signed in the same way, over the same kind of project.
 */

/** Who looks at a screen: each is one signed-in browser context, reused for all their screens. */
export type Viewer = 'visitor' | 'verifying' | 'waiting' | 'client' | 'admin'

export type Screen = {
  /** Stable, file-name safe: `builder-overview` becomes `builder-overview-phone.png`. */
  name: string
  viewer: Viewer
  /** `$id` stands for the id the viewer's data gives it (see `show`). */
  path: string
  /** The level-1 heading that says the screen is there. */
  heading: string | RegExp
  /** What to do once it is there, e.g. open a dialog. */
  open?: (page: Page) => Promise<void>
}

/**
 * What the client keeps on the step of the accepted quote: photos and documents (uploaded one
 * by one, each with its caption), a daily log entry with the first photo, the step's warranty,
 * and a lien waiver uploaded from its deposit on the Budget.
 */
export type Evidence = {
  files: { name: string; kind: string; caption: string; tint?: string }[]
  log: string
  warrantyProvider: string
  lienWaiver: string
}

/** What a client has done in the builder, and who waits for their city. */
export type Story = {
  client: ClientDetails
  waiting: ClientDetails
  quotes: { step: string; vendor: string; amount: string; note?: string }[]
  /** Its quote is accepted and its step marked done. */
  accepted: string
  /** The project start date the client sets on the Timeline (YYYY-MM-DD). */
  startDate: string
  /** The manager the client asks for, by name. */
  manager: string
  message: string
  evidence: Evidence
}

/** A homeowner in Austin a few weeks into their build, and a neighbour-to-be in Boise. */
export const PROJECT: Story = {
  client: {
    city: 'Austin',
    state: 'TX',
    name: 'Jordan Rivera',
    email: 'jordan.rivera@example.com',
    phone: '+1 512 555 0142',
    address: '4810 Lakeview Dr',
  },
  waiting: {
    city: 'Boise',
    state: 'ID',
    name: 'Sam Okafor',
    email: 'sam.okafor@example.com',
    phone: '+1 208 555 0118',
    address: '77 Warm Springs Ave',
  },
  quotes: [
    {
      step: 'Excavation',
      vendor: 'Lone Star Excavating',
      amount: '7,950',
      note: 'Haul-off of the spoils included',
    },
    { step: 'Excavation', vendor: 'Capital Dirt Works', amount: '8,600' },
    { step: 'Steel', vendor: 'Hill Country Rebar', amount: '6,400' },
    { step: 'Steel', vendor: 'Austin Steel Co', amount: '5,980', note: '#4 rebar, 12 in. grid' },
    { step: 'Plumbing', vendor: 'Clearwater Plumbing', amount: '9,200' },
  ],
  accepted: 'Austin Steel Co',
  startDate: '2026-11-02',
  manager: 'Rosa Jimenez',
  message: 'We hope to start digging in March. Are you free to walk the site?',
  evidence: {
    files: [
      { name: 'IMG_2041.jpg', kind: 'Photo', caption: 'Rebar cage, north wall', tint: '#5b4636' },
      { name: 'IMG_2044.jpg', kind: 'Photo', caption: 'Steps and bench', tint: '#3f3f46' },
      {
        name: 'IMG_2050.jpg',
        kind: 'Photo',
        caption: 'Bond wire at the light niche',
        tint: '#b45309',
      },
      { name: 'steel-inspection.pdf', kind: 'Inspection', caption: 'Steel sign-off' },
    ],
    log: 'Rebar tied on a 12 in. grid; the bond wire runs to the equipment pad. Ready for the pre-gunite inspection.',
    warrantyProvider: 'Austin Steel Co',
    lienWaiver: 'austin-steel-deposit-waiver.pdf',
  },
}

const title = (route: string) => ALL_BUILDER_PAGES.find((p) => p.route === route)?.title ?? route
/** A page's h1, where it says more than its link. */
const heading = (route: string) => (route === 'passport' ? 'Pool passport' : title(route))

/** Every route of the app, with a dialog or two, as the people of `story` see them. */
export function screens(story: Story): Screen[] {
  return [
    { name: 'login', viewer: 'visitor', path: '/login', heading: 'Sign in' },
    {
      name: 'onboarding',
      viewer: 'visitor',
      path: '/onboarding',
      heading: 'Tell us about your pool',
    },
    { name: 'not-found', viewer: 'visitor', path: '/no-such-page', heading: 'Page not found' },
    { name: 'verify', viewer: 'verifying', path: '/verify', heading: 'Check your email' },
    { name: 'coming-soon', viewer: 'waiting', path: '/coming-soon', heading: /^Coming soon/ },
    {
      name: 'coming-soon-visitor',
      viewer: 'visitor',
      path: '/coming-soon',
      heading: 'Coming soon to more cities',
    },
    ...ALL_BUILDER_PAGES.map((page) => ({
      name: `builder-${page.route}`,
      viewer: 'client' as const,
      path: `/builder/${page.route}`,
      heading: heading(page.route),
    })),
    {
      name: `builder-${stepRoute(story)}-viewer`,
      viewer: 'client',
      path: `/builder/${stepRoute(story)}`,
      heading: stepOf(story),
      open: (page) => openViewer(page, `${stepOf(story)} files`),
    },
    {
      name: 'builder-documents-viewer',
      viewer: 'client',
      path: '/builder/documents',
      heading: 'Documents',
      open: (page) => openViewer(page, 'Files'),
    },
    {
      name: 'builder-budget-lien-waiver-dialog',
      viewer: 'client',
      path: '/builder/budget',
      heading: 'Budget',
      open: async (page) => {
        await drawOf(page, stepOf(story), 'Balance')
          .getByRole('button', { name: 'Attach unconditional waiver' })
          .click()
        await page
          .getByRole('dialog', { name: `Unconditional waiver — ${stepOf(story)}, Balance` })
          .waitFor()
      },
    },
    {
      name: 'builder-manager',
      viewer: 'client',
      path: '/builder/manager/$id',
      heading: story.manager,
    },
    {
      name: 'builder-not-found',
      viewer: 'client',
      path: '/builder/no-such-step',
      heading: 'Page not found',
    },
    ...ADMIN_SECTIONS.map((section) => ({
      name: `admin-${section.route}`,
      viewer: 'admin' as const,
      path: `/admin/${section.route}`,
      heading: section.title,
    })),
    {
      name: 'admin-pricing-edit-dialog',
      viewer: 'admin',
      path: '/admin/pricing',
      heading: 'Pricing',
      open: (page) => openDialog(page, 'Edit pricing for Excavation', 'Edit pricing: Excavation'),
    },
    {
      name: 'admin-city-add-dialog',
      viewer: 'admin',
      path: '/admin/city',
      heading: 'Cities',
      open: (page) => openDialog(page, 'Add city', 'Add city'),
    },
    {
      name: 'admin-not-found',
      viewer: 'admin',
      path: '/admin/no-such-section',
      heading: 'Page not found',
    },
  ]
}

/** The step of the story's accepted quote, where its evidence is kept. */
function stepOf(story: Story): string {
  const step = story.quotes.find((q) => q.vendor === story.accepted)?.step
  if (!step) throw new Error(`no quote from ${story.accepted}`)
  return step
}

const stepRoute = (story: Story) =>
  ALL_BUILDER_PAGES.find((p) => p.title === stepOf(story))?.route ?? stepOf(story)

/** Opens the viewer on the newest photo of the grid. */
async function openViewer(page: Page, grid: string) {
  await page.getByRole('list', { name: grid }).getByRole('img').first().click()
  await page
    .getByRole('dialog')
    .getByText(/^\d+ of \d+$/)
    .waitFor()
}

/** A draw of a step's contract on the Budget page. */
const drawOf = (page: Page, step: string, label: string) =>
  page.getByRole('region', { name: step }).getByRole('listitem', { name: label })

async function openDialog(page: Page, button: string, dialog: string) {
  await page.getByRole('button', { name: button }).click()
  await page.getByRole('dialog', { name: dialog }).waitFor()
}

/**
 * Opens the screen and waits until it has its heading, its data and its fonts. `id` fills the
 * path's `$id`: the manager the client asked for, which `cast().client` answers.
 */
export async function show(page: Page, screen: Screen, id = '') {
  await page.goto(screen.path.replace('$id', id))
  await page.getByRole('heading', { level: 1, name: screen.heading, exact: true }).waitFor()
  // Every part of the page that loads (a step page's files and its daily log…) has loaded.
  await page
    .getByRole('status', { name: /^Loading/ })
    .first()
    .waitFor({ state: 'detached' })
  await screen.open?.(page)
  // Photos load lazily, as they scroll into view: a full-page shot wants them all.
  await page.evaluate(() =>
    Promise.all(
      [...document.images].map((img) => {
        img.loading = 'eager'
        return img.decode().catch(() => undefined)
      }),
    ).then(() => undefined),
  )
  // Inter joins the page once its first screen is painted (main.tsx): wait for it to arrive.
  await page.waitForFunction(() => document.documentElement.classList.contains('web-font'))
  await page.evaluate(() => document.fonts.load('1em "Inter Variable"').then(() => undefined))
}

/** Signing in, and a client's work in the builder, the way people do it: through the screens. */
export function cast(server: RunningServer, browser: Browser) {
  const { onboard, signInAsAdmin } = accounts({ server })
  const open = () => openPage(browser, server.url)

  /** A visitor who asked for a code and is on /verify. */
  async function verifying(email: string): Promise<WatchedPage> {
    const watched = await open()
    await watched.page.goto('/login')
    await watched.page.getByRole('textbox', { name: 'Email' }).fill(email)
    await watched.page.getByRole('button', { name: 'Send code' }).click()
    await watched.page.waitForURL('**/verify')
    return watched
  }

  /** A client in a city not served yet, on the waiting list. */
  async function waiting(story: Story): Promise<WatchedPage> {
    const watched = await open()
    await onboard(watched.page, story.waiting)
    await watched.page.waitForURL('**/coming-soon')
    await watched.page.getByRole('button', { name: 'Join the waiting list' }).click()
    await watched.page.getByRole('button', { name: 'Leave the waiting list' }).waitFor()
    return watched
  }

  /**
   * A client in a served city who saved a design, collected quotes, accepted one, finished its
   * step and asked for a builder and a manager; answers the manager's id too.
   */
  async function client(story: Story) {
    const watched = await open()
    const { page } = watched
    await onboard(page, story.client)
    await saveFirstDesign(page)
    const accept = (vendor: string) =>
      page.getByRole('button', { name: `Accept the quote from ${vendor}`, exact: true })
    for (const quote of story.quotes) {
      await openStep(page, quote.step)
      await page.getByRole('textbox', { name: 'Vendor' }).fill(quote.vendor)
      await page.getByRole('textbox', { name: 'Amount' }).fill(quote.amount)
      await page.getByRole('textbox', { name: 'Note', exact: true }).fill(quote.note ?? '')
      await page.getByRole('button', { name: 'Add quote' }).click()
      await accept(quote.vendor).waitFor()
    }
    const accepted = story.quotes.find((q) => q.vendor === story.accepted)
    if (accepted) {
      await openStep(page, accepted.step)
      await accept(accepted.vendor).click()
      await page.getByRole('button', { name: 'Mark as done' }).click()
      await page.getByRole('button', { name: 'Mark as not done' }).waitFor()
      await keepEvidence(page, accepted.step, story.evidence)
    }
    await page
      .getByRole('navigation', { name: 'Project' })
      .getByRole('link', { name: 'Timeline' })
      .click()
    await page.getByLabel('Project start date').fill(story.startDate)
    await page.getByRole('button', { name: 'Set start date' }).click()
    await page.getByRole('button', { name: 'Re-plan' }).waitFor()
    await openStep(page, 'Project builder')
    await page.getByRole('button', { name: 'Request a project builder' }).click()
    await page.getByText('Request sent').waitFor()
    await openStep(page, 'Project managers')
    // Followed, not clicked: a name too long for its card must not stop the setup (the
    // every-route test reports that layout).
    const managerPage = await page.getByRole('link', { name: story.manager }).getAttribute('href')
    if (!managerPage) throw new Error(`no link to ${story.manager}'s page`)
    await page.goto(managerPage)
    await page.getByRole('heading', { level: 1, name: story.manager, exact: true }).waitFor()
    await page.getByRole('textbox', { name: 'Message' }).fill(story.message)
    await page.getByRole('button', { name: 'Request this manager' }).click()
    await page.getByText(/request is open/i).waitFor()
    return { ...watched, managerId: managerPage.split('/').at(-1) ?? '' }
  }

  async function admin(): Promise<WatchedPage> {
    const watched = await open()
    await signInAsAdmin(watched.page)
    return watched
  }

  /** A page for each viewer of the story's screens, and the id of the manager asked for. */
  async function everyone(story: Story) {
    const signedIn = await client(story)
    const viewers: Record<Viewer, WatchedPage> = {
      visitor: await open(),
      verifying: await verifying('new.visitor@example.com'),
      waiting: await waiting(story),
      client: signedIn,
      admin: await admin(),
    }
    return { viewers, managerId: signedIn.managerId }
  }

  return { waiting, client, everyone }
}

/** On the step's page: its files, a log entry and its warranty; then the deposit's lien waiver. */
async function keepEvidence(page: Page, step: string, evidence: Evidence) {
  const grid = page.getByRole('list', { name: `${step} files` })
  for (const [index, file] of evidence.files.entries()) {
    const isPdf = file.name.endsWith('.pdf')
    await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: file.kind })
    await page.getByRole('textbox', { name: /^Caption/ }).fill(file.caption)
    await page.getByLabel('Add files').setInputFiles({
      name: file.name,
      mimeType: isPdf ? 'application/pdf' : 'image/jpeg',
      buffer: isPdf ? pdf() : await sitePhoto(file.tint ?? '#5b4636'),
    })
    await grid.getByRole('listitem').nth(index).waitFor()
  }
  const log = page.getByRole('region', { name: 'Daily log' })
  await log.getByRole('textbox', { name: 'Notes' }).fill(evidence.log)
  const photo = evidence.files.find((file) => !file.name.endsWith('.pdf'))
  if (photo) await log.getByRole('checkbox', { name: photo.caption }).check()
  await log.getByRole('button', { name: 'Add log entry' }).click()
  await log.getByRole('list', { name: 'Log entries' }).waitFor()
  const warranty = page.getByRole('region', { name: 'Warranty' })
  await warranty.getByRole('textbox', { name: 'Provider' }).fill(evidence.warrantyProvider)
  await warranty.getByRole('textbox', { name: 'Term (months)' }).fill('24')
  await warranty.getByRole('button', { name: 'Save warranty' }).click()
  await warranty.getByRole('button', { name: 'Update warranty' }).waitFor()

  await page
    .getByRole('navigation', { name: 'Project' })
    .getByRole('link', { name: 'Budget' })
    .click()
  await drawOf(page, step, 'Deposit')
    .getByRole('button', { name: 'Attach unconditional waiver' })
    .click()
  const dialog = page.getByRole('dialog', { name: `Unconditional waiver — ${step}, Deposit` })
  await dialog
    .getByLabel('Upload a lien waiver')
    .setInputFiles({ name: evidence.lienWaiver, mimeType: 'application/pdf', buffer: pdf() })
  await dialog.waitFor({ state: 'detached' })
  await page.getByRole('region', { name: step }).getByText('Unconditional waiver on file').waitFor()
}
