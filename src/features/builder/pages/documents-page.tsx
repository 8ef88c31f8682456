import { useId, useState } from 'react'
import { STEP_SLUGS, type StepSlug } from '../../../../contract/construction'
import { FILE_KIND_LABELS, FILE_KINDS, type FileKind } from '../../../../contract/documents'
import { STEPS } from '../../../../contract/steps'
import { FileGallery } from '../documents/file-gallery'
import { useHeldFiles } from '../documents/use-documents'
import '../documents/documents.css'

const ALL = ''
const stepTitle = (step: StepSlug) => STEPS.find((s) => s.route === step)?.title ?? step

/**
 * /builder/documents: every photo and document of the build, newest first, narrowed by kind
 * and by step, with the viewer. Files are added on each step's page.
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
          Every photo, plan, permit, contract and lien waiver of the build. Add files on each step’s
          page.
        </p>
      </header>
      <div className="documents-filters" role="group" aria-label="Filter the files">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-kind`}>
            Kind
          </label>
          <select
            id={`${id}-kind`}
            className="field-input"
            value={kind}
            onChange={(event) => setKind(event.target.value as FileKind)}
          >
            <option value={ALL}>All kinds</option>
            {FILE_KINDS.map((option) => (
              <option key={option} value={option}>
                {FILE_KIND_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
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
        {shown !== undefined && (
          <p className="documents-count" aria-live="polite">
            {shown === 1 ? '1 file' : `${shown} files`}
          </p>
        )}
      </div>
      <FileGallery
        pick={(files) => files.filter(keep)}
        label="Files"
        showStep
        empty={
          filtered ? (
            <p>No files match these filters.</p>
          ) : (
            <p>No photos or documents yet. Add them on each step’s page as the build goes.</p>
          )
        }
      />
    </article>
  )
}
