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
}

/** The admin sections with their titles, in sidebar order. */
export const ADMIN_SECTIONS = ADMIN_SECTION_ROUTES.map((route) => ({ route, title: TITLES[route] }))
