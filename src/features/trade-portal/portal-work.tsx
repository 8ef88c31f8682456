import { useSelector } from '@xstate/react'
import { useState } from 'react'
import type { TradePortalPorts } from '../../../machines/trade-portal/trade-portal.types'
import { dayIn } from '../../../contract/time-zones'
import { AwardPanel } from './award-panel'
import { BidForm, BidSent } from './bid-form'
import { BidPackage } from './bid-package'
import { DeclineForm } from './decline-form'
import { longDate } from './portal-format'
import { PortalMessages } from './portal-messages'
import { AnswerFormContext, usePortal } from './use-portal'

/** The signed-in portal: the request, the bid or its form, the award and payments, messages. */
export function SignedIn({ ports }: { ports: TradePortalPorts }) {
  const actor = usePortal()
  const view = useSelector(actor, (s) => s.context.view)
  const signingOut = useSelector(actor, (s) => s.matches({ signedIn: 'signingOut' }))
  // Editing the bid sent at this moment: a newer bid closes the form.
  const [editing, setEditing] = useState<string | null>(null)
  // The project's day when the page opened: the server decides for good (409 BID_CLOSED).
  const [openedAt] = useState(() => new Date())
  // An answer's form open: its "Send" is the page's only one while it is.
  const [answering, setAnswering] = useState(false)
  if (!view) return null
  const { request, bid, award } = view
  const today = dayIn(openedAt, view.project.timeZone)
  const open = !award && today <= request.dueOn
  const showForm = open && (!bid || editing === bid.submittedAt)
  return (
    <AnswerFormContext.Provider value={setAnswering}>
      <p className="portal-due">
        {award ? 'Awarded' : `Bids close ${longDate(request.dueOn)}`}
        {request.status === 'declined' && ' · You declined this request'}
      </p>
      {award && <AwardPanel award={award} payments={view.payments} />}
      {!showForm && (
        <BidSent view={view} onChange={open && bid ? () => setEditing(bid.submittedAt) : null} />
      )}
      <BidPackage view={view} />
      {showForm && (
        <section className="portal-card">
          <BidForm view={view} />
          {request.status !== 'declined' && !bid && (
            <DeclineForm ownerName={view.project.ownerName} />
          )}
        </section>
      )}
      {!answering && <PortalMessages ports={ports} step={request.step} files={view.files} />}
      <p className="portal-foot">
        <button
          type="button"
          className="button button-ghost button-small"
          disabled={signingOut}
          onClick={() => actor.send({ type: 'trade.signedOut' })}
        >
          Sign out
        </button>
      </p>
    </AnswerFormContext.Provider>
  )
}
