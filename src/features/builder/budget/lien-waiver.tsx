import { useLocation } from '@tanstack/react-router'
import { FileCheck2, Upload } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { StepSlug } from '../../../../contract'
import { FILE_TYPES, type StoredFile } from '../../../../contract/documents'
import type { Draw } from '../../../../contract/money'
import { Badge } from '../../../components/badge'
import { DialogForm } from '../../../components/form/form-dialog'
import { SelectField } from '../../../components/form/select-field'
import { ModalDialog } from '../../../components/modal-dialog'
import { fileTitle } from '../documents/document-words'
import { UploadRow } from '../documents/file-upload'
import { useHeldFiles, useUploads } from '../documents/use-documents'
import { useFormCall } from '../use-form-call'
import { FieldAlert } from '../../../components/form/field-alert'

/** The address of a draw's lien-waiver control, which the Overview's next action links to. */
export const lienWaiverAnchor = (drawId: string) => `lien-waiver-${drawId}`

/**
 * A draw's lien waiver (PRODUCT.md §10): on file (with the document) or not, linked from the
 * documents of kind lien-waiver or uploaded here, and unlinked. Reached from the Overview, it
 * scrolls into view and takes focus.
 */
export function LienWaiver({
  draw,
  step,
  stepTitle,
}: {
  draw: Draw
  step: StepSlug
  stepTitle: string
}) {
  const [open, setOpen] = useState(false)
  const files = useHeldFiles()
  const anchor = lienWaiverAnchor(draw.id)
  const ref = useRef<HTMLDivElement>(null)
  const hash = useLocation({ select: (location) => location.hash })
  useEffect(() => {
    if (hash !== anchor) return
    ref.current?.scrollIntoView({ block: 'center' })
    ref.current?.querySelector('button')?.focus()
  }, [anchor, hash])
  const unlink = useFormCall(
    (c) => c.name === 'setLienWaiver' && c.id === draw.id && c.body.fileId === null,
    () => undefined,
  )
  const linked = files.list?.find((file) => file.id === draw.lienWaiverFileId)
  return (
    <div className="draw-waiver" id={anchor} ref={ref}>
      {draw.lienWaiverFileId ? (
        <>
          <Badge tone="success">Lien waiver on file</Badge>
          {linked && (
            <a href={linked.urls.original} download={linked.name}>
              {fileTitle(linked)}
            </a>
          )}
          <button
            type="button"
            className="button button-ghost button-small budget-no-print"
            disabled={unlink.blocked}
            aria-label={`Unlink the lien waiver of ${stepTitle}, ${draw.label}`}
            onClick={() =>
              unlink.run({ name: 'setLienWaiver', id: draw.id, body: { fileId: null } })
            }
          >
            Unlink
          </button>
        </>
      ) : (
        <>
          <Badge tone={draw.paid > 0 ? 'warning' : 'neutral'}>No lien waiver</Badge>
          <button
            type="button"
            className="button button-secondary button-small budget-no-print"
            disabled={unlink.blocked}
            aria-label={`Link lien waiver for ${stepTitle}, ${draw.label}`}
            onClick={() => setOpen(true)}
          >
            <FileCheck2 aria-hidden="true" />
            Link lien waiver
          </button>
        </>
      )}
      <FieldAlert message={unlink.failure?.message} />
      {open && (
        <LienWaiverDialog
          draw={draw}
          step={step}
          stepTitle={stepTitle}
          waivers={(files.list ?? []).filter((file) => file.kind === 'lien-waiver')}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  )
}

/** Step's own waivers first, then the others: the one wanted is usually near the top. */
const ownFirst = (step: StepSlug) => (a: StoredFile, b: StoredFile) =>
  Number(b.step === step) - Number(a.step === step)

/** Pick a lien-waiver document already uploaded, or upload one: either way it is linked. */
function LienWaiverDialog({
  draw,
  step,
  stepTitle,
  waivers,
  onClose,
}: {
  draw: Draw
  step: StepSlug
  stepTitle: string
  waivers: StoredFile[]
  onClose: () => void
}) {
  const id = useId()
  const sorted = [...waivers].sort(ownFirst(step))
  const [fileId, setFileId] = useState(sorted[0]?.id ?? '')
  const [uploadId, setUploadId] = useState<string | null>(null)
  const { uploads, start, dismiss, retry } = useUploads()
  const upload = uploads.find((u) => u.id === uploadId)
  const call = useFormCall(
    (c) => c.name === 'setLienWaiver' && c.id === draw.id && c.body.fileId !== null,
    onClose,
  )
  const uploaded = upload?.status === 'done' ? upload.file : undefined
  const linking = useRef(false)
  // The waiver uploaded here is linked as soon as it is stored and the actor is free.
  useEffect(() => {
    if (!uploaded || linking.current || call.blocked) return
    linking.current = true
    call.run({ name: 'setLienWaiver', id: draw.id, body: { fileId: uploaded.id } })
  }, [call, draw.id, uploaded])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (fileId) call.run({ name: 'setLienWaiver', id: draw.id, body: { fileId } })
  }
  return (
    <ModalDialog
      title={`Lien waiver — ${stepTitle}, ${draw.label}`}
      onClose={onClose}
      busy={call.busy}
    >
      <p className="lien-waiver-lead">
        A lien waiver from the contractor says they were paid for this draw and will not put a lien
        on your home for it.
      </p>
      {sorted.length > 0 ? (
        <DialogForm
          form={{ ...call, submit }}
          className="money-form"
          submitLabel="Link"
          busyLabel="Linking…"
          onClose={onClose}
        >
          <SelectField
            id={`${id}-file`}
            label="Lien waiver document"
            value={fileId}
            onChange={setFileId}
          >
            {sorted.map((file) => (
              <option key={file.id} value={file.id}>
                {fileTitle(file)}
              </option>
            ))}
          </SelectField>
        </DialogForm>
      ) : (
        <p className="money-empty">No lien waiver is uploaded yet: upload the one you received.</p>
      )}
      <div className="lien-waiver-upload">
        <p className="field-label">Or upload the one you received</p>
        <input
          id={`${id}-upload`}
          type="file"
          className="visually-hidden drop-zone-input"
          accept={FILE_TYPES.join(',')}
          aria-describedby={`${id}-upload-hint`}
          disabled={upload?.status === 'sending' || upload?.status === 'done'}
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (upload) dismiss(upload.id)
            if (file) setUploadId(start({ file, kind: 'lien-waiver', step }))
          }}
        />
        <label htmlFor={`${id}-upload`} className="button button-secondary">
          <Upload aria-hidden="true" />
          Upload a lien waiver
        </label>
        <p id={`${id}-upload-hint`} className="field-hint">
          A PDF or a photo of it, up to 20 MB. It is linked to this draw once uploaded.
        </p>
        {upload && upload.status !== 'done' && (
          <ul className="upload-list" aria-label="Uploads">
            <UploadRow
              upload={upload}
              onDismiss={() => dismiss(upload.id)}
              onRetry={() => setUploadId(retry(upload))}
            />
          </ul>
        )}
        {uploaded && call.busy && <p aria-live="polite">Linking {uploaded.name}…</p>}
      </div>
      {sorted.length === 0 && (
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      )}
    </ModalDialog>
  )
}
