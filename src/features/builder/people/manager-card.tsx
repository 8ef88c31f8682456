import { Link } from '@tanstack/react-router'
import type { Manager, ManagerRequest } from '../../../../contract'
import { ManagerFacts } from './manager-facts'
import { REQUEST_STATUS } from './manager-requests'

type ManagerCardProps = { manager: Manager; request: ManagerRequest | null }

/** One project manager in the directory, with where the client's request to them stands. */
export function ManagerCard({ manager, request }: ManagerCardProps) {
  return (
    <li className="manager-card">
      <div className="manager-card-head">
        <h2>{manager.name}</h2>
        {request && (
          <p className={`manager-status manager-status-${request.status}`}>
            <span className="visually-hidden">Your request: </span>
            {REQUEST_STATUS[request.status]}
          </p>
        )}
      </div>
      <p className="manager-company">{manager.company}</p>
      <ManagerFacts manager={manager} />
      <p className="manager-bio">{manager.bio}</p>
      <Link className="manager-link" to="/builder/manager/$id" params={{ id: manager.id }}>
        View {manager.name}&apos;s profile
      </Link>
    </li>
  )
}
