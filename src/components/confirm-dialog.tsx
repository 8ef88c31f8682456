import type { ReactNode } from 'react'
import { BusyButton } from './busy-button'
import { ModalDialog } from './modal-dialog'

type ConfirmDialogProps = {
  title: string
  message: string
  confirmLabel: string
  /** What the confirm button says while its request runs. */
  busyLabel: string
  busy: boolean
  onConfirm: () => void
  /** Cancel, Escape: nothing happens. */
  onClose: () => void
  /** Shown above the message, e.g. why the last try was refused. */
  problem?: ReactNode
  /** Said after the message, e.g. what it is about. */
  children?: ReactNode
  /** The confirm button's look: danger for what cannot be undone (the default). */
  variant?: 'primary' | 'danger'
}

/**
 * Asks before something that cannot be undone (or should not be done lightly): a modal with
 * the confirm button first, then Cancel.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { busy, onClose, variant = 'danger' } = props
  return (
    <ModalDialog title={props.title} onClose={onClose} busy={busy}>
      {props.problem}
      <p>{props.message}</p>
      {props.children}
      <div className="dialog-actions">
        <BusyButton
          type="button"
          variant={variant}
          busy={busy}
          busyLabel={props.busyLabel}
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </BusyButton>
        <button type="button" className="button button-secondary" disabled={busy} onClick={onClose}>
          Cancel
        </button>
      </div>
    </ModalDialog>
  )
}
