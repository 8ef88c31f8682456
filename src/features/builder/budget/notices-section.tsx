import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { Notice } from '../../../../contract/notices'
import type { Trade } from '../../../../contract/trades'
import { ConfirmDelete } from '../../../components/form/confirm-delete'
import { Spinner } from '../../../components/spinner'
import { formatMoney } from '../../../lib/money'
import { formatDate } from '../timeline-dates'
import { useTrades } from '../trades/use-trades'
import { useFormCall } from '../use-form-call'
import { ROLE_WORDS } from './money-words'
import { NoticeDialog } from './notice-dialog'
import { useNotices } from './use-notices'

type Open = { dialog: 'add' } | { dialog: 'edit' | 'delete'; notice: Notice } | null

/**
 * "Preliminary notices" on the Budget page (PRODUCT.md §15): each 20-day notice received, for
 * the trade its claimant works for; each draw of that trade then asks for the claimant's waivers.
 */
export function NoticesSection() {
  const notices = useNotices()
  const trades = useTrades()
  const [open, setOpen] = useState<Open>(null)
  const close = () => setOpen(null)
  const tradeList = trades.list ?? []
  return (
    <section className="money-section" aria-labelledby="notices-title">
      <div className="money-step-head">
        <h2 id="notices-title">Preliminary notices</h2>
        <button
          type="button"
          className="button button-secondary button-small budget-no-print"
          disabled={tradeList.length === 0}
          onClick={() => setOpen({ dialog: 'add' })}
        >
          Add notice
        </button>
      </div>
      {notices.list === null ? (
        notices.failed ? (
          <p className="field-error" role="alert">
            {notices.failed}
          </p>
        ) : (
          <Spinner label="Loading the notices" />
        )
      ) : notices.list.length === 0 ? (
        <p className="money-empty">
          {tradeList.length === 0 ? (
            <>
              No notices. A notice names the trade its sender works for:{' '}
              <Link to="/builder/$page" params={{ page: 'trades' }}>
                add a trade
              </Link>{' '}
              first.
            </>
          ) : (
            'No notices. Record each 20-day preliminary notice you receive.'
          )}
        </p>
      ) : (
        <NoticeList
          notices={notices.list}
          trades={tradeList}
          onEdit={(notice) => setOpen({ dialog: 'edit', notice })}
          onDelete={(notice) => setOpen({ dialog: 'delete', notice })}
        />
      )}
      {open?.dialog === 'add' && <NoticeDialog notice={null} trades={tradeList} onClose={close} />}
      {open?.dialog === 'edit' && (
        <NoticeDialog notice={open.notice} trades={tradeList} onClose={close} />
      )}
      {open?.dialog === 'delete' && <DeleteNotice notice={open.notice} onClose={close} />}
    </section>
  )
}

function NoticeList({
  notices,
  trades,
  onEdit,
  onDelete,
}: {
  notices: Notice[]
  trades: Trade[]
  onEdit: (notice: Notice) => void
  onDelete: (notice: Notice) => void
}) {
  return (
    <ul className="notice-list">
      {notices.map((notice) => {
        const nameId = `notice-${notice.id}`
        const company = trades.find((trade) => trade.id === notice.tradeId)?.company
        return (
          <li key={notice.id} className="notice" aria-labelledby={nameId}>
            <span id={nameId} className="notice-claimant">
              {notice.claimant}
            </span>
            <span className="notice-facts">
              {ROLE_WORDS[notice.role]}
              {company ? ` for ${company}` : ''} · received {formatDate(notice.receivedOn)}
              {notice.amount === null ? '' : ` · ${formatMoney(notice.amount)}`}
            </span>
            <span className="notice-actions budget-no-print">
              <button
                type="button"
                className="button button-secondary button-small"
                aria-describedby={nameId}
                onClick={() => onEdit(notice)}
              >
                Edit
              </button>
              <button
                type="button"
                className="button button-ghost button-small"
                aria-describedby={nameId}
                onClick={() => onDelete(notice)}
              >
                Delete
              </button>
            </span>
          </li>
        )
      })}
    </ul>
  )
}

function DeleteNotice({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const call = useFormCall((c) => c.name === 'deleteNotice' && c.id === notice.id, onClose)
  return (
    <ConfirmDelete
      title="Delete this notice?"
      message={`The preliminary notice from ${notice.claimant} and the waivers linked to it will be deleted. The waiver documents stay in Documents.`}
      confirmLabel="Delete notice"
      call={call}
      request={{ name: 'deleteNotice', id: notice.id }}
      onClose={onClose}
    />
  )
}
