import { useEffect, useId, useRef, type ReactNode } from 'react'
import { BusyButton } from './busy-button'
import './modal-dialog.css'

type ModalDialogProps = {
  title: string
  /** Called when the dialog closes by Escape or its Cancel button. */
  onClose: () => void
  /** While a request runs the dialog cannot be dismissed: its answer decides. */
  busy: boolean
  children: ReactNode
  /** Extra classes, e.g. a wider dialog for a photo. */
  className?: string
}

/**
 * A native modal <dialog>: showModal() makes the rest of the page inert and keeps focus inside,
 * Escape cancels, and focus returns to where it was when it closes. Mounted to open it.
 */
export function ModalDialog({ title, onClose, busy, children, className }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement
    if (!dialog.open) dialog.showModal()
    return () => {
      if (dialog.open) dialog.close()
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [])

  return (
    <dialog
      ref={ref}
      className={className ? `modal-dialog ${className}` : 'modal-dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        if (!busy) onClose()
      }}
    >
      <h2 id={titleId} className="modal-dialog-title">
        {title}
      </h2>
      {children}
    </dialog>
  )
}

/**
 * A dialog form's buttons: submit (busy while its write runs, or held back by `blocked` while
 * another write runs) and Cancel.
 */
export function DialogActions(props: {
  busy: boolean
  submitLabel: string
  onCancel: () => void
  busyLabel?: string
  blocked?: boolean
}) {
  return (
    <div className="dialog-actions">
      <BusyButton
        type="submit"
        busy={props.busy}
        busyLabel={props.busyLabel ?? 'Saving…'}
        disabled={props.blocked}
      >
        {props.submitLabel}
      </BusyButton>
      <button
        type="button"
        className="button button-secondary"
        disabled={props.busy}
        onClick={props.onCancel}
      >
        Cancel
      </button>
    </div>
  )
}
