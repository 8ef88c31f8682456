import { StepSlug } from '../../../../contract/construction'
import { BidsSection } from '../bids/bids-section'
import { DailyLog } from '../documents/daily-log'
import { StepFiles } from '../documents/step-files'
import { WarrantyCard } from '../documents/warranty-card'
import { StartupLogSection } from '../passport/startup-log'
import { StepChoices } from './step-choices'
import { StepDates } from './step-dates'
import { StepEstimate } from './step-estimate'
import { StepHeader } from './step-header'
import { STEP_SECTIONS } from './step-next'
import { StepSectionNav } from './step-section-nav'
import { StepProgress, StepQuotes } from './step-tools'
import { useStep } from './use-step'
import '../documents/documents.css'
import './step-page.css'

/**
 * A build step: where it stands and its next action first; then its parts, the work in the main
 * column (choices and estimate, quotes, photos and documents, the daily log, the warranty once
 * done) and beside it its progress, bids, schedule and design tip. On a phone, one column in the
 * order of what is asked most: the bids after the quotes, the progress and schedule after them.
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
  const done = view.entry?.done ?? false
  return (
    <div className="step-page">
      <StepHeader view={view} />
      <StepSectionNav route={route} done={done} />
      <div className="step-layout">
        <div className="step-main">
          <div className="step-columns" id={STEP_SECTIONS.choices}>
            <StepChoices view={view} />
            <StepEstimate view={view} />
          </div>
          <StepQuotes view={view} />
          {slug.success && (
            <>
              <StepFiles step={slug.data} title={view.step.title} />
              {slug.data === 'pool-startup' && <StartupLogSection />}
              <DailyLog step={slug.data} />
              {done && <WarrantyCard step={slug.data} />}
            </>
          )}
        </div>
        <div className="step-rail">
          <StepProgress view={view} />
          {slug.success && <BidsSection step={slug.data} />}
          <StepDates route={route} />
          <aside className="step-tip" aria-label="Design tip">
            <p className="step-tip-label">Design tip</p>
            <p>{view.tip}</p>
          </aside>
        </div>
      </div>
    </div>
  )
}
