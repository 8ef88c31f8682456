/**
 * The admin sections' addresses in sidebar order: the 11 of the seed (§2), the Schedule
 * (PRODUCT.md §9), the Scope (§14) and the Checklists (§16). All the router needs to parse `$section`; the titles load with the area.
 */
export const ADMIN_SECTION_ROUTES = [
  'pricing',
  'city',
  'engineers',
  'managers',
  'clients',
  'admins',
  'waiting-list',
  'marketing',
  'designing-tips',
  'builder-requests',
  'manager-requests',
  'schedule',
  'scope',
  'checklists',
] as const

export type AdminSectionRoute = (typeof ADMIN_SECTION_ROUTES)[number]
