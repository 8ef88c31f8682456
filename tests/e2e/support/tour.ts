import type { Browser, Page } from 'playwright-core'
import { ADMIN_SECTIONS } from '../../../src/features/admin/section-titles'
import { ALL_BUILDER_PAGES } from '../../../src/features/builder/builder-pages'
import { accounts, type ClientDetails } from './accounts'
import { openPage, type WatchedPage } from './browser'
import type { RunningServer } from './server'

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
}

const title = (route: string) => ALL_BUILDER_PAGES.find((p) => p.route === route)?.title ?? route

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
    ...ALL_BUILDER_PAGES.map((page) => ({
      name: `builder-${page.route}`,
      viewer: 'client' as const,
      path: `/builder/${page.route}`,
      heading: title(page.route),
    })),
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
  await page.getByRole('status', { name: /^Loading/ }).waitFor({ state: 'detached' })
  await screen.open?.(page)
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
    await page.waitForURL('**/builder/pool-design')
    await page.getByRole('button', { name: 'Save design' }).click()
    await page.getByText('Design saved').waitFor()
    const accept = (vendor: string) =>
      page.getByRole('button', { name: `Accept the quote from ${vendor}`, exact: true })
    for (const quote of story.quotes) {
      await openStep(page, quote.step)
      await page.getByRole('textbox', { name: 'Vendor' }).fill(quote.vendor)
      await page.getByRole('textbox', { name: 'Amount' }).fill(quote.amount)
      await page.getByRole('textbox', { name: 'Note' }).fill(quote.note ?? '')
      await page.getByRole('button', { name: 'Add quote' }).click()
      await accept(quote.vendor).waitFor()
    }
    const accepted = story.quotes.find((q) => q.vendor === story.accepted)
    if (accepted) {
      await openStep(page, accepted.step)
      await accept(accepted.vendor).click()
      await page.getByRole('button', { name: 'Mark as done' }).click()
      await page.getByRole('button', { name: 'Mark as not done' }).waitFor()
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

async function openStep(page: Page, step: string) {
  await page
    .getByRole('navigation', { name: 'Build steps' })
    .getByRole('link', { name: step, exact: true })
    .click()
  await page.getByRole('heading', { level: 1, name: step, exact: true }).waitFor()
}
