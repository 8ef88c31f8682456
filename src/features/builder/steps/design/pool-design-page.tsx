import { NON_STAGES } from '../../../../../contract/non-stages'
import { DesignForm } from './design-form'
import { DailyLog } from '../../documents/daily-log'
import { StepFiles } from '../../documents/step-files'
import { RippleDialog } from './ripple-dialog'
import { DesignQuantities } from './design-quantities'
import { useDesignForm } from './use-design-form'
import { PoolDrawing } from './pool-drawing'
import { StepDates } from '../step-dates'
import { StepTools } from '../step-tools'
import '../../documents/documents.css'
import './pool-design.css'

const DESCRIPTION = NON_STAGES.find((step) => step.title === 'Pool Design')?.description

/**
 * Step 1: the design every quantity and estimate is computed from, drawn to scale as typed;
 * its plans and notes like every step's.
 */
export function PoolDesignPage() {
  const form = useDesignForm()
  return (
    <div className="pool-design">
      <h1>Pool Design</h1>
      <p className="step-description">{DESCRIPTION}</p>
      <div className="pool-design-layout">
        <section className="design-card" aria-labelledby="design-form-title">
          <h2 id="design-form-title">Your design</h2>
          <DesignForm
            fields={form.fields}
            errors={form.errors}
            onChange={form.change}
            onSubmit={form.submit}
            saving={form.saving}
            blocked={form.blocked}
          >
            {form.built && <p className="notice notice-info">{form.built}</p>}
            {form.refusal && (
              <p role="alert" className="notice notice-error">
                {form.refusal}
              </p>
            )}
            <p role="status" className="design-status">
              {form.status}
            </p>
          </DesignForm>
        </section>
        <section className="design-card design-drawing" aria-labelledby="design-drawing-title">
          <h2 id="design-drawing-title">To scale</h2>
          {!form.drawingIsCurrent && (
            <p className="design-note">
              Showing your last valid design until the values are fixed.
            </p>
          )}
          <PoolDrawing design={form.drawn} />
        </section>
        <section className="design-card" aria-labelledby="design-quantities-title">
          <h2 id="design-quantities-title">Quantities</h2>
          <p className="design-note">
            For the design as drawn; the estimates of every step use your saved design.
          </p>
          <DesignQuantities design={form.drawn} />
        </section>
      </div>
      <StepDates route="pool-design" />
      <StepTools route="pool-design" />
      {/* The designer's plans and renderings, and notes of the design meetings. */}
      <StepFiles step="pool-design" title="Pool Design" />
      <DailyLog step="pool-design" />
      {form.ripple.length > 0 && <RippleDialog lines={form.ripple} onClose={form.dismissRipple} />}
    </div>
  )
}
