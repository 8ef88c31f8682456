import { useId } from 'react'
import type { StepSlug } from '../../../../contract'
import { WarrantyBody, type Warranty } from '../../../../contract/documents'
import { BusyButton } from '../../../components/busy-button'
import { FieldAlert } from '../../../components/form/field-alert'
import { SelectField } from '../../../components/form/select-field'
import { useContractForm } from '../../../components/form/use-contract-form'
import { Spinner } from '../../../components/spinner'
import { TextField } from '../../../components/text-field'
import { STEP_SECTIONS } from '../steps/step-next'
import { formatDate } from '../timeline-dates'
import { useFormCall } from '../use-form-call'
import { fileTitle, termWords } from './document-words'
import { useHeldFiles, useWarranties } from './use-documents'

/**
 * A done step's "Warranty": who covers the work and for how long, from when (the day the step
 * was done unless said), its document, and the day it expires.
 */
export function WarrantyCard({ step }: { step: StepSlug }) {
  const warranties = useWarranties()
  const warranty = warranties.list?.find((w) => w.step === step) ?? null
  return (
    <section
      className="step-card warranty-card"
      id={STEP_SECTIONS.warranty}
      aria-labelledby="warranty-title"
    >
      <h2 id="warranty-title">Warranty</h2>
      {warranty && <WarrantyFacts warranty={warranty} />}
      {warranties.list ? (
        <WarrantyForm key={warranty?.id ?? 'new'} step={step} warranty={warranty} />
      ) : warranties.failed ? (
        <FieldAlert message={warranties.failed}>
          {' '}
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={warranties.retry}
          >
            Try again
          </button>
        </FieldAlert>
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
          {termWords(warranty.termMonths)}
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
  const form = useContractForm(
    WarrantyBody,
    useFormCall((c) => c.name === 'setWarranty' && c.body.step === step),
    {
      initial: {
        provider: warranty?.provider ?? '',
        termMonths: warranty ? String(warranty.termMonths) : '',
        startsOn: warranty?.startsOn ?? '',
        fileId: warranty?.fileId ?? '',
      },
      toBody: (values) => {
        const term = values.termMonths.trim()
        return {
          step,
          provider: values.provider,
          termMonths: /^\d+$/.test(term) ? Number(term) : Number.NaN,
          startsOn: values.startsOn || undefined,
          fileId: values.fileId || null,
        }
      },
      missing: { provider: 'Enter who gives the warranty' },
      toCall: (body) => ({ name: 'setWarranty' as const, body }),
    },
  )
  const documents = (files.list ?? []).filter((file) => file.step === step)
  return (
    <form className="warranty-form" onSubmit={form.submit} noValidate>
      <TextField {...form.field('provider')} label="Provider" autoComplete="organization" />
      <TextField {...form.field('termMonths')} label="Term (months)" inputMode="numeric" />
      <TextField
        {...form.field('startsOn')}
        label="Starts on"
        hint="Optional: the day the step was done unless you say otherwise"
        type="date"
      />
      <SelectField
        id={`${id}-file`}
        label="Warranty document"
        value={form.values.fileId}
        onChange={form.set('fileId')}
      >
        <option value="">None</option>
        {documents.map((file) => (
          <option key={file.id} value={file.id}>
            {fileTitle(file)}
          </option>
        ))}
      </SelectField>
      <FieldAlert message={form.failure?.message} />
      <div>
        <BusyButton type="submit" busy={form.busy} busyLabel="Saving…" disabled={form.blocked}>
          {warranty ? 'Update warranty' : 'Save warranty'}
        </BusyButton>
      </div>
    </form>
  )
}
