import { BusyButton } from '../../../components/busy-button'
import { isCallFor, useClient, useClientCalls } from '../use-client'
import './extras.css'

const selectRequested = (snapshot: { context: { poolData: { BuilderRequested: boolean } } }) =>
  snapshot.context.poolData.BuilderRequested

/** /builder/project-builder: the full-service option, and asking for it. */
export function ProjectBuilderPage() {
  const requested = useClient(selectRequested)
  const { run, pending, failure } = useClientCalls()
  const refused = failure && isCallFor(failure.call, 'requestBuilder') ? failure.message : null
  return (
    <article className="extras-page">
      <h1>Project builder</h1>
      <p className="extras-lede">
        Rather not run the build yourself? A project builder takes the whole pool on, from the first
        permit to the first swim.
      </p>

      <div className="extras-compare">
        <section className="extras-panel" aria-labelledby="builder-does">
          <h2 id="builder-does">What they do for you</h2>
          <ul className="extras-list">
            <li>Schedules and supervises every subcontractor, from the dig to the startup.</li>
            <li>Pulls the permits and meets the inspectors.</li>
            <li>Signs one contract with you, for one price, and answers for the whole job.</li>
          </ul>
        </section>
        <section className="extras-panel" aria-labelledby="builder-differs">
          <h2 id="builder-differs">How it differs from building with PoolPath</h2>
          <p>
            With PoolPath you are the owner-builder: you collect the quotes, hire each trade and
            keep the budget, and you keep the builder&apos;s margin. With a project builder you hand
            all of that over; your design, estimates and quotes here help you compare their offer.
          </p>
        </section>
      </div>

      <section className="extras-panel extras-action" aria-labelledby="builder-request">
        <h2 id="builder-request">Ask us to match you</h2>
        {requested ? (
          <div className="extras-sent" role="status">
            <p className="extras-sent-title">Request sent</p>
            <p>
              Our team will match you with a project builder who works in your city and get in touch
              by email or phone to arrange a visit. You can keep using PoolPath meanwhile.
            </p>
          </div>
        ) : (
          <>
            <p>No commitment: asking only starts the conversation.</p>
            <BusyButton
              type="button"
              busy={pending !== null && isCallFor(pending, 'requestBuilder')}
              busyLabel="Sending…"
              disabled={pending !== null}
              onClick={() => run({ name: 'requestBuilder' })}
            >
              Request a project builder
            </BusyButton>
          </>
        )}
        {refused && (
          <p className="extras-alert" role="alert">
            {refused}
          </p>
        )}
      </section>
    </article>
  )
}
