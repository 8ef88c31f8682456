import { useEffect, useId, useRef, useState } from 'react'
import { FieldAlert } from '../../../components/form/field-alert'
import { useHeldFiles, useUploads } from '../documents/use-documents'

type AttachFilesProps = { fileIds: string[]; onChange: (fileIds: string[]) => void }

/**
 * What the owner attaches to a message (PRODUCT.md §11): files of the project, chosen from the
 * list, or one uploaded here through the usual upload, which is chosen once stored.
 */
export function AttachFiles({ fileIds, onChange }: AttachFilesProps) {
  const idPrefix = useId()
  const files = useHeldFiles().list ?? []
  const { uploads, start } = useUploads()
  const [uploading, setUploading] = useState<string | null>(null)
  const upload = uploads.find((u) => u.id === uploading)
  // The upload's file is chosen once, when stored: unticking it afterwards is the owner's say.
  const chosen = useRef<string | null>(null)
  useEffect(() => {
    const stored = upload?.status === 'done' ? upload.file : undefined
    if (!stored || chosen.current === stored.id) return
    chosen.current = stored.id
    if (!fileIds.includes(stored.id)) onChange([...fileIds, stored.id])
  }, [upload, fileIds, onChange])
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...fileIds, id] : fileIds.filter((chosen) => chosen !== id))
  return (
    <details className="message-attach-box">
      <summary>Attach files{fileIds.length > 0 && ` (${fileIds.length} chosen)`}</summary>
      <fieldset className="message-attach">
        <legend className="visually-hidden">Attach files</legend>
        {files.map((file) => (
          <label key={file.id}>
            <input
              type="checkbox"
              checked={fileIds.includes(file.id)}
              onChange={(event) => toggle(file.id, event.target.checked)}
            />{' '}
            {file.name}
          </label>
        ))}
        <label htmlFor={`${idPrefix}-upload`}>Upload a file</label>
        <input
          id={`${idPrefix}-upload`}
          type="file"
          accept="image/jpeg,image/png,image/webp,application/pdf"
          disabled={upload?.status === 'sending'}
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (file) setUploading(start({ file, kind: 'other' }))
            event.target.value = ''
          }}
        />
        <FieldAlert
          message={upload?.status === 'failed' ? 'That file was not uploaded.' : undefined}
        />
      </fieldset>
    </details>
  )
}
