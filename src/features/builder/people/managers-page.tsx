import { Link } from '@tanstack/react-router'
import { ManagerCard } from './manager-card'
import { latestRequest } from './manager-requests'
import { useProject } from '../use-project'
import { YourManager } from './your-manager'
import './extras.css'
import './managers.css'

/** /builder/project-managers: the directory of project managers to ask for help. */
export function ManagersPage() {
  const { Managers, poolData } = useProject()
  return (
    <article className="extras-page">
      <h1>Project managers</h1>
      <p className="extras-lede">
        A project manager runs the build for a fee while you keep the contracts: they book the
        trades in order, check the work at every step and keep your budget on track.
      </p>
      <YourManager requests={poolData.ManagerRequests} />
      {Managers.length === 0 ? (
        <div className="extras-panel">
          <p>No project managers are listed in your area yet. Please check back soon.</p>
          <p>
            Want someone to take the whole build on?{' '}
            <Link to="/builder/$page" params={{ page: 'project-builder' }}>
              Ask for a project builder
            </Link>
            .
          </p>
        </div>
      ) : (
        <ul className="manager-list">
          {Managers.map((manager) => (
            <ManagerCard
              key={manager.id}
              manager={manager}
              request={latestRequest(poolData.ManagerRequests, manager.id)}
            />
          ))}
        </ul>
      )}
    </article>
  )
}
