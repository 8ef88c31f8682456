/**
 * The admin sections' addresses in sidebar order: the 11 of the seed (§2), the Schedule
 * (PRODUCT.md §9), the Scope (§14), the Checklists (§16) and the Projects (§18), a manager's
 * only section. All the router needs to parse `$section`; the titles load with the area.
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
  'projects',
] as const

export type AdminSectionRoute = (typeof ADMIN_SECTION_ROUTES)[number]
