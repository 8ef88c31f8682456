import type { StepSlug } from '../../../../contract'
import type { StoredFile } from '../../../../contract/documents'
import { STEP_SECTIONS } from '../steps/step-next'
import { FileGallery } from './file-gallery'
import { FileUpload } from './file-upload'

/**
 * The step page's "Photos & documents": add files (or drop them anywhere under the heading),
 * then the step's own as a grid.
 */
export function StepFiles({ step, title }: { step: StepSlug; title: string }) {
  const pick = (files: StoredFile[]) => files.filter((file) => file.step === step)
  return (
    <section
      className="step-card step-files"
      id={STEP_SECTIONS.photos}
      aria-labelledby="step-files-title"
    >
      <div className="step-card-head">
        <h2 id="step-files-title">Photos & documents</h2>
        <p>Photograph the work before it is covered up.</p>
      </div>
      <FileUpload step={step}>
        <FileGallery
          pick={pick}
          label={`${title} files`}
          empty={<p>No photos or documents for {title} yet.</p>}
        />
      </FileUpload>
    </section>
  )
}
