import { STEPS } from '../../../contract/steps'

/** Every page of the builder area: the 13 steps in construction order, then the helpers. */
export const BUILDER_PAGES = [
  ...STEPS.map((step) => ({ route: step.route, title: step.title })),
  { route: 'project-builder', title: 'Project builder' },
  { route: 'project-managers', title: 'Project managers' },
] as const
