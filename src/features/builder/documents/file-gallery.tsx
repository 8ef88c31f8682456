import { useState, type ReactNode } from 'react'
import type { StoredFile } from '../../../../contract/documents'
import { ConfirmDelete } from '../../../components/form/confirm-delete'
import { ErrorPanel } from '../../../components/error-panel'
import { Spinner } from '../../../components/spinner'
import { useFormCall } from '../use-form-call'
import { fileTitle } from './document-words'
import { FileGrid } from './file-grid'
import { FileViewer } from './file-viewer'
import { useFiles } from './use-documents'

type Open = { kind: 'view'; index: number } | { kind: 'delete'; file: StoredFile } | null

/**
 * The client's files that `pick` keeps, as a grid with the viewer and a Delete that asks first;
 * a spinner while the list (or fresh addresses for it) is on its way, and the refusal with
 * "Try again" if it does not come. `empty` is what to say when there is nothing to show.
 */
export function FileGallery({
  pick,
  label,
  empty,
  showStep = false,
}: {
  pick: (files: StoredFile[]) => StoredFile[]
  label: string
  empty: ReactNode
  showStep?: boolean
}) {
  const held = useFiles()
  const [open, setOpen] = useState<Open>(null)
  const close = () => setOpen(null)
  if (held.failed) {
    return <ErrorPanel title="Your files did not load" message={held.failed} onRetry={held.retry} />
  }
  if (!held.list || !held.ready) return <Spinner label="Loading your files" />
  const files = pick(held.list)
  return (
    <>
      {files.length === 0 ? (
        <div className="files-empty">{empty}</div>
      ) : (
        <FileGrid
          files={files}
          label={label}
          showStep={showStep}
          onOpen={(index) => setOpen({ kind: 'view', index })}
          onDelete={(file) => setOpen({ kind: 'delete', file })}
        />
      )}
      {open?.kind === 'view' && (
        <FileViewer
          files={files}
          index={Math.min(open.index, files.length - 1)}
          onIndex={(index) => setOpen({ kind: 'view', index })}
          onClose={close}
          onDelete={(file) => setOpen({ kind: 'delete', file })}
        />
      )}
      {open?.kind === 'delete' && <DeleteFile file={open.file} onClose={close} />}
    </>
  )
}

/** "Delete this file?": the file and its variants go for good. */
export function DeleteFile({ file, onClose }: { file: StoredFile; onClose: () => void }) {
  const call = useFormCall((c) => c.name === 'deleteFile' && c.id === file.id, onClose)
  return (
    <ConfirmDelete
      title="Delete this file?"
      message={`${fileTitle(file)} will be deleted, with every copy of it. This cannot be undone.`}
      confirmLabel="Delete file"
      call={call}
      request={{ name: 'deleteFile', id: file.id }}
      onClose={onClose}
    />
  )
}
