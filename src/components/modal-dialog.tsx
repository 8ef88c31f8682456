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

/** Where an opener sits, nearest first: what focus may go back to once the opener is gone. */
const PLACES = 'li, tr, section, article, main'

/**
 * Focus back on the dialog's opener or, when what the dialog did removed it (a draw paid in
 * full has no "Record payment"), on the nearest of its places still on the page: an item or
 * row itself, a section at its heading. Never left on the page's body.
 */
function focusBack(opener: Element | null, places: Element[]) {
  if (opener instanceof HTMLElement && opener.isConnected) {
    opener.focus()
    return
  }
  const place = places.find((element) => element.isConnected)
  if (!(place instanceof HTMLElement)) return
  const heading = place.matches('li, tr')
    ? null
    : place.querySelector<HTMLElement>('h1, h2, h3, h4')
  const target = heading ?? place
  // Focusable for this once: a click inside it later must not focus the whole item.
  if (!target.hasAttribute('tabindex')) {
    target.tabIndex = -1
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true })
  }
  target.focus()
}

function placesOf(opener: Element | null): Element[] {
  const places: Element[] = []
  for (let at = opener?.parentElement?.closest(PLACES); at; at = at.parentElement?.closest(PLACES))
    places.push(at)
  return places
}

/**
 * A native modal <dialog>: showModal() makes the rest of the page inert and keeps focus inside,
 * Escape cancels, and focus returns to where it was when it closes (see focusBack). Mounted to
 * open it.
 */
export function ModalDialog({ title, onClose, busy, children, className }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement
    const places = placesOf(opener)
    if (!dialog.open) dialog.showModal()
    return () => {
      if (dialog.open) dialog.close()
      focusBack(opener, places)
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
