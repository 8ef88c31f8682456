import type { MouseEvent } from 'react'
import { waiverFormsOf, waiverPath, type WaiverForm } from '../../../../contract/waiver-forms'
import { useDownload } from '../../../app/download-context'
import { FieldAlert } from '../../../components/form/field-alert'

/**
 * A draw's statutory waiver forms, filled (PRODUCT.md §15): the final forms for a step's last
 * draw, the progress forms for the others. The claimant signs them outside PoolPath.
 */
export function WaiverLinks({ drawId, lastDraw }: { drawId: string; lastDraw: boolean }) {
  const { download, failure } = useDownload()
  const forms = waiverFormsOf(lastDraw)
  const link = (form: WaiverForm, name: string) => {
    const path = waiverPath(form, drawId)
    const open = (event: MouseEvent) => {
      event.preventDefault()
      void download(path, `${form}-waiver.pdf`)
    }
    return (
      <a href={`/api${path}`} onClick={open}>
        {name}
      </a>
    )
  }
  return (
    <div className="draw-waiver-forms budget-no-print">
      {link(forms.conditional, 'Conditional waiver (PDF)')}
      {link(forms.unconditional, 'Unconditional waiver (PDF)')}
      <FieldAlert message={failure} />
    </div>
  )
}
