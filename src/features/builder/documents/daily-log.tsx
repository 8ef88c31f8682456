import { useId, useState } from 'react'
import type { StepSlug } from '../../../../contract'
import {
  LogBody,
  MAX_LOG_TEXT,
  type LogEntry,
  type StoredFile,
} from '../../../../contract/documents'
import { BusyButton } from '../../../components/busy-button'
import { useToday } from '../../../app/clock'
import { ErrorPanel } from '../../../components/error-panel'
import { ConfirmDelete } from '../../../components/form/confirm-delete'
import { FieldAlert } from '../../../components/form/field-alert'
import { TextAreaField } from '../../../components/form/text-area-field'
import { useContractForm } from '../../../components/form/use-contract-form'
import { Spinner } from '../../../components/spinner'
import { TextField } from '../../../components/text-field'
import { formatDate } from '../timeline-dates'
import { useFormCall } from '../use-form-call'
import { distinctTitles, isImage } from './document-words'
import { useHeldFiles, useLogs } from './use-documents'

/** Newest first: by day, then by when it was written. */
const newestFirst = (a: LogEntry, b: LogEntry) =>
  b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt)

/** The step page's "Daily log": what happened on site each day, with photos of it. */
export function DailyLog({ step }: { step: StepSlug }) {
  const logs = useLogs()
  const [deleting, setDeleting] = useState<LogEntry | null>(null)
  const entries = (logs.list ?? []).filter((entry) => entry.step === step).sort(newestFirst)
  return (
    <section className="step-card daily-log" aria-labelledby="daily-log-title">
      <h2 id="daily-log-title">Daily log</h2>
      <LogForm step={step} />
      {logs.failed ? (
        <ErrorPanel title="The daily log did not load" message={logs.failed} onRetry={logs.retry} />
      ) : !logs.list || !logs.ready ? (
        <Spinner label="Loading the daily log" />
      ) : entries.length === 0 ? (
        <p className="files-empty">Nothing logged yet. A line a day is enough.</p>
      ) : (
        <ol className="log-entries" aria-label="Log entries">
          {entries.map((entry) => (
            <LogItem key={entry.id} entry={entry} onDelete={() => setDeleting(entry)} />
          ))}
        </ol>
      )}
      {deleting && <DeleteEntry entry={deleting} onClose={() => setDeleting(null)} />}
    </section>
  )
}

function LogItem({ entry, onDelete }: { entry: LogEntry; onDelete: () => void }) {
  const dateId = useId()
  const titles = distinctTitles(entry.files)
  return (
    <li className="log-entry" aria-labelledby={dateId}>
      <div className="log-entry-head">
        <h3 id={dateId}>{formatDate(entry.date)}</h3>
        <button
          type="button"
          className="button button-danger-quiet button-small"
          aria-label={`Delete the log entry of ${formatDate(entry.date)}`}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
      <p className="log-entry-text">{entry.text}</p>
      {entry.files.length > 0 && (
        <ul className="log-entry-files" aria-label="Attached photos">
          {entry.files.map((file) => (
            <li key={file.id}>
              {isImage(file) && file.urls.thumb ? (
                <img src={file.urls.thumb} alt={titles.get(file.id)} loading="lazy" />
              ) : (
                <a href={file.urls.original} download={file.name}>
                  {file.name}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

/** "Add log entry": the day (today to start with), the notes and photos of the step to attach. */
function LogForm({ step }: { step: StepSlug }) {
  const files = useHeldFiles()
  const today = useToday()
  const form = useContractForm(
    LogBody,
    useFormCall((c) => c.name === 'addLogEntry' && c.body.step === step),
    {
      initial: () => ({ date: today(), text: '', attached: [] as string[] }),
      toBody: ({ date, text, attached }) => ({
        step,
        date,
        text,
        fileIds: attached.length ? attached : undefined,
      }),
      missing: { text: 'Write what happened' },
      afterSend: { text: '', attached: [] },
      toCall: (body) => ({ name: 'addLogEntry' as const, body }),
    },
  )
  const photos = (files.list ?? []).filter((file) => file.step === step && isImage(file))
  const titles = distinctTitles(photos)
  const attached = form.values.attached
  const toggle = (file: StoredFile) =>
    form.set('attached')(
      attached.includes(file.id)
        ? attached.filter((other) => other !== file.id)
        : [...attached, file.id],
    )
  return (
    <form className="log-form" onSubmit={form.submit} noValidate>
      <TextField {...form.field('date')} label="Date" type="date" className="log-form-date" />
      <TextAreaField {...form.field('text')} label="Notes" rows={2} maxLength={MAX_LOG_TEXT} />
      {photos.length > 0 && (
        <fieldset className="log-form-photos">
          <legend className="field-label">Attach photos</legend>
          <ul>
            {photos.map((file) => (
              <li key={file.id}>
                <label className="photo-check">
                  <input
                    type="checkbox"
                    checked={attached.includes(file.id)}
                    onChange={() => toggle(file)}
                  />
                  {files.ready && file.urls.thumb && <img src={file.urls.thumb} alt="" />}
                  <span>{titles.get(file.id)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <FieldAlert message={form.failure?.message} />
      <div>
        <BusyButton
          type="submit"
          variant="secondary"
          busy={form.busy}
          busyLabel="Adding…"
          disabled={form.blocked}
        >
          Add log entry
        </BusyButton>
      </div>
    </form>
  )
}

function DeleteEntry({ entry, onClose }: { entry: LogEntry; onClose: () => void }) {
  const call = useFormCall((c) => c.name === 'deleteLogEntry' && c.id === entry.id, onClose)
  const count = entry.files.length
  const photos = count === 1 ? 'Its photo is' : `Its ${count} photos are`
  const alsoDeleted = count
    ? ` ${photos} deleted too, unless another entry, a warranty or a payment uses ${count === 1 ? 'it' : 'them'}.`
    : ''
  return (
    <ConfirmDelete
      title="Delete this log entry?"
      message={`The entry of ${formatDate(entry.date)} will be deleted.${alsoDeleted} This cannot be undone.`}
      confirmLabel="Delete entry"
      call={call}
      request={{ name: 'deleteLogEntry', id: entry.id }}
      onClose={onClose}
    />
  )
}
