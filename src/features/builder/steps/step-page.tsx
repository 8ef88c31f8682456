import { StepSlug } from '../../../../contract/construction'
import { BidsSection } from '../bids/bids-section'
import { DailyLog } from '../documents/daily-log'
import { StepFiles } from '../documents/step-files'
import { WarrantyCard } from '../documents/warranty-card'
import { StepChoices } from './step-choices'
import { StepDates } from './step-dates'
import { StepEstimate } from './step-estimate'
import { StepTools } from './step-tools'
import { useStep } from './use-step'
import '../documents/documents.css'

/**
 * A build step: its tip, its choices, its estimate, then its quotes and done switch; and the
 * evidence of its work: photos and documents, the daily log and, once done, its warranty.
 */
export function StepPage({ route }: { route: string }) {
  const view = useStep(route)
  if (!view) {
    return (
      <div className="step-page">
        <h1>Step not available</h1>
        <p>This step has no price list yet. Please try again later.</p>
      </div>
    )
  }
  const slug = StepSlug.safeParse(route)
  return (
    <div className="step-page">
      <h1>{view.step.title}</h1>
      <aside className="step-tip" aria-label="Design tip">
        <p className="step-tip-label">Design tip</p>
        <p>{view.tip}</p>
      </aside>
      <div className="step-columns">
        <StepChoices view={view} />
        <StepEstimate view={view} />
      </div>
      <StepDates route={route} />
      <StepTools route={route} />
      {slug.success && (
        <>
          <BidsSection step={slug.data} />
          <StepFiles step={slug.data} title={view.step.title} />
          <DailyLog step={slug.data} />
          {view.entry?.done && <WarrantyCard step={slug.data} />}
        </>
      )}
    </div>
  )
}
