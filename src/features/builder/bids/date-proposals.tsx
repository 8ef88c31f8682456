import { useCallback, useEffect, useRef, useState } from 'react'
import type { DateProposal, DateProposalAnswer } from '../../../../contract/timeline'
import { FieldAlert } from '../../../components/form/field-alert'
import { stepTitle } from '../documents/document-words'
import { formatDate } from '../timeline-dates'
import { useFormCall } from '../use-form-call'
import './date-proposals.css'

const ANSWERED: Record<DateProposalAnswer, (proposal: DateProposal) => string> = {
  accepted: ({ company, start }) =>
    `You accepted ${company}’s start on ${formatDate(start)}: the forecast now follows it.`,
  rejected: ({ company }) => `You kept the plan: ${company} has been told.`,
}

/** The two answers (PRODUCT.md §19's names), accepting first. */
const BUTTONS = [
  { answer: 'accepted', label: 'Accept new dates', variant: 'button-primary' },
  { answer: 'rejected', label: 'Keep the plan', variant: 'button-secondary' },
] as const

type ProposalsProps = {
  /** The Timeline's proposals; only the open ones (and those answered here) show. */
  proposals: DateProposal[]
  /**
   * On the Timeline: the proposals are a card of their own, headed so, and each names its step
   * (a step page's are all of that step, in its "Bids").
   */
  card?: { className: string; title: string }
}

/**
 * The trades' proposals of another start (PRODUCT.md §14, §19): "{company} proposes starting
 * {date}" with its note, "Accept new dates" and "Keep the plan". A proposal answered here stays
 * in the list with what was decided, so the answer is seen and the focus has a place to go.
 */
export function DateProposals({ proposals, card }: ProposalsProps) {
  // The proposals answered from this list: the Timeline the answer brings has them closed.
  const [answeredHere, setAnsweredHere] = useState<ReadonlySet<string>>(new Set())
  const shown = proposals.filter((p) => p.status === 'open' || answeredHere.has(p.id))
  const onAnswer = useCallback((id: string) => setAnsweredHere((was) => new Set(was).add(id)), [])
  if (shown.length === 0) return null
  const list = (
    <ul className="date-proposals">
      {shown.map((proposal) => (
        <ProposalItem key={proposal.id} proposal={proposal} withStep={!!card} onAnswer={onAnswer} />
      ))}
    </ul>
  )
  if (!card) return list
  return (
    <section className={card.className} aria-labelledby="date-proposals-title">
      <h2 id="date-proposals-title">{card.title}</h2>
      {list}
    </section>
  )
}

type ItemProps = {
  proposal: DateProposal
  withStep: boolean
  onAnswer: (id: string) => void
}

function ProposalItem({ proposal, withStep, onAnswer }: ItemProps) {
  const { id, company, start, note, status } = proposal
  const call = useFormCall((c) => c.name === 'answerDateProposal' && c.id === id)
  const [sent, setSent] = useState<DateProposalAnswer | null>(null)
  const run = (answer: DateProposalAnswer) => {
    setSent(answer)
    onAnswer(id)
    call.run({ name: 'answerDateProposal', id, body: { status: answer } })
  }
  // The buttons go with the answer: the focus moves to what was decided.
  const outcome = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (status !== 'open') outcome.current?.focus()
  }, [status])
  const titleId = `proposal-${id}`
  return (
    <li className="date-proposal" aria-labelledby={titleId}>
      {withStep && <p className="date-proposal-step">{stepTitle(proposal.step)}</p>}
      <p id={titleId} className="date-proposal-title">
        {company} proposes starting {formatDate(start)}
      </p>
      {note && <p className="date-proposal-note">“{note}”</p>}
      {status === 'open' ? (
        <>
          <FieldAlert message={call.failure?.message} />
          <div className="date-proposal-actions">
            {BUTTONS.map(({ answer, label, variant }) => (
              <button
                key={answer}
                type="button"
                className={`button ${variant} button-small`}
                aria-busy={(call.busy && sent === answer) || undefined}
                disabled={call.blocked}
                onClick={() => run(answer)}
              >
                {label}
              </button>
            ))}
          </div>
        </>
      ) : (
        <p ref={outcome} className="date-proposal-outcome" tabIndex={-1}>
          {ANSWERED[status](proposal)}
        </p>
      )}
    </li>
  )
}
