import { Camera } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { FILE_TYPES } from '../../../../contract/documents'
import { PHOTO_FIRST, type Checklist, type ChecklistItem } from '../../../../contract/checklists'
import { uploadProblem } from '../documents/document-words'
import { useUploads } from '../documents/use-documents'
import { useClientCalls } from '../use-client'

const photoCount = (count: number) =>
  count === 0 ? 'No photo yet' : count === 1 ? '1 photo attached' : `${count} photos attached`

/**
 * An inspection's checklist (PRODUCT.md §16): a checkbox per item, named by its text with the
 * code reference beside it; a photo item takes a photo (uploaded as an inspection file and
 * linked to the item at once) and is ticked only once it has one.
 */
export function InspectionChecklist({ checklist }: { checklist: Checklist }) {
  const id = `checklist-${checklist.inspection}`
  return (
    <div className="checklist" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Checklist</h3>
      {checklist.someoneHome && <p className="checklist-home">Someone must be home</p>}
      <ul className="checklist-items">
        {checklist.items.map((item) => (
          <ChecklistRow
            key={item.id}
            inspection={checklist.inspection}
            item={item}
            id={`${id}-${item.id}`}
          />
        ))}
      </ul>
    </div>
  )
}

type RowProps = { inspection: Checklist['inspection']; item: ChecklistItem; id: string }

function ChecklistRow({ inspection, item, id }: RowProps) {
  const calls = useClientCalls()
  const { uploads, start, dismiss } = useUploads()
  const [uploadId, setUploadId] = useState<string | null>(null)
  const linked = useRef<string | null>(null)
  const [refusal, setRefusal] = useState<string>()
  const upload = uploads.find((u) => u.id === uploadId)
  const mine = (call: unknown): call is { body: { checked: boolean } } =>
    typeof call === 'object' &&
    call !== null &&
    Reflect.get(call, 'name') === 'tickChecklistItem' &&
    Reflect.get(call, 'itemId') === item.id &&
    Reflect.get(call, 'inspection') === inspection
  const pending = mine(calls.pending) ? calls.pending : null
  const failure = calls.failure && mine(calls.failure.call) ? calls.failure : null
  const message =
    refusal ?? failure?.fields.checked?.[0] ?? failure?.fields.fileIds?.[0] ?? failure?.message
  // A photo, once stored, is linked to the item; the tick stays as the owner left it.
  const stored = upload?.status === 'done' ? upload.file : undefined
  const { run } = calls
  const busy = calls.pending !== null
  useEffect(() => {
    // Writes run one at a time: the link waits for the one in flight.
    if (!stored || !uploadId || busy || linked.current === uploadId) return
    linked.current = uploadId
    dismiss(uploadId)
    run({
      name: 'tickChecklistItem',
      inspection,
      itemId: item.id,
      body: { checked: item.checked, fileIds: [...item.fileIds, stored.id] },
    })
  }, [stored, uploadId, busy, dismiss, run, inspection, item])
  const tick = (checked: boolean) => {
    if (checked && item.photo && item.fileIds.length === 0) {
      setRefusal(PHOTO_FIRST)
      return
    }
    setRefusal(undefined)
    calls.run({ name: 'tickChecklistItem', inspection, itemId: item.id, body: { checked } })
  }
  const choose = (file: File | undefined) => {
    setRefusal(undefined)
    if (file) setUploadId(start({ file, kind: 'inspection', caption: item.text }))
  }
  const uploading = upload?.status === 'sending'
  const describedBy = [item.code ? `${id}-code` : '', message ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ')
  return (
    <li className="checklist-item">
      <div className="checklist-check">
        <input
          id={id}
          type="checkbox"
          checked={pending ? pending.body.checked : item.checked}
          disabled={calls.pending !== null}
          aria-describedby={describedBy || undefined}
          aria-invalid={message ? true : undefined}
          onChange={(event) => tick(event.target.checked)}
        />
        <label htmlFor={id}>{item.text}</label>
        {item.code && (
          <span id={`${id}-code`} className="checklist-code">
            {item.code}
          </span>
        )}
      </div>
      {item.photo && (
        <div className="checklist-photo">
          <label className="button button-secondary button-small" htmlFor={`${id}-photo`}>
            <Camera aria-hidden="true" size={16} />
            Photo<span className="visually-hidden"> for {item.text}</span>
          </label>
          <input
            id={`${id}-photo`}
            className="visually-hidden"
            type="file"
            accept={FILE_TYPES.filter((type) => type.startsWith('image/')).join(',')}
            disabled={uploading}
            onChange={(event) => {
              choose(event.target.files?.[0])
              event.target.value = ''
            }}
          />
          <span className="checklist-photo-count" aria-live="polite">
            {uploading && upload ? `Uploading ${upload.name}…` : photoCount(item.fileIds.length)}
          </span>
        </div>
      )}
      {upload?.status === 'failed' && (
        <p className="field-error" role="alert">
          {uploadProblem(upload)}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {message}
        </p>
      )}
    </li>
  )
}
