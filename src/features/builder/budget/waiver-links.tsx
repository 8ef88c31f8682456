import type { MouseEvent } from 'react'
import { waiverFormsOf, waiverPath, type WaiverForm } from '../../../../contract/waiver-forms'
import { useDownload } from '../../../app/download-context'
import { FieldAlert } from '../../../components/form/field-alert'

/**
 * A draw's filled statutory form (PRODUCT.md §15), fetched with the session's token — a plain
 * link carries none — and handed to the browser; a failed download says why beside it.
 */
export function WaiverFormLink({
  drawId,
  form,
  name,
}: {
  drawId: string
  form: WaiverForm
  name: string
}) {
  const { download, failure } = useDownload()
  const path = waiverPath(form, drawId)
  const open = (event: MouseEvent) => {
    event.preventDefault()
    void download(path, `${form}-waiver.pdf`)
  }
  return (
    <>
      <a href={`/api${path}`} onClick={open}>
        {name}
      </a>
      <FieldAlert message={failure} />
    </>
  )
}

/**
 * A draw's statutory waiver forms, filled: the final forms for a step's last draw, the progress
 * forms for the others. The claimant signs them outside PoolPath.
 */
export function WaiverLinks({ drawId, lastDraw }: { drawId: string; lastDraw: boolean }) {
  const forms = waiverFormsOf(lastDraw)
  return (
    <div className="draw-waiver-forms budget-no-print">
      <WaiverFormLink drawId={drawId} form={forms.conditional} name="Conditional waiver (PDF)" />
      <WaiverFormLink
        drawId={drawId}
        form={forms.unconditional}
        name="Unconditional waiver (PDF)"
      />
    </div>
  )
}
