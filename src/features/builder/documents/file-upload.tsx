import { FileUp, RotateCw, X } from 'lucide-react'
import { useId, useState, type DragEvent, type ReactNode } from 'react'
import {
  FILE_KIND_LABELS,
  FILE_TYPES,
  MAX_CAPTION,
  type FileKind,
} from '../../../../contract/documents'
import type { StepSlug } from '../../../../contract'
import type { Upload } from '../../../../machines/client/client.machine'
import { formatBytes } from '../../../lib/bytes'
import { canRetry, stepTitle, uploadProblem } from './document-words'
import { KindSelect } from './kind-select'
import { useUploads } from './use-documents'

const ACCEPT = FILE_TYPES.join(',')

/** What a file is filed as when the page leaves the kind open: a photo, or else "Other". */
const kindByType = (file: File): FileKind => (file.type.startsWith('image/') ? 'photo' : 'other')

/**
 * Where the Documents page files what is added there: the kind and step its filters show
 * (`undefined`: any), so a new file lands in the view it was added from.
 */
export type Filing = { kind: FileKind | undefined; step: StepSlug | undefined }

function filingSentence({ kind, step }: Filing) {
  const as =
    kind === undefined
      ? `${FILE_KIND_LABELS.photo} (images) or ${FILE_KIND_LABELS.other} (PDFs)`
      : FILE_KIND_LABELS[kind]
  const where = step === undefined ? 'for the whole project' : `under ${stepTitle(step)}`
  return `Files added here are filed as ${as}, ${where}.`
}

/**
 * "Add files" (several at once, or dropped) with an optional caption; each upload then shows its
 * progress, a Cancel, or why it was refused. On a step's page the files are the step's, of the
 * kind chosen in its own "Kind" select, in one compact row, and the whole of it (with `children`,
 * the step's files) takes a drop; with `filing` (the Documents page), of the kind and step the
 * page has chosen, said next to the control, dropped on its zone, and every upload in flight shows.
 */
export function FileUpload({
  step: ownStep,
  filing,
  children,
}: ({ step: StepSlug; filing?: undefined } | { step?: undefined; filing: Filing }) & {
  children?: ReactNode
}) {
  const id = useId()
  const [ownKind, setKind] = useState<FileKind>('photo')
  const [caption, setCaption] = useState('')
  const [dragging, setDragging] = useState(false)
  const { uploads, start, dismiss, retry } = useUploads()
  const step = filing ? filing.step : ownStep
  const kindOf = (file: File) => (filing ? (filing.kind ?? kindByType(file)) : ownKind)
  const add = (files: FileList | null) => {
    if (!files?.length) return
    for (const file of files) {
      start({ file, kind: kindOf(file), step, caption: caption.trim() || undefined })
    }
    // The caption went with these files; the next ones start without it.
    setCaption('')
  }
  const dropTarget = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault()
      setDragging(true)
    },
    // Leaving for one of its own children is not leaving.
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault()
      setDragging(false)
      add(event.dataTransfer.files)
    },
  }
  const shown = uploads.filter(
    (upload) => upload.status !== 'done' && (filing !== undefined || upload.step === step),
  )
  const hint = 'Photos (JPEG, PNG, WebP) or PDFs, up to 20 MB each.'
  const picker = (
    <>
      <input
        id={`${id}-files`}
        className="visually-hidden drop-zone-input"
        type="file"
        multiple
        accept={ACCEPT}
        aria-describedby={filing ? `${id}-files-hint ${id}-filing` : `${id}-files-hint`}
        onChange={(event) => {
          add(event.target.files)
          event.target.value = ''
        }}
      />
      <label htmlFor={`${id}-files`} className="button button-secondary">
        <FileUp aria-hidden="true" />
        Add files
      </label>
    </>
  )
  const captionField = (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-caption`}>
        Caption <span className="field-optional">(optional)</span>
      </label>
      <input
        id={`${id}-caption`}
        className="field-input"
        value={caption}
        maxLength={MAX_CAPTION}
        onChange={(event) => setCaption(event.target.value)}
      />
    </div>
  )
  const uploadList = shown.length > 0 && (
    <ul className="upload-list" aria-label="Uploads">
      {shown.map((upload) => (
        <UploadRow
          key={upload.id}
          upload={upload}
          onDismiss={() => dismiss(upload.id)}
          onRetry={() => retry(upload)}
        />
      ))}
    </ul>
  )
  if (!filing) {
    return (
      <div
        className={
          dragging ? 'file-upload file-upload-step drop-active' : 'file-upload file-upload-step'
        }
        {...dropTarget}
      >
        <div className="file-upload-row">
          <KindSelect value={ownKind} onChange={(kind) => kind && setKind(kind)} />
          {captionField}
          <div className="file-upload-pick">{picker}</div>
        </div>
        <p id={`${id}-files-hint`} className="file-upload-hint">
          {hint} Or drop them here.
        </p>
        {uploadList}
        {children}
      </div>
    )
  }
  return (
    <div className="file-upload">
      <div className="file-upload-fields">{captionField}</div>
      <div className={dragging ? 'drop-zone drop-zone-active' : 'drop-zone'} {...dropTarget}>
        {picker}
        <p id={`${id}-files-hint`} className="drop-zone-hint">
          or drop them here. {hint}
        </p>
      </div>
      <p id={`${id}-filing`} className="file-upload-filing">
        {filingSentence(filing)}
      </p>
      {uploadList}
    </div>
  )
}

/**
 * One upload: its progress and Cancel while sending, or why it failed, Try again when another
 * try could work, and Dismiss.
 */
export function UploadRow({
  upload,
  onDismiss,
  onRetry,
}: {
  upload: Upload
  onDismiss: () => void
  onRetry: () => void
}) {
  const nameId = useId()
  if (upload.status === 'failed') {
    return (
      <li className="upload upload-failed">
        <p className="upload-problem" role="alert">
          {uploadProblem(upload)}
        </p>
        {canRetry(upload) && (
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={`Try uploading ${upload.name} again`}
            onClick={onRetry}
          >
            <RotateCw aria-hidden="true" />
            Try again
          </button>
        )}
        <button
          type="button"
          className="button button-ghost button-small"
          aria-label={`Dismiss the message about ${upload.name}`}
          onClick={onDismiss}
        >
          <X aria-hidden="true" />
          Dismiss
        </button>
      </li>
    )
  }
  const sent = `${formatBytes(upload.loaded)} of ${formatBytes(upload.total)}`
  return (
    <li className="upload">
      <div className="upload-head">
        <span id={nameId} className="upload-name">
          {upload.name}
        </span>
        <span className="upload-sent">{sent}</span>
      </div>
      <progress
        className="upload-progress"
        max={Math.max(upload.total, 1)}
        value={upload.loaded}
        aria-label={`Uploading ${upload.name}`}
        aria-valuetext={sent}
      />
      <button
        type="button"
        className="button button-secondary button-small"
        aria-describedby={nameId}
        onClick={onDismiss}
      >
        Cancel
      </button>
    </li>
  )
}
