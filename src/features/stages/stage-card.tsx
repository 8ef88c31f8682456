import type { Stage } from '../../../contract/domain'
import { STEPS } from '../../../contract/steps'
import { priceSummary } from '../../lib/price-summary'

/** One build stage: where it falls in the build, how it is priced, and its design tip. */
export function StageCard({ stage }: { stage: Stage }) {
  return (
    <li className="stage-card">
      <div className="stage-card-head">
        <h3 className="stage-card-title">{stage.title}</h3>
        <span className="stage-card-step">
          Step {stage.order} of {STEPS.length}
        </span>
      </div>
      <p className="stage-card-price">
        <span className="visually-hidden">Price: </span>
        {priceSummary(stage.pricing)}
      </p>
      <div className="stage-card-tip">
        <p className="stage-card-tip-label">Design tip</p>
        <p>{stage.designTip.text}</p>
      </div>
    </li>
  )
}
