import { useLocation } from '@tanstack/react-router'
import { FileCheck2, Upload } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { StepSlug } from '../../../../contract'
import { FILE_TYPES, type StoredFile } from '../../../../contract/documents'
import type { WaiverKind } from '../../../../contract/notices'
import type { ClientCall, ClientWrite } from '../../../../machines/client/client.machine'
import { Badge } from '../../../components/badge'
import { DialogForm } from '../../../components/form/form-dialog'
import { SelectField } from '../../../components/form/select-field'
import { ModalDialog } from '../../../components/modal-dialog'
import { fileTitle } from '../documents/document-words'
import { UploadRow } from '../documents/file-upload'
import { useHeldFiles, useUploads } from '../documents/use-documents'
import { useFormCall } from '../use-form-call'
import { FieldAlert } from '../../../components/form/field-alert'

/** The address of a draw's unconditional-waiver control, which the Overview's next action links to. */
export const lienWaiverAnchor = (drawId: string) => `lien-waiver-${drawId}`

/** Whose waiver: the draw's trade's, or a preliminary notice's claimant's (PRODUCT.md §15). */
export type WaiverTarget = {
  drawId: string
  noticeId?: string
  kind: WaiverKind
  /** The file linked, or null. */
  fileId: string | null
  /** What the waiver is for, in words: "Excavation, Deposit" or "Rebar Supply, Excavation, Deposit". */
  context: string
  /** The id of the element that names the draw or the claimant, which describes the controls. */
  describedBy: string
}

const KIND_WORDS: Record<WaiverKind, string> = {
  conditional: 'conditional',
  unconditional: 'unconditional',
}

/** The call that links `fileId` (or unlinks, with null) as this target's waiver. */
const linkCall = (target: WaiverTarget, fileId: string | null): ClientWrite =>
  target.noticeId === undefined
    ? { name: 'setLienWaiver', id: target.drawId, body: { fileId, kind: target.kind } }
    : {
        name: 'setNoticeWaiver',
        id: target.drawId,
        noticeId: target.noticeId,
        body: { fileId, kind: target.kind },
      }

/** Whether a call links (`unlinking` false) or unlinks this target's waiver. */
const isLinkOf = (target: WaiverTarget, unlinking: boolean) => (c: ClientCall) => {
  if (c.name === 'setLienWaiver')
    return (
      target.noticeId === undefined &&
      c.id === target.drawId &&
      (c.body.kind ?? 'unconditional') === target.kind &&
      (c.body.fileId === null) === unlinking
    )
  return (
    c.name === 'setNoticeWaiver' &&
    c.id === target.drawId &&
    c.noticeId === target.noticeId &&
    c.body.kind === target.kind &&
    (c.body.fileId === null) === unlinking
  )
}

/**
 * One waiver of a draw (PRODUCT.md §15): on file (with the document) or not, linked from the
 * documents of kind lien-waiver or uploaded here, and unlinked. The draw's unconditional one,
 * reached from the Overview, scrolls into view and takes focus.
 */
export function LienWaiver({
  target,
  paid,
  step,
  anchor,
}: {
  target: WaiverTarget
  paid: boolean
  step: StepSlug
  anchor?: string
}) {
  const [open, setOpen] = useState(false)
  const files = useHeldFiles()
  const ref = useRef<HTMLDivElement>(null)
  const hash = useLocation({ select: (location) => location.hash })
  useEffect(() => {
    if (anchor === undefined || hash !== anchor) return
    ref.current?.scrollIntoView({ block: 'center' })
    ref.current?.querySelector('button')?.focus()
  }, [anchor, hash])
  const unlink = useFormCall(isLinkOf(target, true))
  const linked = files.list?.find((file) => file.id === target.fileId)
  const kind = KIND_WORDS[target.kind]
  const title = `${kind.charAt(0).toUpperCase()}${kind.slice(1)} waiver`
  return (
    <div className="draw-waiver" id={anchor} ref={ref}>
      {target.fileId ? (
        <>
          <Badge tone="success">{`${title} on file`}</Badge>
          {linked && (
            <a href={linked.urls.original} download={linked.name}>
              {fileTitle(linked)}
            </a>
          )}
          <button
            type="button"
            className="button button-ghost button-small budget-no-print"
            disabled={unlink.blocked}
            aria-label={`Unlink the ${kind} waiver of ${target.context}`}
            onClick={() => unlink.run(linkCall(target, null))}
          >
            Unlink
          </button>
        </>
      ) : (
        <>
          <Badge tone={paid ? 'warning' : 'neutral'}>{`No ${kind} waiver`}</Badge>
          <button
            type="button"
            className="button button-secondary button-small budget-no-print"
            disabled={unlink.blocked}
            aria-describedby={target.describedBy}
            onClick={() => setOpen(true)}
          >
            <FileCheck2 aria-hidden="true" />
            Attach {kind} waiver
          </button>
        </>
      )}
      <FieldAlert message={unlink.failure?.message} />
      {open && (
        <LienWaiverDialog
          target={target}
          title={`${title} — ${target.context}`}
          step={step}
          waivers={(files.list ?? []).filter((file) => file.kind === 'lien-waiver')}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  )
}

const LEADS: Record<WaiverKind, string> = {
  conditional:
    'A conditional waiver says they will not put a lien on your home for this money once your payment clears: get it before you pay.',
  unconditional:
    'An unconditional waiver says they were paid for this draw and will not put a lien on your home for it: get it once your payment cleared.',
}

/** Step's own waivers first, then the others: the one wanted is usually near the top. */
const ownFirst = (step: StepSlug) => (a: StoredFile, b: StoredFile) =>
  Number(b.step === step) - Number(a.step === step)

/** Pick a lien-waiver document already uploaded, or upload one: either way it is linked. */
function LienWaiverDialog({
  target,
  title,
  step,
  waivers,
  onClose,
}: {
  target: WaiverTarget
  title: string
  step: StepSlug
  waivers: StoredFile[]
  onClose: () => void
}) {
  const id = useId()
  const sorted = [...waivers].sort(ownFirst(step))
  const [fileId, setFileId] = useState(sorted[0]?.id ?? '')
  const [uploadId, setUploadId] = useState<string | null>(null)
  const { uploads, start, dismiss, retry } = useUploads()
  const upload = uploads.find((u) => u.id === uploadId)
  const call = useFormCall(isLinkOf(target, false), onClose)
  const uploaded = upload?.status === 'done' ? upload.file : undefined
  const linking = useRef(false)
  // The waiver uploaded here is linked as soon as it is stored and the actor is free.
  useEffect(() => {
    if (!uploaded || linking.current || call.blocked) return
    linking.current = true
    call.run(linkCall(target, uploaded.id))
  }, [call, target, uploaded])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (fileId) call.run(linkCall(target, fileId))
  }
  return (
    <ModalDialog title={title} onClose={onClose} busy={call.busy}>
      <p className="lien-waiver-lead">{LEADS[target.kind]}</p>
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
