import { Link } from '@tanstack/react-router'
import type { Manager, ManagerRequest } from '../../../../contract'
import { PhoneLink } from '../../../components/phone-link'
import { ManagerRequestForm } from './manager-request-form'
import { ManagerFacts } from './manager-facts'
import { latestRequest, sentOn } from './manager-requests'
import { useProject } from '../use-project'
import './extras.css'
import './managers.css'

function BackLink() {
  return (
    <Link className="extras-back" to="/builder/$page" params={{ page: 'project-managers' }}>
      All project managers
    </Link>
  )
}

/** Where the client's latest request to this manager stands, in words. */
function RequestStatus({ manager, request }: { manager: Manager; request: ManagerRequest }) {
  const date = sentOn(request)
  switch (request.status) {
    case 'open':
      return (
        <div className="extras-sent" role="status">
          <p className="extras-sent-title">Your request is open — sent on {date}</p>
          <p>{manager.name} will get in touch by email or phone.</p>
        </div>
      )
    case 'contacted':
      return (
        <div className="extras-sent" role="status">
          <p className="extras-sent-title">{manager.name} has been in touch</p>
          <p>About your request sent on {date}.</p>
        </div>
      )
    case 'closed':
      return (
        <p className="extras-note">
          Your request sent on {date} is closed. You can ask {manager.name} again below.
        </p>
      )
  }
}

/** /builder/manager/{id}: one project manager's profile, and asking them to run the build. */
export function ManagerPage({ id }: { id: string }) {
  const { Managers, poolData } = useProject()
  const manager = Managers.find((m) => m.id === id)
  if (!manager) {
    return (
      <article className="extras-page">
        <h1>Project manager</h1>
        <p className="extras-lede">
          We could not find this project manager. They may no longer be listed.
        </p>
        <BackLink />
      </article>
    )
  }
  const request = latestRequest(poolData.ManagerRequests, manager.id)
  return (
    <article className="extras-page">
      <BackLink />
      <h1>{manager.name}</h1>
      <p className="extras-lede">{manager.company}</p>
      <ManagerFacts manager={manager}>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${manager.email}`}>{manager.email}</a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <PhoneLink phone={manager.phone} />
          </dd>
        </div>
      </ManagerFacts>
      <p className="manager-bio">{manager.bio}</p>
      <section className="extras-panel extras-action" aria-labelledby="manager-request">
        <h2 id="manager-request">Ask them to manage your build</h2>
        {request && <RequestStatus manager={manager} request={request} />}
        {(!request || request.status === 'closed') && (
          <ManagerRequestForm key={manager.id} managerId={manager.id} managerName={manager.name} />
        )}
      </section>
    </article>
  )
}
