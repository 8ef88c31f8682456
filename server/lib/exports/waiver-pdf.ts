/**
 * A statutory waiver and release (PRODUCT.md §15) as a one-page PDF: the statute's title and
 * notice, then its parts with the blanks filled from the job. The notice is printed in the
 * largest type of the form, the title's (Civil Code §§ 8132–8138: "in at least as large a type
 * as the largest type otherwise in the form").
 */
import type { WaiverForm } from '../../../contract/waiver-forms'
import { pdfWriter, printedDollars } from './pdf-writer'
import { STATUTORY_FORMS, type Blank } from './waiver-text'

/** What fills a form's blanks: who claims, for whom, where, and the payment. */
export type WaiverFill = {
  claimant: string
  customer: string
  jobLocation: string
  owner: string
  /** MM/DD/YYYY; the progress forms only. */
  throughDate: string
  makerOfCheck: string
  /** Cents. */
  amount: number
  payableTo: string
}

const TITLE = { bold: true, size: 12 }
/** Never smaller than the largest other type: the title's. */
export const NOTICE_STYLE = { bold: true, size: TITLE.size }
const HEADING = { bold: true, size: 11 }
const BODY = { size: 10 }
const FILLED = { bold: true, size: 10 }
const FOOTNOTE = { size: 8 }

const valueOf = (fill: WaiverFill, blank: Blank) => {
  if (blank === 'empty') return ''
  if (blank === 'amount') return printedDollars(fill.amount)
  return fill[blank]
}

export async function waiverPdf(form: WaiverForm, fill: WaiverFill): Promise<Uint8Array> {
  const statute = STATUTORY_FORMS[form]
  const pdf = await pdfWriter()
  pdf.paragraph(statute.title, TITLE)
  pdf.gap(6)
  pdf.paragraph(statute.notice, NOTICE_STYLE)
  pdf.gap(4)
  for (const part of statute.parts) {
    if (part.kind === 'heading') {
      pdf.gap(8)
      pdf.paragraph(part.text, HEADING)
    } else if (part.kind === 'paragraph') pdf.paragraph(part.text, BODY)
    else pdf.field(part.label, valueOf(fill, part.blank), BODY, FILLED)
  }
  pdf.gap(14)
  pdf.paragraph(`California Civil Code § ${statute.section}`, FOOTNOTE)
  return pdf.save()
}
