import type { NonStageName } from './steps'

/** The fixed descriptions of the three non-stage steps (they have no admin-managed pricing). */
export const NON_STAGES: readonly { title: NonStageName; description: string }[] = [
  {
    title: 'Pool Design',
    description:
      'Shape, size, depths and deck: the design every quantity and estimate is computed from.',
  },
  {
    title: 'Engineering',
    description:
      'A licensed engineer turns the design into stamped structural plans; permits need them.',
  },
  {
    title: 'Permits',
    description: 'The city reviews the engineered plans and issues the building permit.',
  },
]
