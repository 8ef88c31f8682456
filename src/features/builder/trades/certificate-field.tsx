import { useId, useState } from 'react'
import { FILE_TYPES } from '../../../../contract/documents'
import { uploadProblem } from '../documents/document-words'
import { useUploads } from '../documents/use-documents'

/**
 * A certificate of a trade's: the file on record, or the one chosen in its place, uploaded to
 * the owner's documents (filed as "Other") as soon as it is chosen; the trade names the stored
 * file. `uploading` while it is on its way: the form waits for it.
 */
export function useCertificate(onRecord: string | null) {
  const { uploads, start, dismiss } = useUploads()
  const [held, setHeld] = useState(onRecord)
  const [uploadId, setUploadId] = useState<string | null>(null)
  const upload = uploads.find((u) => u.id === uploadId)
  const fileId = upload?.status === 'done' && upload.file ? upload.file.id : held
  const forget = () => {
    if (uploadId) dismiss(uploadId)
    setUploadId(null)
  }
  const choose = (file: File | undefined, caption: string) => {
    forget()
    if (file) setUploadId(start({ file, kind: 'other', caption }))
  }
  const remove = () => {
    forget()
    setHeld(null)
  }
  return { fileId, upload, uploading: upload?.status === 'sending', choose, remove }
}

type CertificateFieldProps = {
  label: string
  certificate: ReturnType<typeof useCertificate>
  /** What the upload is captioned in Documents, e.g. "Insurance certificate — Blue Shell Co". */
  caption: string
}

/** A certificate's file input (a PDF or a photo of it), what is on record, and a way to remove it. */
export function CertificateField({ label, certificate, caption }: CertificateFieldProps) {
  const id = useId()
  const { upload, uploading, fileId } = certificate
  const statusId = `${id}-status`
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        className="field-input"
        accept={FILE_TYPES.join(',')}
        aria-describedby={statusId}
        onChange={(event) => certificate.choose(event.target.files?.[0], caption)}
      />
      <p id={statusId} className="field-hint" aria-live="polite">
        {uploading && upload
          ? `Uploading ${upload.name}…`
          : fileId
            ? 'A certificate is on record.'
            : 'None on record.'}
      </p>
      {fileId && !uploading && (
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={certificate.remove}
        >
          Remove {label.toLowerCase()}
        </button>
      )}
      {upload?.status === 'failed' && (
        <p className="field-error" role="alert">
          {uploadProblem(upload)}
        </p>
      )}
    </div>
  )
}
