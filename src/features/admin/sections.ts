/** The 11 admin sections (seed §2) and the Schedule (PRODUCT.md §9), in sidebar order. */
export const ADMIN_SECTIONS = [
  { route: 'pricing', title: 'Pricing' },
  { route: 'city', title: 'Cities' },
  { route: 'engineers', title: 'Engineers' },
  { route: 'managers', title: 'Managers' },
  { route: 'clients', title: 'Clients' },
  { route: 'admins', title: 'Admins' },
  { route: 'waiting-list', title: 'Waiting list' },
  { route: 'marketing', title: 'Marketing' },
  { route: 'designing-tips', title: 'Design tips' },
  { route: 'builder-requests', title: 'Builder requests' },
  { route: 'manager-requests', title: 'Manager requests' },
  { route: 'schedule', title: 'Schedule' },
] as const
