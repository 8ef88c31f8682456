import { Fragment, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { Tally } from './coverage'
import type {
  ModelReport,
  PathsReport,
  RealMachineReport,
  RealReport,
  ReportedPath,
} from './paths-report'
import { figure } from './report'

/**
 * The page `npm run test:paths -- --report` writes: one file, its style inline, nothing loaded.
 * React renders it so that every text and attribute is escaped by React, not by hand.
 */

export const MUTATION_COMMAND = 'npm run test:mutants'
const recordCommand = (model: string) => `npm run test:paths -- --model=${model} --coverage`

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; margin: 0; }
main { max-width: 72rem; margin: 0 auto; padding: 1.5rem; }
h1 { font-size: 1.8rem; margin: 0 0 .25rem; }
h2 { font-size: 1.4rem; margin: 2.5rem 0 .5rem; padding-top: .5rem; border-top: 2px solid #d0d7de; }
h3 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
.scroll { overflow-x: auto; margin: .5rem 0 1rem; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { border: 1px solid #d0d7de; padding: .3rem .5rem; text-align: left; vertical-align: top; }
thead th { background: #f3f5f7; }
tbody tr:nth-child(even) { background: #fafbfc; }
td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
code, .state, .key { font-family: ui-monospace, monospace; font-size: .9em; }
td code { white-space: nowrap; }
td.path-numbers { min-width: 12rem; }
.paths { font-size: .85em; overflow-wrap: anywhere; }
.flag { color: #a40e26; font-weight: 700; }
.ok { color: #1a7f37; }
tr.uncovered { background: #fff0f0 !important; }
ol.paths-list li { margin: .15rem 0; }
nav ul { columns: 2; }
@media (max-width: 40rem) { nav ul { columns: 1; } }
details { margin: .5rem 0 1rem; }
summary { cursor: pointer; font-weight: 600; }
`

const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
const pathId = (model: string, number: number) => `${model}-path-${number}`

const Flagged = ({ ok, children }: { ok: boolean; children: ReactNode }) => (
  <span className={ok ? 'ok' : 'flag'}>{children}</span>
)

/** A table under its caption, scrolled sideways on its own when it is wider than the screen. */
const Table = ({ caption, children }: { caption: string; children: ReactNode }) => (
  // Focusable so that a keyboard can scroll it; named after its caption.
  <div className="scroll" role="region" aria-label={caption} tabIndex={0}>
    <table>
      <caption>{caption}</caption>
      {children}
    </table>
  </div>
)

/** A state's id, which may break after each dot: the ids are long and have no spaces. */
const StateId = ({ id }: { id: string }) => (
  <>
    {id.split('.').map((part, index) => (
      <Fragment key={index}>
        {index > 0 && (
          <>
            .<wbr />
          </>
        )}
        {part}
      </Fragment>
    ))}
  </>
)

const Figure = ({ tally }: { tally: Tally }) => (
  <Flagged ok={tally.missing.length === 0}>{figure(tally)}</Flagged>
)

/** Path numbers, each a link to the path in the model's list. */
function PathLinks({ model, numbers }: { model: string; numbers: number[] }) {
  if (numbers.length === 0) return <span className="flag">none</span>
  return (
    <span className="paths">
      {numbers.map((number, index) => (
        <Fragment key={number}>
          {index > 0 && ', '}
          <a href={`#${pathId(model, number)}`}>{number}</a>
        </Fragment>
      ))}
    </span>
  )
}

function Summary({ report }: { report: PathsReport }) {
  const { real, mutation } = report
  const overall = mutation?.scores.find(({ folder }) => folder === null)
  return (
    <section aria-labelledby="summary">
      <h2 id="summary">Summary</h2>
      <Table caption={'Each model, as its shortest paths cover it'}>
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col">States visited</th>
            <th scope="col">Transitions taken</th>
            <th scope="col" className="number">
              Shortest paths (each run in jsdom)
            </th>
            <th scope="col" className="number">
              Of those run in Chromium
            </th>
          </tr>
        </thead>
        <tbody>
          {report.models.map((model) => (
            <tr key={model.name}>
              <th scope="row">
                <a href={`#model-${model.name}`}>{model.name}</a>
              </th>
              <td>
                <Figure tally={model.coverage.states} />
              </td>
              <td>
                <Figure tally={model.coverage.transitions} />
              </td>
              <td className="number">{model.shortest.length}</td>
              <td className="number">{model.shortest.filter((path) => path.chromium).length}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p>
        Real machines:{' '}
        {real.machines ? (
          real.machines.map((machine, index) => (
            <Fragment key={machine.id}>
              {index > 0 && '; '}
              {machine.id} <Figure tally={machine.coverage.all} />
            </Fragment>
          ))
        ) : (
          <span className="flag">not recorded yet</span>
        )}
        {real.machines && real.notRecorded.length > 0 && (
          <>
            , from the paths of {real.recorded.map(({ model }) => model).join(', ')} only (
            <span className="flag">not recorded yet: {real.notRecorded.join(', ')}</span>)
          </>
        )}{' '}
        (<a href="#real">details</a>).
      </p>
      <p>
        Mutation score:{' '}
        {overall ? (
          <>
            {overall.score === null ? 'no valid mutants' : `${overall.score.toFixed(1)} %`} over
            every file mutated
          </>
        ) : (
          <span className="flag">no mutation run yet</span>
        )}{' '}
        (<a href="#mutation">details</a>).
      </p>
      <nav aria-label="Contents">
        <ul>
          {report.models.map(({ name }) => (
            <li key={name}>
              <a href={`#model-${name}`}>The {name} model</a>
            </li>
          ))}
          <li>
            <a href="#real">Real machines</a>
          </li>
          <li>
            <a href="#mutation">Mutation score</a>
          </li>
        </ul>
      </nav>
    </section>
  )
}

/** Whether any shortest path takes a state or transition, flagged when none does. */
const CoveredCell = ({ shortest }: { shortest: number[] }) => (
  <td>
    <Flagged ok={shortest.length > 0}>{shortest.length ? 'yes' : 'NOT COVERED'}</Flagged>
  </td>
)
const rowClass = (shortest: number[]) => (shortest.length ? undefined : 'uncovered')

function PathList({ model, paths }: { model: string; paths: ReportedPath[] }) {
  return (
    <ol className="paths-list">
      {paths.map((path) => (
        <li key={path.number} id={pathId(model, path.number)}>
          <code>{path.label}</code>
          {path.chromium && <strong> (also in Chromium)</strong>}
        </li>
      ))}
    </ol>
  )
}

function Model({ model }: { model: ModelReport }) {
  const heading = `model-${model.name}`
  const withSimple = model.simple !== null
  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>The {model.name} model</h2>
      <p>
        {model.shortest.length} shortest paths, each run in jsdom (
        <code>tests/model/{model.name}.model.test.tsx</code>); the{' '}
        {model.shortest.filter((path) => path.chromium).length} of them that together take every
        transition they take also run in Chromium (<code>tests/e2e/{model.name}-paths.test.ts</code>
        ). States visited: <Figure tally={model.coverage.states} />; transitions taken:{' '}
        <Figure tally={model.coverage.transitions} />.
      </p>
      <Table
        caption={`Transitions of the ${model.name} model, and the shortest paths that take each`}
      >
        <thead>
          <tr>
            <th scope="col">From</th>
            <th scope="col">Event</th>
            <th scope="col">To</th>
            <th scope="col">Shortest paths (jsdom)</th>
            <th scope="col">Of those in Chromium</th>
            {withSimple && (
              <th scope="col" className="number">
                Simple paths
              </th>
            )}
            <th scope="col">Covered</th>
          </tr>
        </thead>
        <tbody>
          {model.transitions.map((transition) => (
            <tr key={transition.key} className={rowClass(transition.shortest)}>
              <td className="state">
                <StateId id={transition.from} />
              </td>
              <td>
                <code>{transition.event}</code>
                {transition.branch !== null && ` (branch ${transition.branch})`}
              </td>
              <td className="state">
                {transition.to.length
                  ? transition.to.map((id, index) => (
                      <Fragment key={id}>
                        {index > 0 && ', '}
                        <StateId id={id} />
                      </Fragment>
                    ))
                  : '(stays)'}
              </td>
              <td className="path-numbers">
                <PathLinks model={model.name} numbers={transition.shortest} />
              </td>
              <td className="path-numbers">
                <PathLinks model={model.name} numbers={transition.chromium} />
              </td>
              {withSimple && <td className="number">{transition.simple}</td>}
              <CoveredCell shortest={transition.shortest} />
            </tr>
          ))}
        </tbody>
      </Table>
      <Table caption={`States of the ${model.name} model, and the shortest paths that visit each`}>
        <thead>
          <tr>
            <th scope="col">State</th>
            <th scope="col">Shortest paths (jsdom)</th>
            <th scope="col">Covered</th>
          </tr>
        </thead>
        <tbody>
          {model.states.map((state) => (
            <tr key={state.id} className={rowClass(state.shortest)}>
              <td className="state">
                <StateId id={state.id} />
              </td>
              <td className="path-numbers">
                <PathLinks model={model.name} numbers={state.shortest} />
              </td>
              <CoveredCell shortest={state.shortest} />
            </tr>
          ))}
        </tbody>
      </Table>
      <h3>Shortest paths of the {model.name} model</h3>
      <PathList model={model.name} paths={model.shortest} />
      {model.simple && (
        <details>
          <summary>
            Simple paths of the {model.name} model ({model.simple.length}): no test runs them
          </summary>
          <ol className="paths-list">
            {model.simple.map((label, index) => (
              <li key={index}>
                <code>{label}</code>
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  )
}

function RealMachine({ machine }: { machine: RealMachineReport }) {
  const notTaken = machine.transitions.filter(({ takenBy }) => takenBy.length === 0)
  return (
    <>
      <h3>The {machine.id} machine</h3>
      <p>
        Taken: <Figure tally={machine.coverage.all} /> of all it defines,{' '}
        <Figure tally={machine.coverage.reachable} /> of those a screen can reach.
      </p>
      {notTaken.length > 0 && (
        <Table
          caption={`Transitions of the ${machine.id} machine no recorded run took (${notTaken.length})`}
        >
          <thead>
            <tr>
              <th scope="col">Transition</th>
              <th scope="col">Can a screen take it?</th>
            </tr>
          </thead>
          <tbody>
            {notTaken.map(({ key, unreachable }) => (
              <tr key={key}>
                <td className="key">{key}</td>
                <td>
                  {unreachable === null ? (
                    <span className="flag">yes: no path takes it yet</span>
                  ) : (
                    `no: ${unreachable}`
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <details>
        <summary>
          All {machine.transitions.length} transitions of the {machine.id} machine, and the models
          whose runs took each
        </summary>
        <Table
          caption={`Transitions of the ${machine.id} machine and the models whose runs took each`}
        >
          <thead>
            <tr>
              <th scope="col">Transition</th>
              <th scope="col">Taken by the paths of</th>
            </tr>
          </thead>
          <tbody>
            {machine.transitions.map(({ key, takenBy }) => (
              <tr key={key}>
                <td className="key">{key}</td>
                <td>
                  {takenBy.length ? takenBy.join(', ') : <span className="flag">not taken</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </details>
    </>
  )
}

function Real({ real }: { real: RealReport }) {
  const ids = real.machines?.map(({ id }) => id) ?? []
  return (
    <section aria-labelledby="real">
      <h2 id="real">Real machines</h2>
      <p>
        Each model&apos;s jsdom run records the transitions it takes of the app&apos;s session,
        client and admin machines in <code>.tmp/paths/real-&lt;model&gt;.json</code>; the Chromium
        runs record none. A client list reader&apos;s transition counts once for every list.
      </p>
      {real.notRecorded.length > 0 && (
        <ul>
          {real.notRecorded.map((model) => (
            <li key={model}>
              The {model} model: <span className="flag">not recorded yet</span>: run{' '}
              <code>{recordCommand(model)}</code>
            </li>
          ))}
        </ul>
      )}
      {real.machines && (
        <>
          <Table caption={"The real machines' transitions each model's paths took in jsdom"}>
            <thead>
              <tr>
                <th scope="col">Model</th>
                <th scope="col">Recorded</th>
                {ids.map((id) => (
                  <th scope="col" key={id}>
                    {id}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {real.recorded.map(({ model, at, coverage }) => (
                <tr key={model}>
                  <th scope="row">{model}</th>
                  <td>{when(at)}</td>
                  {ids.map((id) => (
                    <td key={id}>{figure(coverage[id].all)}</td>
                  ))}
                </tr>
              ))}
              <tr>
                <th scope="row">all recorded, together</th>
                <td />
                {real.machines.map(({ id, coverage }) => (
                  <td key={id}>
                    <Figure tally={coverage.all} />
                  </td>
                ))}
              </tr>
            </tbody>
          </Table>
          {real.machines.map((machine) => (
            <RealMachine key={machine.id} machine={machine} />
          ))}
        </>
      )}
    </section>
  )
}

/** The statuses the score is made of, each in a column; the others share one. */
const COUNTED_STATUSES = ['Killed', 'Timeout', 'Survived', 'NoCoverage'] as const
const OTHER_STATUSES = ['CompileError', 'RuntimeError', 'Ignored', 'Pending'] as const

function Mutation({ mutation }: { mutation: PathsReport['mutation'] }) {
  return (
    <section aria-labelledby="mutation">
      <h2 id="mutation">Mutation score</h2>
      {mutation ? (
        <Table
          caption={`Mutation score per folder, from Stryker's run of ${when(mutation.at)} (.tmp/mutants/mutation.json): killed and timed out, of those killed, timed out, survived or not covered`}
        >
          <thead>
            <tr>
              <th scope="col">Folder</th>
              <th scope="col" className="number">
                Files
              </th>
              <th scope="col" className="number">
                Killed
              </th>
              <th scope="col" className="number">
                Timeout
              </th>
              <th scope="col" className="number">
                Survived
              </th>
              <th scope="col" className="number">
                No coverage
              </th>
              <th scope="col" className="number">
                Errors, ignored, pending
              </th>
              <th scope="col" className="number">
                Score
              </th>
            </tr>
          </thead>
          <tbody>
            {mutation.scores.map((score) => (
              <tr key={score.folder ?? ''}>
                <th scope="row">
                  {score.folder === null ? 'every file mutated' : <code>{score.folder}</code>}
                </th>
                <td className="number">{score.files}</td>
                {COUNTED_STATUSES.map((status) => (
                  <td key={status} className="number">
                    {score.counts[status]}
                  </td>
                ))}
                <td className="number">
                  {OTHER_STATUSES.reduce((sum, status) => sum + score.counts[status], 0)}
                </td>
                <td className="number">
                  {score.score === null ? 'no mutants' : `${score.score.toFixed(1)} %`}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <p>
          No mutation run yet: <code>{MUTATION_COMMAND}</code>
        </p>
      )}
    </section>
  )
}

/** The whole page, as HTML. */
export function renderPathsReport(report: PathsReport, written: Date): string {
  const page = (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>PoolPath: model paths and coverage</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <main>
          <h1>Model paths and coverage</h1>
          <p>
            Written {when(written)} by <code>npm run test:paths -- --report</code>.
          </p>
          <Summary report={report} />
          {report.models.map((model) => (
            <Model key={model.name} model={model} />
          ))}
          <Real real={report.real} />
          <Mutation mutation={report.mutation} />
        </main>
      </body>
    </html>
  )
  return `<!doctype html>\n${renderToStaticMarkup(page)}\n`
}
