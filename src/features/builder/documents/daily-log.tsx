import { useId, useState, type FormEvent } from 'react'
import type { StepSlug } from '../../../../contract'
import {
  LogBody,
  MAX_LOG_TEXT,
  type LogEntry,
  type StoredFile,
} from '../../../../contract/documents'
import { BusyButton } from '../../../components/busy-button'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { ErrorPanel } from '../../../components/error-panel'
import { issuesByField, type FieldErrors } from '../../../components/form-errors'
import { Spinner } from '../../../components/spinner'
import { TextField } from '../../../components/text-field'
import { formatDate } from '../timeline-dates'
import { fieldError } from '../use-client'
import { useFormCall } from '../use-form-call'
import { fileTitle, isImage, localToday } from './document-words'
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
                <img src={file.urls.thumb} alt={fileTitle(file)} loading="lazy" />
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
  const id = useId()
  const files = useHeldFiles()
  const [date, setDate] = useState(localToday)
  const [text, setText] = useState('')
  const [attached, setAttached] = useState<string[]>([])
  const [errors, setErrors] = useState<FieldErrors>({})
  const call = useFormCall(
    (c) => c.name === 'addLogEntry' && c.body.step === step,
    () => {
      setText('')
      setAttached([])
    },
  )
  const photos = (files.list ?? []).filter((file) => file.step === step && isImage(file))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = { step, date, text: text.trim(), fileIds: attached.length ? attached : undefined }
    const parsed = LogBody.safeParse(body)
    const found = parsed.success ? {} : issuesByField(parsed.error, { text: 'Write what happened' })
    setErrors(found)
    if (parsed.success) call.run({ name: 'addLogEntry', body: parsed.data })
  }
  const error = (field: string) => errors[field] ?? fieldError(call.failure, field)
  const notesError = error('text')
  const toggle = (file: StoredFile) =>
    setAttached((now) =>
      now.includes(file.id) ? now.filter((other) => other !== file.id) : [...now, file.id],
    )
  return (
    <form className="log-form" onSubmit={submit} noValidate>
      <TextField
        id={`${id}-date`}
        label="Date"
        type="date"
        value={date}
        onChange={setDate}
        error={error('date')}
        className="log-form-date"
      />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-notes`}>
          Notes
        </label>
        <textarea
          id={`${id}-notes`}
          className="field-input field-textarea"
          rows={3}
          maxLength={MAX_LOG_TEXT}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={notesError ? true : undefined}
          aria-describedby={notesError ? `${id}-notes-error` : undefined}
        />
        {notesError && (
          <p id={`${id}-notes-error`} className="field-error">
            {notesError}
          </p>
        )}
      </div>
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
                  <span>{fileTitle(file)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {call.failure && Object.keys(call.failure.fields).length === 0 && (
        <p className="field-error" role="alert">
          {call.failure.message}
        </p>
      )}
      <div>
        <BusyButton type="submit" busy={call.busy} busyLabel="Adding…" disabled={call.blocked}>
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
    <ConfirmDialog
      title="Delete this log entry?"
      message={`The entry of ${formatDate(entry.date)} will be deleted.${alsoDeleted} This cannot be undone.`}
      confirmLabel="Delete entry"
      busyLabel="Deleting…"
      busy={call.busy}
      problem={
        call.failure && (
          <p className="field-error" role="alert">
            {call.failure.message}
          </p>
        )
      }
      onConfirm={() => call.run({ name: 'deleteLogEntry', id: entry.id })}
      onClose={onClose}
    />
  )
}
