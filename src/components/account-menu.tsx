import { useSelector } from '@xstate/react'
import { ChevronDown } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { UserData } from '../../contract'
import type { SessionActor } from '../../machines/session/session.machine'
import { useSessionActor } from '../app/session-context'
import { Badge } from './badge'

const selectUser = (snapshot: SnapshotFrom<SessionActor>) => snapshot.context.userData

const ROLE_LABEL: Record<UserData['role'], string> = {
  CLIENT: 'Homeowner',
  ADMIN: 'Admin',
  MANAGER: 'Project manager',
}

/** "Pat Pool" → "PP", "Madonna" → "M"; the email's first letter when there is no name. */
function initials(name: string, email: string): string {
  const words = name.split(/\s+/).filter((word) => word !== '')
  const first = words[0] ?? email
  const last = words.length > 1 ? words[words.length - 1] : undefined
  return `${first.charAt(0)}${last?.charAt(0) ?? ''}`.toUpperCase()
}

/**
 * Who is signed in: an avatar button (with the email beside it on wide screens) that opens a
 * small panel with the name, email and role. Focus moves into the panel; Escape, a click outside
 * or tabbing away closes it, Escape returning focus to the button. Log out stays outside, always
 * visible (PRODUCT.md §6), so the panel holds account details only.
 */
export function AccountMenu() {
  const user = useSelector(useSessionActor(), selectUser)
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const panelId = useId()

  useEffect(() => {
    if (!open) return
    panel.current?.focus()
    const closeOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false)
    }
    document.addEventListener('pointerdown', closeOutside)
    return () => document.removeEventListener('pointerdown', closeOutside)
  }, [open])

  if (!user) return null

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return
    event.stopPropagation()
    setOpen(false)
    button.current?.focus()
  }
  const avatar = initials(user.name, user.email)
  return (
    <div
      ref={root}
      className="account-menu"
      onKeyDown={closeOnEscape}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget)) setOpen(false)
      }}
    >
      <button
        ref={button}
        type="button"
        className="account-button"
        // Names what it is, and holds the email it shows (WCAG 2.5.3, label in name).
        aria-label={`Account: ${user.email}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <span className="avatar" data-initials={avatar} aria-hidden="true" />
        <span className="account-email">{user.email}</span>
        <ChevronDown aria-hidden="true" />
      </button>
      <div
        ref={panel}
        id={panelId}
        className="account-panel"
        role="dialog"
        aria-label="Account"
        tabIndex={-1}
        hidden={!open}
      >
        <div className="account-who">
          <span className="avatar avatar-large" data-initials={avatar} aria-hidden="true" />
          <div>
            <p className="account-name">{user.name || user.email}</p>
            <p className="account-address">{user.email}</p>
          </div>
        </div>
        <dl className="account-facts">
          <div>
            <dt>Role</dt>
            <dd>
              <Badge tone="info">{ROLE_LABEL[user.role]}</Badge>
            </dd>
          </div>
          {'city' in user && (
            <div>
              <dt>Pool in</dt>
              <dd>
                {user.city}, {user.state}
              </dd>
            </div>
          )}
        </dl>
      </div>
    </div>
  )
}
