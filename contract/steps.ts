/** The 13 build steps in construction order: the order of the sidebar and the progress bar. */
export const NON_STAGE_TITLES = ['Pool Design', 'Engineering', 'Permits'] as const
export type NonStageName = (typeof NON_STAGE_TITLES)[number]

export const STAGE_SLUGS = [
  'excavation',
  'steel',
  'plumbing',
  'electrical',
  'shotcrete',
  'tile',
  'decking',
  'extras',
  'interior',
  'pool-startup',
] as const
export type StageSlug = (typeof STAGE_SLUGS)[number]

export type Step =
  | { route: string; title: NonStageName; kind: 'non-stage' }
  | { route: StageSlug; title: string; kind: 'stage' }

export const STEPS: readonly Step[] = [
  { route: 'pool-design', title: 'Pool Design', kind: 'non-stage' },
  { route: 'engineering', title: 'Engineering', kind: 'non-stage' },
  { route: 'permits', title: 'Permits', kind: 'non-stage' },
  { route: 'excavation', title: 'Excavation', kind: 'stage' },
  { route: 'steel', title: 'Steel', kind: 'stage' },
  { route: 'plumbing', title: 'Plumbing', kind: 'stage' },
  { route: 'electrical', title: 'Electrical', kind: 'stage' },
  { route: 'shotcrete', title: 'Shotcrete', kind: 'stage' },
  { route: 'tile', title: 'Tile & Coping', kind: 'stage' },
  { route: 'decking', title: 'Decking', kind: 'stage' },
  { route: 'extras', title: 'Extras', kind: 'stage' },
  { route: 'interior', title: 'Interior Finish', kind: 'stage' },
  { route: 'pool-startup', title: 'Pool Startup', kind: 'stage' },
]

/** At most this many quotes per pool entry. */
export const MAX_QUOTES_PER_ENTRY = 5
