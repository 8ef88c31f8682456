import { AreaNotFound } from '../../components/area-not-found'
import { useSelector } from '@xstate/react'
import { useParams } from '@tanstack/react-router'
import { useCallback, type ComponentType } from 'react'
import type { AdminActor } from '../../../machines/admin/admin.machine'
import type { ProjectsActor } from '../../../machines/projects/projects.machine'
import { AreaLayout } from '../../components/area-layout'
import { AreaSkeleton } from '../../components/area-skeleton'
import { Spinner } from '../../components/spinner'
import './admin.css'
import { ClientsOrderInAdvance, ClientsSection } from './clients-section'
import {
  AdminsSection,
  CitiesSection,
  EngineersSection,
  ManagersSection,
} from './directory-sections'
import { MarketingSection } from './marketing-section'
import { PricingSection } from './pricing-section'
import { BuilderRequestsSection, ManagerRequestsSection } from './requests-sections'
import { SECTION_ICONS } from './section-icons'
import { ScheduleSection } from './schedule-section'
import { ScopeSection } from './scope-section'
import { ChecklistsSection } from './checklists-section'
import { ADMIN_SECTIONS, MANAGER_SECTIONS, type AdminDataSection } from './section-titles'
import { ProjectsSection } from './projects-section'
import { useProjectsActor } from './use-projects'
import { TipsSection } from './tips-section'
import { useAdminActor } from './use-admin'
import { WaitingListSection } from './waiting-list-section'

/** The screen of each section; exported for the tests that render every one. */
export const SECTION_SCREENS: Record<AdminDataSection, ComponentType<{ actor: AdminActor }>> = {
  pricing: PricingSection,
  city: CitiesSection,
  engineers: EngineersSection,
  managers: ManagersSection,
  clients: ClientsSection,
  admins: AdminsSection,
  'waiting-list': WaitingListSection,
  marketing: MarketingSection,
  'designing-tips': TipsSection,
  'builder-requests': BuilderRequestsSection,
  'manager-requests': ManagerRequestsSection,
  schedule: ScheduleSection,
  scope: ScopeSection,
  checklists: ChecklistsSection,
}

/**
 * The back office: its sections beside the page once its data actor runs (the admin's, or a
 * manager's Projects with its one section); until then its shape.
 */
export function AdminLayout() {
  const admin = useAdminActor()
  const projects = useProjectsActor()
  if (admin) return <AdminFrame actor={admin} pages={ADMIN_SECTIONS} />
  return projects ? <AdminFrame actor={projects} pages={MANAGER_SECTIONS} /> : <AreaSkeleton />
}

function AdminFrame({
  actor,
  pages,
}: {
  /** The actor that keeps the sidebar's state. */
  actor: AdminActor | ProjectsActor
  pages: typeof ADMIN_SECTIONS
}) {
  const open = useSelector(actor, (snapshot) => snapshot.context.isOpen)
  const toggle = useCallback(() => actor.send({ type: 'layout.sidebarToggled' }), [actor])
  return (
    <AreaLayout
      navLabel="Admin sections"
      base="/admin"
      pages={pages}
      icons={SECTION_ICONS}
      open={open}
      onToggle={toggle}
    />
  )
}

/** The admin section the URL names (the router answers an unknown one). */
export function AdminSection() {
  const { section } = useParams({ from: '/admin/$section' })
  const actor = useAdminActor()
  const projects = useProjectsActor()
  if (section === 'projects') {
    return projects ? (
      <ProjectsSection actor={projects} />
    ) : (
      <Spinner label="Loading the projects" />
    )
  }
  if (!actor) return <Spinner label="Loading the admin data" />
  const Screen = SECTION_SCREENS[section]
  return (
    <>
      <ClientsOrderInAdvance actor={actor} />
      <Screen key={section} actor={actor} />
    </>
  )
}

/** An address inside the area that names none of its pages (the router's not-found). */
export const AdminNotFound = () => <AreaNotFound home="/admin" />
