import { Link } from '@tanstack/react-router'
import { ArrowRight, MessagesSquare } from 'lucide-react'
import { StepSlug } from '../../../../contract/construction'
import { savedDesign } from '../../../../contract/budget'
import { stepDifference } from '../../../../contract/money-figures'
import type { MoneyStep } from '../../../../contract/money'
import { Badge } from '../../../components/badge'
import { MoneyDifference } from '../../../components/money-difference'
import { formatMoney } from '../../../lib/money'
import { useWarranties } from '../documents/use-documents'
import { BUILDER_ICONS } from '../page-icons'
import { useMoney, useTimeline } from '../use-timeline'
import { stepState, type StepFacts } from './step-next'
import type { StepView } from './use-step'

/**
 * The top of a step page: the step's icon and title, where it stands, its figures in one line
 * and its one next action. The figures are the Money answer's, as on the Budget page.
 */
export function StepHeader({ view }: { view: StepView }) {
  const timeline = useTimeline()
  const money = useMoney()?.steps.find((step) => step.step === view.step.route)
  const { entry } = view
  const facts: StepFacts = {
    route: view.step.route,
    title: view.step.title,
    designSaved: savedDesign(view.project.poolData) !== null,
    done: entry?.done ?? false,
    quotes: entry?.quotes ?? [],
    engineerChosen: !!entry?.choices.engineerId,
    inspections: timeline?.inspections ?? null,
    money,
    hasWarranty: null,
  }
  return facts.done ? (
    <DoneHeader view={view} facts={facts} money={money} />
  ) : (
    <HeaderBody view={view} facts={facts} money={money} />
  )
}

type HeaderProps = { view: StepView; facts: StepFacts; money: MoneyStep | undefined }

/** A done step's header asks for its warranty until one is recorded. */
function DoneHeader({ facts, ...props }: HeaderProps) {
  const warranties = useWarranties().list
  const hasWarranty = warranties ? warranties.some((w) => w.step === facts.route) : null
  return <HeaderBody {...props} facts={{ ...facts, hasWarranty }} />
}

function HeaderBody({ view, facts, money }: HeaderProps) {
  const { status, action } = stepState(facts)
  const Icon = BUILDER_ICONS[view.step.route]
  const { estimate } = view.budget
  const difference = money ? stepDifference(money) : null
  return (
    <header className="step-header">
      <div className="step-header-title">
        {Icon && (
          <span className="step-header-icon" aria-hidden="true">
            <Icon />
          </span>
        )}
        <h1>{view.step.title}</h1>
        <Badge tone={status.tone}>{status.label}</Badge>
        <ThreadLink view={view} />
      </div>
      <dl className="step-figures">
        <div>
          <dt>Estimated cost</dt>
          <dd>{estimate === null ? 'Not yet' : formatMoney(estimate)}</dd>
        </div>
        <div>
          <dt>Committed</dt>
          <dd>
            {money?.contract ? formatMoney(money.committed) : 'None yet'}
            {difference !== null && (
              <>
                {' '}
                <MoneyDifference cents={difference} />
              </>
            )}
          </dd>
        </div>
        {money?.contract && (
          <div>
            <dt>Paid</dt>
            <dd>{formatMoney(money.paid)}</dd>
          </div>
        )}
      </dl>
      {action && (
        <Link
          className="button step-header-action"
          to="/builder/$page"
          params={{ page: action.route }}
          hash={action.hash}
        >
          {action.text}
          <ArrowRight aria-hidden="true" />
        </Link>
      )}
    </header>
  )
}

/** The step's own message thread, beside its title (PRODUCT.md §18). */
function ThreadLink({ view }: { view: StepView }) {
  const step = StepSlug.safeParse(view.step.route)
  if (!step.success) return null
  return (
    <Link
      className="step-header-thread"
      to="/builder/$page"
      params={{ page: 'messages' }}
      search={{ thread: step.data }}
    >
      <MessagesSquare aria-hidden="true" size={16} />
      Messages about {view.step.title}
    </Link>
  )
}
