/**
 * The four waiver and release forms of California Civil Code §§ 8132, 8134, 8136 and 8138, in
 * the statute's words: a waiver not in substantially these forms is null, void and
 * unenforceable. Only the blanks are ours to fill.
 */
import type { WaiverForm } from '../../../contract/waiver-forms'

const CONDITIONAL_NOTICE =
  'NOTICE: THIS DOCUMENT WAIVES THE CLAIMANT’S LIEN, STOP PAYMENT NOTICE, AND PAYMENT BOND ' +
  'RIGHTS EFFECTIVE ON RECEIPT OF PAYMENT. A PERSON SHOULD NOT RELY ON THIS DOCUMENT UNLESS ' +
  'SATISFIED THAT THE CLAIMANT HAS RECEIVED PAYMENT.'

const UNCONDITIONAL_NOTICE =
  'NOTICE TO CLAIMANT: THIS DOCUMENT WAIVES AND RELEASES LIEN, STOP PAYMENT NOTICE, AND PAYMENT ' +
  'BOND RIGHTS UNCONDITIONALLY AND STATES THAT YOU HAVE BEEN PAID FOR GIVING UP THOSE RIGHTS. ' +
  'THIS DOCUMENT IS ENFORCEABLE AGAINST YOU IF YOU SIGN IT, EVEN IF YOU HAVE NOT BEEN PAID. IF ' +
  'YOU HAVE NOT BEEN PAID, USE A CONDITIONAL WAIVER AND RELEASE FORM.'

const CHANGE_ORDERS =
  'Rights based upon labor or service provided, or equipment or material delivered, pursuant ' +
  'to a written change order that has been fully executed by the parties prior to the date ' +
  'that this document is signed by the claimant, are waived and released by this document, ' +
  'unless listed as an Exception below.'

const PROGRESS_WAIVES =
  'This document waives and releases lien, stop payment notice, and payment bond rights the ' +
  'claimant has for labor and service provided, and equipment and material delivered, to the ' +
  'customer on this job through the Through Date of this document.'

const CHECK_DRAWN =
  'This document is effective only on the claimant’s receipt of payment from the financial ' +
  'institution on which the following check is drawn:'

const CONTRACT_RIGHTS =
  'Contract rights, including (A) a right based on rescission, abandonment, or breach of ' +
  'contract, and (B) the right to recover compensation for work not compensated by the payment.'

/** A line of the form to fill: its label as the statute prints it, and what fills it. */
export type Blank =
  | 'claimant'
  | 'customer'
  | 'jobLocation'
  | 'owner'
  | 'throughDate'
  | 'makerOfCheck'
  | 'amount'
  | 'payableTo'
  | 'empty'

/** A part of a form, top to bottom. */
export type FormPart =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'field'; label: string; blank: Blank }

export type StatutoryForm = {
  section: string
  title: string
  notice: string
  parts: FormPart[]
}

const heading = (text: string): FormPart => ({ kind: 'heading', text })
const paragraph = (text: string): FormPart => ({ kind: 'paragraph', text })
const field = (label: string, blank: Blank = 'empty'): FormPart => ({ kind: 'field', label, blank })

const identifying = (through: boolean): FormPart[] => [
  heading('Identifying Information'),
  field('Name of Claimant:', 'claimant'),
  field('Name of Customer:', 'customer'),
  field('Job Location:', 'jobLocation'),
  field('Owner:', 'owner'),
  ...(through ? [field('Through Date:', 'throughDate')] : []),
]

const check: FormPart[] = [
  field('Maker of Check:', 'makerOfCheck'),
  field('Amount of Check: $', 'amount'),
  field('Check Payable to:', 'payableTo'),
]

const signature: FormPart[] = [
  heading('Signature'),
  field('Claimant’s Signature:'),
  field('Claimant’s Title:'),
  field('Date of Signature:'),
]

const disputedExtras: FormPart[] = [field('Disputed claims for extras in the amount of: $')]

export const STATUTORY_FORMS: Record<WaiverForm, StatutoryForm> = {
  'conditional-progress': {
    section: '8132',
    title: 'CONDITIONAL WAIVER AND RELEASE ON PROGRESS PAYMENT',
    notice: CONDITIONAL_NOTICE,
    parts: [
      ...identifying(true),
      heading('Conditional Waiver and Release'),
      paragraph(`${PROGRESS_WAIVES} ${CHANGE_ORDERS} ${CHECK_DRAWN}`),
      ...check,
      heading('Exceptions'),
      paragraph('This document does not affect any of the following:'),
      paragraph('(1) Retentions.'),
      paragraph('(2) Extras for which the claimant has not received payment.'),
      paragraph(
        '(3) The following progress payments for which the claimant has previously given a ' +
          'conditional waiver and release but has not received payment:',
      ),
      field('Date(s) of waiver and release:'),
      field('Amount(s) of unpaid progress payment(s): $'),
      paragraph(`(4) ${CONTRACT_RIGHTS}`),
      ...signature,
    ],
  },
  'unconditional-progress': {
    section: '8134',
    title: 'UNCONDITIONAL WAIVER AND RELEASE ON PROGRESS PAYMENT',
    notice: UNCONDITIONAL_NOTICE,
    parts: [
      ...identifying(true),
      heading('Unconditional Waiver and Release'),
      paragraph(
        `${PROGRESS_WAIVES} ${CHANGE_ORDERS} The claimant has received the following progress payment:`,
      ),
      field('$', 'amount'),
      heading('Exceptions'),
      paragraph('This document does not affect the following:'),
      paragraph('(1) Retentions.'),
      paragraph('(2) Extras for which the claimant has not received payment.'),
      paragraph(`(3) ${CONTRACT_RIGHTS}`),
      ...signature,
    ],
  },
  'conditional-final': {
    section: '8136',
    title: 'CONDITIONAL WAIVER AND RELEASE ON FINAL PAYMENT',
    notice: CONDITIONAL_NOTICE,
    parts: [
      ...identifying(false),
      heading('Conditional Waiver and Release'),
      paragraph(
        'This document waives and releases lien, stop payment notice, and payment bond rights ' +
          'the claimant has for labor and service provided, and equipment and material ' +
          `delivered, to the customer on this job. ${CHANGE_ORDERS} ${CHECK_DRAWN}`,
      ),
      ...check,
      heading('Exceptions'),
      paragraph('This document does not affect any of the following:'),
      ...disputedExtras,
      ...signature,
    ],
  },
  'unconditional-final': {
    section: '8138',
    title: 'UNCONDITIONAL WAIVER AND RELEASE ON FINAL PAYMENT',
    notice: UNCONDITIONAL_NOTICE,
    parts: [
      ...identifying(false),
      heading('Unconditional Waiver and Release'),
      paragraph(
        'This document waives and releases lien, stop payment notice, and payment bond rights ' +
          'the claimant has for all labor and service provided, and equipment and material ' +
          `delivered, to the customer on this job. ${CHANGE_ORDERS} The claimant has been paid ` +
          'in full.',
      ),
      heading('Exceptions'),
      paragraph('This document does not affect the following:'),
      ...disputedExtras,
      ...signature,
    ],
  },
}
