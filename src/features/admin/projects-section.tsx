import { useMemo } from 'react'
import type { ProjectsActor } from '../../../machines/projects/projects.machine'
import { Spinner } from '../../components/spinner'
import { DataTable } from './data-table'
import { PROJECT_COLUMNS, type ProjectLine } from './project-columns'
import { SectionHead } from './section-page'
import { useIsManager, useProjectsState, useProjectsTag } from './use-projects'
import './projects.css'

/**
 * The back office's Projects (PRODUCT.md §18): a manager's assigned projects, or every project
 * for an admin, most urgent first as the server orders them; searchable, and a long list
 * renders only the rows in view, as Clients does.
 */
export function ProjectsSection({ actor }: { actor: ProjectsActor }) {
  const projects = useProjectsState(actor, (c) => c.projects)
  const error = useProjectsState(actor, (c) => c.listError)
  const loading = useProjectsTag(actor, 'loadingList')
  const manager = useIsManager()
  const rows = useMemo<ProjectLine[] | null>(
    () => projects && projects.map((p) => ({ ...p, id: p.clientId })),
    [projects],
  )
  return (
    <div className="admin-section">
      <SectionHead
        title="Projects"
        lede={
          manager
            ? 'The projects you manage, the ones that need you first.'
            : 'Every project, the ones that need attention first: running late, a failed inspection, a payment without a waiver, or nothing recorded for two weeks.'
        }
        refreshing={loading}
        onRefresh={() => actor.send({ type: 'projects.refreshRequested' })}
      />
      {error && (
        <div className="notice-inline notice-error" role="alert">
          The projects could not be loaded: {error}
          {rows ? ' What you see is from the last refresh.' : ''}
        </div>
      )}
      {rows ? (
        <DataTable
          caption="Projects"
          rows={rows}
          columns={PROJECT_COLUMNS}
          csvName="projects"
          emptyText={
            manager ? 'No projects are assigned to you yet.' : 'No project has started yet.'
          }
        />
      ) : (
        loading && <Spinner label="Loading the projects" />
      )}
    </div>
  )
}
