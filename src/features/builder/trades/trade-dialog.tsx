import { useId, useState, type FormEvent } from 'react'
import { TradeBody, type Trade } from '../../../../contract/trades'
import { STEP_SLUGS, type StepSlug } from '../../../../contract/construction'
import { issuesByField, type FieldErrors } from '../../../components/form-errors'
import { DialogActions, ModalDialog } from '../../../components/modal-dialog'
import { TextField } from '../../../components/text-field'
import { stepTitle } from '../documents/document-words'
import { fieldError } from '../use-client'
import { useFormCall } from '../use-form-call'
import { CallAlert } from './call-alert'
import { CertificateField, useCertificate } from './certificate-field'

/** The form's text, as typed: empty is "not recorded". */
function initialValues(trade: Trade | null) {
  return {
    company: trade?.company ?? '',
    contact: trade?.contact ?? '',
    email: trade?.email ?? '',
    phone: trade?.phone ?? '',
    licenceNumber: trade?.licence.number ?? '',
    licenceClass: trade?.licence.classification ?? '',
    licenceCheckedOn: trade?.licence.checkedOn ?? '',
    insuranceExpiresOn: trade?.insurance.expiresOn ?? '',
    compExpiresOn: trade?.workersComp.expiresOn ?? '',
  }
}
type Values = ReturnType<typeof initialValues>

const optional = (text: string) => text.trim() || undefined

const MISSING: FieldErrors = {
  company: 'Enter the company’s name',
  contact: 'Enter who you deal with there',
}

/**
 * "Add trade", or a trade's "Edit": who they are, the steps they do, and what the owner checked of
 * their licence, insurance and workers' comp. Saving replaces the whole record.
 */
export function TradeDialog({ trade, onClose }: { trade: Trade | null; onClose: () => void }) {
  const id = useId()
  const [values, setValues] = useState(() => initialValues(trade))
  const [steps, setSteps] = useState<StepSlug[]>(() => trade?.steps ?? [])
  const [compExempt, setCompExempt] = useState(trade?.workersComp.exempt ?? false)
  const insurance = useCertificate(trade?.insurance.fileId ?? null)
  const comp = useCertificate(trade?.workersComp.fileId ?? null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const call = useFormCall(
    (c) => (trade ? c.name === 'editTrade' && c.id === trade.id : c.name === 'createTrade'),
    onClose,
  )
  const set = (field: keyof Values) => (value: string) =>
    setValues((now) => ({ ...now, [field]: value }))
  // In the order of the build, whatever order they were ticked in.
  const toggle = (step: StepSlug) =>
    setSteps((now) => STEP_SLUGS.filter((s) => (s === step ? !now.includes(s) : now.includes(s))))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = TradeBody.safeParse({
      company: values.company,
      contact: values.contact,
      email: values.email,
      phone: optional(values.phone),
      steps,
      licenceNumber: optional(values.licenceNumber),
      licenceClass: optional(values.licenceClass),
      licenceCheckedOn: optional(values.licenceCheckedOn),
      insuranceExpiresOn: optional(values.insuranceExpiresOn),
      insuranceFileId: insurance.fileId,
      compExempt,
      compExpiresOn: optional(values.compExpiresOn),
      compFileId: comp.fileId,
    })
    setErrors(parsed.success ? {} : issuesByField(parsed.error, MISSING))
    if (!parsed.success) return
    const body = parsed.data
    call.run(trade ? { name: 'editTrade', id: trade.id, body } : { name: 'createTrade', body })
  }
  const error = (field: string) => errors[field] ?? fieldError(call.failure, field)
  const company = values.company.trim() || 'this trade'
  const text = (
    field: keyof Values,
    label: string,
    more: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      id={`${id}-${field}`}
      label={label}
      value={values[field]}
      onChange={set(field)}
      error={error(field)}
      {...more}
    />
  )
  return (
    <ModalDialog title={trade ? 'Edit trade' : 'Add trade'} onClose={onClose} busy={call.busy}>
      <form className="trade-form" onSubmit={submit} noValidate>
        {text('company', 'Company', { autoComplete: 'organization' })}
        {text('contact', 'Contact name', { autoComplete: 'name' })}
        {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
        {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel', hint: 'Optional' })}
        <fieldset
          className="trade-steps"
          aria-describedby={error('steps') ? `${id}-steps-error` : undefined}
        >
          <legend className="field-label">Steps</legend>
          <ul>
            {STEP_SLUGS.map((step) => (
              <li key={step}>
                <label>
                  <input
                    type="checkbox"
                    checked={steps.includes(step)}
                    onChange={() => toggle(step)}
                  />
                  {stepTitle(step)}
                </label>
              </li>
            ))}
          </ul>
          {error('steps') && (
            <p id={`${id}-steps-error`} className="field-error">
              {error('steps')}
            </p>
          )}
        </fieldset>
        {text('licenceNumber', 'Licence number', {
          inputMode: 'numeric',
          hint: 'Up to 8 digits, as the CSLB lists it',
        })}
        {text('licenceClass', 'Licence class', {
          hint: 'e.g. B, C-53 (swimming pool) or C-36 (plumbing)',
        })}
        {text('licenceCheckedOn', 'Licence checked on', {
          type: 'date',
          hint: 'The day you looked it up on the CSLB',
        })}
        {text('insuranceExpiresOn', 'Insurance expires on', { type: 'date' })}
        <CertificateField
          label="Insurance certificate"
          certificate={insurance}
          caption={`Insurance certificate — ${company}`}
        />
        <label className="trade-exempt">
          <input
            type="checkbox"
            checked={compExempt}
            onChange={(event) => setCompExempt(event.target.checked)}
          />
          Workers' comp exempt
        </label>
        {text('compExpiresOn', "Workers' comp expires on", { type: 'date' })}
        <CertificateField
          label="Workers' comp certificate"
          certificate={comp}
          caption={`Workers' comp certificate — ${company}`}
        />
        <CallAlert failure={call.failure} />
        <DialogActions
          busy={call.busy}
          submitLabel="Save trade"
          onCancel={onClose}
          blocked={call.blocked || insurance.uploading || comp.uploading}
        />
      </form>
    </ModalDialog>
  )
}
