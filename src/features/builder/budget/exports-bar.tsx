import { useId, useState } from 'react'
import { schedulePath } from '../../../../contract/waiver-forms'
import { useToday } from '../../../app/clock'
import { useDownload } from '../../../app/download-context'
import { FieldAlert } from '../../../components/form/field-alert'
import { ModalDialog } from '../../../components/modal-dialog'
import { TextField } from '../../../components/text-field'

const BILL_IMPORTS = [
  { name: 'Export for QuickBooks', file: 'quickbooks-bills.csv' },
  { name: 'Export for Xero', file: 'xero-bills.csv' },
] as const

/**
 * The exports for the accountant and the lender (PRODUCT.md §15): the bill imports of
 * QuickBooks and Xero, and the schedule of values through a day, as CSV or PDF.
 */
export function ExportsBar() {
  const { download, failure } = useDownload()
  const [scheduling, setScheduling] = useState(false)
  return (
    <>
      {BILL_IMPORTS.map(({ name, file }) => (
        <button
          key={file}
          type="button"
          className="button button-secondary"
          onClick={() => void download(`/exports/${file}`, file)}
        >
          {name}
        </button>
      ))}
      <button type="button" className="button button-secondary" onClick={() => setScheduling(true)}>
        Schedule of values
      </button>
      <FieldAlert message={failure} />
      {scheduling && <ScheduleDialog onClose={() => setScheduling(false)} />}
    </>
  )
}

/** The lender's continuation sheet (AIA G703) through a day, today unless changed. */
function ScheduleDialog({ onClose }: { onClose: () => void }) {
  const id = useId()
  const today = useToday()
  const [through, setThrough] = useState(today)
  const { download, failure } = useDownload()
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(through)
  const save = (format: 'csv' | 'pdf') =>
    void download(schedulePath(format, through), `schedule-of-values-${through}.${format}`)
  return (
    <ModalDialog title="Schedule of values" onClose={onClose} busy={false}>
      <p className="lien-waiver-lead">
        What each contract is worth, what was paid before the month and in it, and what is left, in
        the layout lenders ask for (AIA G703).
      </p>
      <TextField
        id={`${id}-through`}
        label="Through"
        type="date"
        required
        value={through}
        onChange={setThrough}
      />
      <FieldAlert message={failure} />
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={!valid}
          onClick={() => save('csv')}
        >
          Download CSV
        </button>
        <button type="button" className="button" disabled={!valid} onClick={() => save('pdf')}>
          Download PDF
        </button>
      </div>
    </ModalDialog>
  )
}
