import { useSelector } from '@xstate/react'
import { useParams } from '@tanstack/react-router'
import { useSessionActor } from '../../app/session-context'
import { AreaLayout } from '../../components/area-layout'
import { ADMIN_SECTIONS } from './sections'

export function AdminLayout() {
  const session = useSessionActor()
  const admin = useSelector(session, (snapshot) => snapshot.children.admin)
  const open = useSelector(admin, (snapshot) => snapshot?.context.isOpen ?? true)
  return (
    <AreaLayout
      navLabel="Admin sections"
      base="/admin"
      pages={ADMIN_SECTIONS}
      open={open}
      onToggle={() => admin?.send({ type: 'layout.sidebarToggled' })}
    />
  )
}

/** An admin section; its tables arrive with the admin issue. */
export function AdminSection() {
  const { section } = useParams({ strict: false })
  return <h1>{ADMIN_SECTIONS.find((s) => s.route === section)?.title}</h1>
}
