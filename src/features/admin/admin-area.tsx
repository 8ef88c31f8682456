import { useParams } from '@tanstack/react-router'
import { AreaLayout } from '../../components/area-layout'
import { ADMIN_SECTIONS } from './sections'

export function AdminLayout() {
  return <AreaLayout navLabel="Admin sections" base="/admin" pages={ADMIN_SECTIONS} />
}

/** An admin section; its tables arrive with the admin issue. */
export function AdminSection() {
  const { section } = useParams({ strict: false })
  return <h1>{ADMIN_SECTIONS.find((s) => s.route === section)?.title}</h1>
}
