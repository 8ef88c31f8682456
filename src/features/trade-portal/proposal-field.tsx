import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { usePortal, usePortalFailure } from './use-portal'

/** "Proposal (PDF)": uploaded as soon as it is chosen, then sent with the bid. */
export function ProposalField({ current }: { current: string | null }) {
  const actor = usePortal()
  const id = useId()
  const uploading = useSelector(actor, (s) => s.matches({ signedIn: 'uploading' }))
  const failure = usePortalFailure('upload')
  const error = failure ? (failure.fields.file?.[0] ?? failure.message) : undefined
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        Proposal (PDF)
      </label>
      <input
        id={id}
        type="file"
        accept="application/pdf"
        className="portal-file-input"
        disabled={uploading}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-status`}
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (file) actor.send({ type: 'trade.proposalChosen', file })
        }}
      />
      <p id={`${id}-status`} className={error ? 'field-error' : 'field-hint'} aria-live="polite">
        {error ?? (uploading ? 'Uploading…' : current ? `Attached: ${current}` : 'Optional')}
      </p>
    </div>
  )
}
