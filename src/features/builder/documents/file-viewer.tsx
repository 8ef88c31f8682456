import { ChevronLeft, ChevronRight, Download, FileText } from 'lucide-react'
import { useEffect } from 'react'
import { FILE_KIND_LABELS, type StoredFile } from '../../../../contract/documents'
import { ModalDialog } from '../../../components/modal-dialog'
import { formatBytes } from '../../../lib/bytes'
import { fileTitle, formatUploaded, isImage } from './document-words'

/**
 * One file at a time over the page (a modal dialog, which keeps focus inside): the photo at
 * viewing size or the document's name with a download; Previous and Next (also ← and →),
 * Escape or Close to leave, Delete to ask before deleting it.
 */
export function FileViewer({
  files,
  index,
  onIndex,
  onClose,
  onDelete,
}: {
  files: StoredFile[]
  index: number
  onIndex: (index: number) => void
  onClose: () => void
  onDelete: (file: StoredFile) => void
}) {
  const file = files[index]
  const count = files.length
  const previous = () => onIndex((index - 1 + count) % count)
  const next = () => onIndex((index + 1) % count)
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') onIndex((index - 1 + count) % count)
      if (event.key === 'ArrowRight') onIndex((index + 1) % count)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [count, index, onIndex])
  if (!file) return null
  const title = fileTitle(file)
  return (
    <ModalDialog title={title} onClose={onClose} busy={false} className="file-viewer">
      <div className="file-viewer-stage">
        {isImage(file) && (file.urls.view ?? file.urls.thumb) ? (
          <img src={file.urls.view ?? file.urls.thumb} alt={title} />
        ) : (
          <div className="file-viewer-document">
            <FileText aria-hidden="true" />
            <p>{file.name}</p>
          </div>
        )}
      </div>
      <p className="file-viewer-meta">
        {FILE_KIND_LABELS[file.kind]} · {formatUploaded(file)} · {formatBytes(file.size)}
        {file.caption ? ` · ${file.name}` : ''}
      </p>
      <div className="file-viewer-nav">
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={count < 2}
          onClick={previous}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </button>
        <span className="file-viewer-count" aria-live="polite">
          {index + 1} of {count}
        </span>
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={count < 2}
          onClick={next}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </button>
      </div>
      <div className="dialog-actions">
        <a className="button button-secondary" href={file.urls.original} download={file.name}>
          <Download aria-hidden="true" />
          Download
        </a>
        <button type="button" className="button button-danger-quiet" onClick={() => onDelete(file)}>
          Delete
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  )
}
