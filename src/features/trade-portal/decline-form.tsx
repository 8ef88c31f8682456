import { TradeDeclineBody } from '../../../contract/bids'
import { BusyButton } from '../../components/busy-button'
import { FieldAlert } from '../../components/form/field-alert'
import { TextAreaField } from '../../components/form/text-area-field'
import { useContractForm } from '../../components/form/use-contract-form'
import { useAnswerCall, useAnswerForm } from './use-portal'

/** "Decline" opens "Reason" and "Send": the owner sees the reason. */
export function DeclineForm({ ownerName }: { ownerName: string }) {
  const [open, setOpen] = useAnswerForm()
  const form = useContractForm(TradeDeclineBody, useAnswerCall('decline'), {
    initial: { reason: '' },
    toBody: (values) => values,
    missing: { reason: 'Say why, in a few words' },
    toCall: (body) => ({ kind: 'decline' as const, reason: body.reason }),
  })
  if (!open)
    return (
      <div className="portal-decline">
        <p className="portal-muted">Can’t take this job? Let {ownerName} know.</p>
        <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
          Decline
        </button>
      </div>
    )
  return (
    <form className="portal-form portal-decline-form" onSubmit={form.submit} noValidate>
      <FieldAlert message={form.failure?.message} />
      <TextAreaField {...form.field('reason')} label="Reason" rows={2} autoFocus />
      <div className="portal-actions">
        <BusyButton type="submit" variant="danger" busy={form.busy} busyLabel="Sending…">
          Send
        </BusyButton>
        <button type="button" className="button button-ghost" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  )
}
