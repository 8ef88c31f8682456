import { useParams } from '@tanstack/react-router'
import { AreaLayout } from '../../components/area-layout'
import { BUILDER_PAGES } from './builder-pages'

export function BuilderLayout() {
  return <AreaLayout navLabel="Build steps" base="/builder" pages={BUILDER_PAGES} />
}

/** A builder page; its tools arrive with the builder issue. */
export function BuilderPage() {
  const { page } = useParams({ strict: false })
  const title = BUILDER_PAGES.find((p) => p.route === page)?.title ?? 'Project manager'
  return <h1>{title}</h1>
}
