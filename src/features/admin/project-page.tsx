import { Link, useLoaderData, useParams } from '@tanstack/react-router'
import { useEffect, useState, type ComponentType } from 'react'
import type { Stage } from '../../../contract/domain'
import type { ProjectView } from '../../../contract/projects'
import type { ProjectsActor } from '../../../machines/projects/projects.machine'
import { Spinner } from '../../components/spinner'
import { EnterBidDialog } from './enter-bid-dialog'
import { Tabs } from './tabs'
import { useIsManager, useProjectsActor, useProjectsState, useProjectsTag } from './use-projects'
import './projects.css'

const TABS = ['Overview', 'Timeline', 'Budget', 'Documents', 'Trades', 'Messages'] as const
type TabName = (typeof TABS)[number]

/** The tabs that show what the owner's own pages show. */
export type OwnerTab = Exclude<TabName, 'Messages'>

/** One tab's read-only view of the owner's project, as the owner's pages draw it. */
export type OwnerViewProps = { tab: OwnerTab; view: ProjectView; stages: readonly Stage[] }

type Composed = {
  /** The owner's views, given by the routes: this feature does not draw the builder's pages. */
  OwnerView: ComponentType<OwnerViewProps>
  /** The project's threads, likewise given by the routes; attachments open from its files. */
  Messages: ComponentType<{ clientId: string; files: ProjectView['files'] }>
}

/** One project of the Projects, read-only (PRODUCT.md §18): the owner's pages as tabs. */
export function ProjectPage({ OwnerView, Messages }: Composed) {
  const { clientId } = useParams({ from: '/admin/projects/$clientId' })
  const stages = useLoaderData({ from: '/admin/projects/$clientId' })
  const actor = useProjectsActor()
  if (!actor) return <Spinner label="Loading the project" />
  return (
    <ProjectScreen
      key={clientId}
      actor={actor}
      clientId={clientId}
      stages={stages}
      OwnerView={OwnerView}
      Messages={Messages}
    />
  )
}

function ProjectScreen({
  actor,
  clientId,
  stages,
  OwnerView,
  Messages,
}: Composed & {
  actor: ProjectsActor
  clientId: string
  stages: readonly Stage[]
}) {
  useEffect(() => actor.send({ type: 'project.opened', clientId }), [actor, clientId])
  const shownId = useProjectsState(actor, (c) => c.clientId)
  const view = useProjectsState(actor, (c) => c.project)
  const error = useProjectsState(actor, (c) => c.projectError)
  const loading = useProjectsTag(actor, 'loadingProject')
  const back = (
    <Link to="/admin/$section" params={{ section: 'projects' }} className="project-back">
      All projects
    </Link>
  )
  if (shownId !== clientId || !view) {
    return (
      <div className="admin-section">
        {back}
        {error ? (
          <>
            <h1>Project not found</h1>
            <p role="alert">{error}</p>
          </>
        ) : (
          loading && <Spinner label="Loading the project" />
        )}
      </div>
    )
  }
  return (
    <div className="admin-section project-page">
      {back}
      <ProjectBody
        actor={actor}
        clientId={clientId}
        view={view}
        stages={stages}
        OwnerView={OwnerView}
        Messages={Messages}
      />
    </div>
  )
}

function ProjectBody({
  actor,
  clientId,
  view,
  stages,
  OwnerView,
  Messages,
}: Composed & {
  actor: ProjectsActor
  clientId: string
  view: ProjectView
  stages: readonly Stage[]
}) {
  const manager = useIsManager()
  const [tab, setTab] = useState<TabName>('Overview')
  const [entering, setEntering] = useState(false)
  return (
    <>
      <div className="admin-section-head">
        <h1>{view.overview.client.name}'s project</h1>
        {manager && (
          <button type="button" className="button button-primary" onClick={() => setEntering(true)}>
            Enter a bid
          </button>
        )}
      </div>
      <Tabs
        label="Project"
        selected={tab}
        onSelect={setTab}
        tabs={TABS.map((name) => ({
          key: name,
          label: name,
          panel: (
            <>
              <h2>{name}</h2>
              {name === 'Messages' ? (
                <Messages clientId={clientId} files={view.files} />
              ) : (
                <OwnerView tab={name} view={view} stages={stages} />
              )}
            </>
          ),
        }))}
      />
      {entering && (
        <EnterBidDialog
          actor={actor}
          clientId={clientId}
          trades={view.trades}
          onClose={() => setEntering(false)}
        />
      )}
    </>
  )
}
