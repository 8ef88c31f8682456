import type { StepSlug } from '../../../../contract'
import type { StoredFile } from '../../../../contract/documents'
import { FileGallery } from './file-gallery'
import { FileUpload } from './file-upload'

/** The step page's "Photos & documents": add files, then the step's own as a grid. */
export function StepFiles({ step, title }: { step: StepSlug; title: string }) {
  const pick = (files: StoredFile[]) => files.filter((file) => file.step === step)
  return (
    <section className="step-card step-files" id="photos" aria-labelledby="step-files-title">
      <h2 id="step-files-title">Photos & documents</h2>
      <p className="step-files-lead">
        Photograph the work before it is covered up, and keep the permits, invoices and manuals of{' '}
        {title} together.
      </p>
      <FileUpload step={step} />
      <FileGallery
        pick={pick}
        label={`${title} files`}
        empty={<p>No photos or documents for {title} yet.</p>}
      />
    </section>
  )
}
