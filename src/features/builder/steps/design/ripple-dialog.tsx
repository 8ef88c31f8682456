import { useState } from 'react'
import { waitFor } from 'xstate'
import type { RippleLine } from '../../../../../contract/money-rules'
import { Badge } from '../../../../components/badge'
import { BusyButton } from '../../../../components/busy-button'
import { ModalDialog } from '../../../../components/modal-dialog'
import { signedMoney } from '../../../../lib/money'
import { useClientActor } from '../../use-client'
import '../../budget/money.css'
import { FieldAlert } from '../../../../components/form/field-alert'

/**
 * After a changed design is saved: what it does to each signed contract on a metered step, at
 * the quote's own unit rate, and "Propose change orders" to add them, one per step, as
 * proposed (the client approves each on the Budget page).
 */
export function RippleDialog({ lines, onClose }: { lines: RippleLine[]; onClose: () => void }) {
  const actor = useClientActor()
  const [proposing, setProposing] = useState(false)
  // After a refusal: the lines still to propose, so trying again does not repeat the others.
  const [left, setLeft] = useState(lines)
  const [refusal, setRefusal] = useState<string | null>(null)

  const propose = async () => {
    setProposing(true)
    setRefusal(null)
    for (const [index, { step, description, amount }] of left.entries()) {
      // The client runs one call at a time (and a refetch after one): each line waits its turn.
      await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
      actor.send({
        type: 'client.callRequested',
        call: { name: 'addChangeOrder', body: { step, description, amount } },
      })
      const settled = await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
      const { failure } = settled.context
      if (failure) {
        setLeft(left.slice(index))
        setRefusal(failure.message)
        setProposing(false)
        return
      }
    }
    onClose()
  }

  return (
    <ModalDialog title="Your design changes signed contracts" onClose={onClose} busy={proposing}>
      <p>At each accepted quote’s own unit rate, the new design changes these contracts:</p>
      <ul className="ripple-lines">
        {lines.map((line) => (
          <li key={line.step}>
            <span className="ripple-title">{line.title}</span>
            <span className="ripple-description">{line.description}</span>
            <Badge tone={line.amount > 0 ? 'warning' : 'success'}>{signedMoney(line.amount)}</Badge>
          </li>
        ))}
      </ul>
      <FieldAlert message={refusal} />
      <div className="dialog-actions">
        <BusyButton
          type="button"
          busy={proposing}
          busyLabel="Proposing…"
          onClick={() => void propose()}
        >
          Propose change orders
        </BusyButton>
        <button
          type="button"
          className="button button-secondary"
          disabled={proposing}
          onClick={onClose}
        >
          Not now
        </button>
      </div>
    </ModalDialog>
  )
}
