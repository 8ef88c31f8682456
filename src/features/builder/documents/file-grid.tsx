import { FileText, Trash2 } from 'lucide-react'
import { FILE_KIND_LABELS, type StoredFile } from '../../../../contract/documents'
import { fileTitle, formatUploaded, isImage, stepTitle } from './document-words'

/**
 * Files as tiles: a photo's thumbnail or a document's name, opening the viewer; its caption,
 * kind and day below; a Delete that asks first. `showStep` names each file's step too.
 */
export function FileGrid({
  files,
  label,
  onOpen,
  onDelete,
  showStep = false,
}: {
  files: StoredFile[]
  label: string
  onOpen: (index: number) => void
  onDelete: (file: StoredFile) => void
  showStep?: boolean
}) {
  return (
    <ul className="file-grid" aria-label={label}>
      {files.map((file, index) => {
        const title = fileTitle(file)
        const step = showStep && file.step ? stepTitle(file.step) : undefined
        return (
          <li key={file.id} className="file-tile">
            <button type="button" className="file-tile-open" onClick={() => onOpen(index)}>
              {isImage(file) && file.urls.thumb ? (
                <img src={file.urls.thumb} alt={title} loading="lazy" decoding="async" />
              ) : (
                <span className="file-tile-document">
                  <FileText aria-hidden="true" />
                  <span>{file.name}</span>
                </span>
              )}
            </button>
            <div className="file-tile-text">
              <p className="file-tile-title">{title}</p>
              <p className="file-tile-meta">
                {FILE_KIND_LABELS[file.kind]}
                {step ? ` · ${step}` : ''} · {formatUploaded(file)}
              </p>
            </div>
            <button
              type="button"
              className="file-tile-delete"
              aria-label={`Delete ${title}`}
              onClick={() => onDelete(file)}
            >
              <Trash2 aria-hidden="true" />
            </button>
          </li>
        )
      })}
    </ul>
  )
}
