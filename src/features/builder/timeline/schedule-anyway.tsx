import type { ChecklistItem } from '../../../../contract/checklists'
import { BusyButton } from '../../../components/busy-button'
import { FieldAlert } from '../../../components/form/field-alert'
import { ModalDialog } from '../../../components/modal-dialog'

type ScheduleAnywayProps = {
  unticked: ChecklistItem[]
  busy: boolean
  /** Another write is in flight: the answer waits for it. */
  blocked: boolean
  problem: string | undefined
  onSchedule: () => void
  onClose: () => void
}

/**
 * "Schedule anyway?": the inspection's checklist still has unticked items (PRODUCT.md §16). The
 * owner sees which before booking the inspector regardless.
 */
export function ScheduleAnyway(props: ScheduleAnywayProps) {
  const { unticked, busy, onClose } = props
  return (
    <ModalDialog title="Schedule anyway?" onClose={onClose} busy={busy}>
      <p>
        {unticked.length === 1 ? 'This item is' : `These ${unticked.length} items are`} not ticked
        on the checklist yet:
      </p>
      <ul className="schedule-anyway-items">
        {unticked.map((item) => (
          <li key={item.id}>{item.text}</li>
        ))}
      </ul>
      <p>An inspector who finds one of them missing fails the inspection.</p>
      <FieldAlert message={props.problem} />
      <div className="dialog-actions">
        <BusyButton
          type="button"
          busy={busy}
          busyLabel="Scheduling…"
          disabled={props.blocked}
          onClick={props.onSchedule}
        >
          Schedule anyway
        </BusyButton>
        <button type="button" className="button button-secondary" disabled={busy} onClick={onClose}>
          Cancel
        </button>
      </div>
    </ModalDialog>
  )
}
