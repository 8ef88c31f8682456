import { AreaNotFound } from '../../components/area-not-found'
import { useSelector } from '@xstate/react'
import { useParams } from '@tanstack/react-router'
import { useCallback, type ComponentType } from 'react'
import type { AdminActor } from '../../../machines/admin/admin.machine'
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
import { ADMIN_SECTIONS } from './section-titles'
import { TipsSection } from './tips-section'
import { useAdminActor } from './use-admin'
import { WaitingListSection } from './waiting-list-section'

type SectionRoute = (typeof ADMIN_SECTIONS)[number]['route']

/** The screen of each section; exported for the tests that render every one. */
export const SECTION_SCREENS: Record<SectionRoute, ComponentType<{ actor: AdminActor }>> = {
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

/** The back office: its sections beside the page once the admin's data runs; until then its shape. */
export function AdminLayout() {
  const admin = useAdminActor()
  return admin ? <AdminFrame admin={admin} /> : <AreaSkeleton />
}

function AdminFrame({ admin }: { admin: AdminActor }) {
  const open = useSelector(admin, (snapshot) => snapshot.context.isOpen)
  const toggle = useCallback(() => admin.send({ type: 'layout.sidebarToggled' }), [admin])
  return (
    <AreaLayout
      navLabel="Admin sections"
      base="/admin"
      pages={ADMIN_SECTIONS}
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
