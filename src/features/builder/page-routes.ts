import { STEPS } from '../../../contract/steps'

/**
 * Every page the builder's `$page` may name: all the router needs, so the pages' titles
 * (builder-pages.ts) load with the area. The area's page lists must stay within these.
 */
export const BUILDER_PAGE_ROUTES = [
  'overview',
  'timeline',
  'budget',
  'documents',
  'trades',
  ...STEPS.map((step) => step.route),
  'project-builder',
  'project-managers',
] as const
