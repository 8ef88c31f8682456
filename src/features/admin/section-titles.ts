import { ADMIN_SECTION_ROUTES, type AdminSectionRoute } from './sections'

const TITLES: Record<AdminSectionRoute, string> = {
  pricing: 'Pricing',
  city: 'Cities',
  engineers: 'Engineers',
  managers: 'Managers',
  clients: 'Clients',
  admins: 'Admins',
  'waiting-list': 'Waiting list',
  marketing: 'Marketing',
  'designing-tips': 'Design tips',
  'builder-requests': 'Builder requests',
  'manager-requests': 'Manager requests',
  schedule: 'Schedule',
  scope: 'Scope',
  checklists: 'Checklists',
  projects: 'Projects',
}

/** The admin sections with their titles, in sidebar order. */
export const ADMIN_SECTIONS = ADMIN_SECTION_ROUTES.map((route) => ({ route, title: TITLES[route] }))

/** The sections over the admin data: every one but the Projects, which read their own actor. */
export type AdminDataSection = Exclude<AdminSectionRoute, 'projects'>
export const ADMIN_DATA_SECTIONS = ADMIN_SECTIONS.filter(
  (section): section is { route: AdminDataSection; title: string } => section.route !== 'projects',
)

/** A manager's one section (PRODUCT.md §19 "Navigation"). */
export const MANAGER_SECTIONS = ADMIN_SECTIONS.filter((section) => section.route === 'projects')
