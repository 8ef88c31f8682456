import { STEPS } from '../../../contract/steps'

// The builder's one page list: the router parses `$page` with it and the sidebar shows it, so it
// holds routes and titles only (the screens load with the area, see builder-area.tsx).

/** The 13 steps in construction order, then the helpers. */
export const BUILDER_PAGES = [
  ...STEPS.map((step) => ({ route: step.route, title: step.title })),
  { route: 'project-builder', title: 'Project builder' },
  { route: 'project-managers', title: 'Project managers' },
] as const

/** The project's own pages, in the "Project" navigation above the steps. */
export const PROJECT_PAGES = [
  { route: 'overview', title: 'Overview' },
  { route: 'timeline', title: 'Timeline' },
  { route: 'budget', title: 'Budget' },
  { route: 'documents', title: 'Documents' },
  { route: 'trades', title: 'Trades' },
  { route: 'messages', title: 'Messages' },
  { route: 'passport', title: 'Passport' },
] as const

/** Every page of the builder area. */
export const ALL_BUILDER_PAGES = [...PROJECT_PAGES, ...BUILDER_PAGES] as const

/** Every page the builder's `$page` may name. */
export const BUILDER_PAGE_ROUTES = ALL_BUILDER_PAGES.map((page) => page.route)

export type BuilderPageRoute = (typeof BUILDER_PAGE_ROUTES)[number]
