import type { ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import type { SnapshotFrom } from 'xstate'
import { savedDesign } from '../../../../contract/budget'
import type { SessionActor } from '../../../../machines/session/session.machine'
import { useSessionActor } from '../../../app/session-context'
import { PoolDrawing } from '../steps/design/pool-drawing'
import { useProject } from '../use-project'

const selectOwner = (snapshot: SnapshotFrom<SessionActor>) => {
  const user = snapshot.context.userData
  return user && 'city' in user ? `${user.name} · ${user.city}, ${user.state}` : null
}

/**
 * The Overview's head: the client's own pool drawn from above, beside whose project it is,
 * where, and how far the build has come.
 */
export function ProjectCard({
  done,
  total,
  children,
}: {
  done: number
  total: number
  /** What the timeline says of the finish, under the progress. */
  children?: ReactNode
}) {
  const owner = useSelector(useSessionActor(), selectOwner)
  const design = savedDesign(useProject().poolData)
  return (
    <header className="overview-card project-card">
      {design && (
        <div className="project-card-pool">
          <PoolDrawing design={design} plan />
        </div>
      )}
      <div className="project-card-text">
        <h1>Overview</h1>
        {owner && <p className="project-card-owner">{owner}</p>}
        <section className="project-card-progress" aria-labelledby="overview-progress">
          <h2 id="overview-progress">Progress</h2>
          <label className="progress-label" htmlFor="overview-progress-bar">
            {done} of {total} steps done
          </label>
          <progress id="overview-progress-bar" max={total} value={done} />
          {children}
        </section>
      </div>
    </header>
  )
}
