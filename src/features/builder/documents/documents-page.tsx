import { useId, useState } from 'react'
import { STEP_SLUGS, type StepSlug } from '../../../../contract/construction'
import type { FileKind } from '../../../../contract/documents'
import { stepTitle } from './document-words'
import { FileGallery } from './file-gallery'
import { FileUpload } from './file-upload'
import { ANY_KIND, KindSelect } from './kind-select'
import { useHeldFiles } from './use-documents'
import './documents.css'

const ALL = ANY_KIND

/**
 * /builder/documents: every photo and document of the build, newest first, narrowed by kind
 * and by step, with the viewer. Files added here are filed as the kind and step shown, so they
 * land in view; with no step chosen they belong to the whole project.
 */
export function DocumentsPage() {
  const id = useId()
  const [kind, setKind] = useState<FileKind | typeof ALL>(ALL)
  const [step, setStep] = useState<StepSlug | typeof ALL>(ALL)
  const held = useHeldFiles()
  const keep = (file: { kind: FileKind; step?: StepSlug | undefined }) =>
    (kind === ALL || file.kind === kind) && (step === ALL || file.step === step)
  const shown = held.list?.filter(keep).length
  const filtered = kind !== ALL || step !== ALL
  return (
    <article className="documents-page">
      <header>
        <h1>Documents</h1>
        <p className="step-files-lead">
          Every photo, plan, permit, contract and lien waiver of the build, and a place for the ones
          that belong to no single step.
        </p>
      </header>
      <section className="documents-filters" aria-label="Filter and upload">
        <KindSelect value={kind} onChange={setKind} anyLabel="All kinds" />
        <div className="field">
          <label className="field-label" htmlFor={`${id}-step`}>
            Step
          </label>
          <select
            id={`${id}-step`}
            className="field-input"
            value={step}
            onChange={(event) => setStep(event.target.value as StepSlug)}
          >
            <option value={ALL}>All steps</option>
            {STEP_SLUGS.map((slug) => (
              <option key={slug} value={slug}>
                {stepTitle(slug)}
              </option>
            ))}
          </select>
        </div>
        <FileUpload
          filing={{
            kind: kind === ALL ? undefined : kind,
            step: step === ALL ? undefined : step,
          }}
        />
      </section>
      <div className="documents-shown">
        {shown !== undefined && (
          <p className="documents-count" aria-live="polite">
            {shown === 1 ? '1 file' : `${shown} files`}
          </p>
        )}
        <FileGallery
          pick={(files) => files.filter(keep)}
          label="Files"
          showStep
          empty={
            filtered ? (
              <p>No files match these filters.</p>
            ) : (
              <p>
                No photos or documents yet. Add them above, or on each step’s page as the build
                goes.
              </p>
            )
          }
        />
      </div>
    </article>
  )
}
