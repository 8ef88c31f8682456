import { useId, useState, type FormEvent } from 'react'
import type { StepSlug } from '../../../../contract'
import { WarrantyBody, type Warranty } from '../../../../contract/documents'
import { BusyButton } from '../../../components/busy-button'
import { issuesByField, type FieldErrors } from '../../../components/form-errors'
import { Spinner } from '../../../components/spinner'
import { TextField } from '../../../components/text-field'
import { formatDate } from '../timeline-dates'
import { fieldError } from '../use-client'
import { useFormCall } from '../use-form-call'
import { fileTitle } from './document-words'
import { useHeldFiles, useWarranties } from './use-documents'

/** "24 months", "1 month". */
const months = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`

/**
 * A done step's "Warranty": who covers the work and for how long, from when (the day the step
 * was done unless said), its document, and the day it expires.
 */
export function WarrantyCard({ step }: { step: StepSlug }) {
  const warranties = useWarranties()
  const warranty = warranties.list?.find((w) => w.step === step) ?? null
  return (
    <section className="step-card warranty-card" aria-labelledby="warranty-title">
      <h2 id="warranty-title">Warranty</h2>
      {warranty && <WarrantyFacts warranty={warranty} />}
      {warranties.list ? (
        <WarrantyForm key={warranty?.id ?? 'new'} step={step} warranty={warranty} />
      ) : warranties.failed ? (
        <p className="field-error" role="alert">
          {warranties.failed}{' '}
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={warranties.retry}
          >
            Try again
          </button>
        </p>
      ) : (
        <Spinner label="Loading the warranty" />
      )}
    </section>
  )
}

function WarrantyFacts({ warranty }: { warranty: Warranty }) {
  const files = useHeldFiles()
  const document = files.list?.find((file) => file.id === warranty.fileId)
  return (
    <dl className="warranty-facts">
      <div>
        <dt>Provider</dt>
        <dd>{warranty.provider}</dd>
      </div>
      <div>
        <dt>Term</dt>
        <dd>
          {months(warranty.termMonths)}
          {warranty.startsOn ? ` from ${formatDate(warranty.startsOn)}` : ''}
        </dd>
      </div>
      <div>
        <dt>Expires</dt>
        <dd>{warranty.expiresOn ? formatDate(warranty.expiresOn) : 'Once the step is done'}</dd>
      </div>
      {document && (
        <div>
          <dt>Document</dt>
          <dd>
            <a href={document.urls.original} download={document.name}>
              {fileTitle(document)}
            </a>
          </dd>
        </div>
      )}
    </dl>
  )
}

function WarrantyForm({ step, warranty }: { step: StepSlug; warranty: Warranty | null }) {
  const id = useId()
  const files = useHeldFiles()
  const [values, setValues] = useState(() => ({
    provider: warranty?.provider ?? '',
    termMonths: warranty ? String(warranty.termMonths) : '',
    startsOn: warranty?.startsOn ?? '',
    fileId: warranty?.fileId ?? '',
  }))
  const [errors, setErrors] = useState<FieldErrors>({})
  const call = useFormCall(
    (c) => c.name === 'setWarranty' && c.body.step === step,
    () => undefined,
  )
  const set = (field: keyof typeof values) => (value: string) =>
    setValues((now) => ({ ...now, [field]: value }))
  const documents = (files.list ?? []).filter((file) => file.step === step)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const term = values.termMonths.trim()
    const body = {
      step,
      provider: values.provider.trim(),
      termMonths: /^\d+$/.test(term) ? Number(term) : Number.NaN,
      startsOn: values.startsOn || undefined,
      fileId: values.fileId || null,
    }
    const parsed = WarrantyBody.safeParse(body)
    setErrors(
      parsed.success
        ? {}
        : issuesByField(parsed.error, { provider: 'Enter who gives the warranty' }),
    )
    if (parsed.success) call.run({ name: 'setWarranty', body: parsed.data })
  }
  const error = (field: string) => errors[field] ?? fieldError(call.failure, field)
  return (
    <form className="warranty-form" onSubmit={submit} noValidate>
      <TextField
        id={`${id}-provider`}
        label="Provider"
        value={values.provider}
        onChange={set('provider')}
        error={error('provider')}
        autoComplete="organization"
      />
      <TextField
        id={`${id}-term`}
        label="Term (months)"
        inputMode="numeric"
        value={values.termMonths}
        onChange={set('termMonths')}
        error={error('termMonths')}
      />
      <TextField
        id={`${id}-starts`}
        label="Starts on"
        hint="Optional: the day the step was done unless you say otherwise"
        type="date"
        value={values.startsOn}
        onChange={set('startsOn')}
        error={error('startsOn')}
      />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-file`}>
          Warranty document
        </label>
        <select
          id={`${id}-file`}
          className="field-input"
          value={values.fileId}
          onChange={(event) => set('fileId')(event.target.value)}
        >
          <option value="">None</option>
          {documents.map((file) => (
            <option key={file.id} value={file.id}>
              {fileTitle(file)}
            </option>
          ))}
        </select>
      </div>
      {call.failure && Object.keys(call.failure.fields).length === 0 && (
        <p className="field-error" role="alert">
          {call.failure.message}
        </p>
      )}
      <div>
        <BusyButton type="submit" busy={call.busy} busyLabel="Saving…" disabled={call.blocked}>
          {warranty ? 'Update warranty' : 'Save warranty'}
        </BusyButton>
      </div>
    </form>
  )
}
