import type { ChecklistItem } from '../../../../contract/checklists'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { FieldAlert } from '../../../components/form/field-alert'

type ScheduleAnywayProps = {
  unticked: ChecklistItem[]
  busy: boolean
  problem: string | undefined
  onSchedule: () => void
  onClose: () => void
}

/**
 * "Schedule anyway?": the inspection's checklist still has unticked items (PRODUCT.md §16). The
 * owner sees which before booking the inspector regardless.
 */
export function ScheduleAnyway({
  unticked,
  busy,
  problem,
  onSchedule,
  onClose,
}: ScheduleAnywayProps) {
  const which = unticked.length === 1 ? 'This item is' : `These ${unticked.length} items are`
  return (
    <ConfirmDialog
      title="Schedule anyway?"
      message={`${which} not ticked on the checklist yet:`}
      confirmLabel="Schedule anyway"
      busyLabel="Scheduling…"
      variant="primary"
      busy={busy}
      onConfirm={onSchedule}
      onClose={onClose}
      problem={<FieldAlert message={problem} />}
    >
      <ul className="schedule-anyway-items">
        {unticked.map((item) => (
          <li key={item.id}>{item.text}</li>
        ))}
      </ul>
      <p>An inspector who finds one of them missing fails the inspection.</p>
    </ConfirmDialog>
  )
}
