import { FileUp, RotateCw, X } from 'lucide-react'
import { useId, useState, type DragEvent } from 'react'
import {
  FILE_KIND_LABELS,
  FILE_KINDS,
  FILE_TYPES,
  MAX_CAPTION,
  type FileKind,
} from '../../../../contract/documents'
import type { StepSlug } from '../../../../contract'
import type { Upload } from '../../../../machines/client/client.machine'
import { formatBytes } from '../../../lib/bytes'
import { canRetry, uploadProblem } from './document-words'
import { useUploads } from './use-documents'

const ACCEPT = FILE_TYPES.join(',')

/**
 * "Add files" (several at once, or dropped on the zone) with the kind and an optional caption
 * they are stored under; each upload then shows its progress, a Cancel, or why it was refused.
 */
export function FileUpload({ step }: { step?: StepSlug | undefined }) {
  const id = useId()
  const [kind, setKind] = useState<FileKind>('photo')
  const [caption, setCaption] = useState('')
  const [dragging, setDragging] = useState(false)
  const { uploads, start, dismiss, retry } = useUploads()
  const add = (files: FileList | null) => {
    if (!files?.length) return
    for (const file of files) start({ file, kind, step, caption: caption.trim() || undefined })
    // The caption went with these files; the next ones start without it.
    setCaption('')
  }
  const drop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    add(event.dataTransfer.files)
  }
  const shown = uploads.filter((upload) => upload.step === step && upload.status !== 'done')
  return (
    <div className="file-upload">
      <div className="file-upload-fields">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-kind`}>
            Kind
          </label>
          <select
            id={`${id}-kind`}
            className="field-input"
            value={kind}
            onChange={(event) => setKind(event.target.value as FileKind)}
          >
            {FILE_KINDS.map((option) => (
              <option key={option} value={option}>
                {FILE_KIND_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
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
      </div>
      <div
        className={dragging ? 'drop-zone drop-zone-active' : 'drop-zone'}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <FileUp className="drop-zone-icon" aria-hidden="true" />
        <input
          id={`${id}-files`}
          className="visually-hidden drop-zone-input"
          type="file"
          multiple
          accept={ACCEPT}
          aria-describedby={`${id}-files-hint`}
          onChange={(event) => {
            add(event.target.files)
            event.target.value = ''
          }}
        />
        <label htmlFor={`${id}-files`} className="button button-secondary">
          Add files
        </label>
        <p id={`${id}-files-hint`} className="drop-zone-hint">
          or drop them here. Photos (JPEG, PNG, WebP) or PDFs, up to 20 MB each.
        </p>
      </div>
      {shown.length > 0 && (
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
      )}
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
