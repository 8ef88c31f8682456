import { ErrorPanel } from '../../components/error-panel'
import { PageShell } from '../../components/page-shell'
import { Spinner } from '../../components/spinner'
import { StageCard } from './stage-card'
import { useStages, type LoadStages } from './use-stages'

/** The public overview: every priced build stage with its design tip. */
export function StagesPage({ loadStages }: { loadStages: LoadStages }) {
  return (
    <PageShell>
      <StagesSection loadStages={loadStages} />
    </PageShell>
  )
}

export function StagesSection({ loadStages }: { loadStages: LoadStages }) {
  const { state, retry } = useStages(loadStages)
  return (
    <section aria-labelledby="stages-heading">
      <h2 id="stages-heading" className="section-title">
        The build stages
      </h2>
      <p className="section-lede">
        After you design your pool and get it engineered and permitted, the build runs in these
        stages. Prices are our standard rates; your estimate follows from your pool’s size.
      </p>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'failed' && (
        <ErrorPanel
          title="We could not load the build stages."
          message={state.message}
          onRetry={retry}
        />
      )}
      {state.status === 'ready' && (
        <ol className="stage-list">
          {state.stages.map((stage) => (
            <StageCard key={stage.id} stage={stage} />
          ))}
        </ol>
      )}
    </section>
  )
}
